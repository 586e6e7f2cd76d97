/**
 * Request and response schemas (TypeBox): one source for validation, response serialisation
 * (fast-json-stringify drops anything not declared, so no field can leak), the TypeScript types
 * and the OpenAPI document at /v1/openapi.json.
 */
import { Type, type Static } from 'typebox';
import { ACCOUNT_TYPES, DATACENTERS, DOMAIN_PATTERNS, IP_IGNORED_REASONS, MAIL_PROVIDERS, OUTCOMES, VERDICTS } from '../domain/check.ts';
import { EVIDENCE_SIGNALS, REASON_CODES } from '../model/reasons.ts';

/** A closed string set as JSON Schema `enum` (clear validation messages, plain OpenAPI). */
const literals = <T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });

/** The same `enum` in the document, typed as plain string where the code builds from a wider type. */
const closedList = (values: readonly string[], description: string) => Type.Unsafe<string>({ type: 'string', enum: [...values], description });

/** Hard cap before trimming; the 254-character rule is checked after trimming. */
const EMAIL_INPUT = { minLength: 1, maxLength: 1024, description: 'Email address; at most 254 characters after trimming' };

export const CheckBody = Type.Object(
  {
    email: Type.String(EMAIL_INPUT),
    ip: Type.Optional(Type.String({ description: 'Public IPv4 or IPv6 address of the end user. Never stored. Any other string is not an error: the result carries ip.ignored' })),
    explain: Type.Optional(Type.Boolean({ description: 'Adds `evidence` (default false)' })),
  },
  { additionalProperties: false },
);
export type CheckBody = Static<typeof CheckBody>;

export const CheckQuery = Type.Object(
  {
    email: Type.String(EMAIL_INPUT),
    ip: Type.Optional(Type.String({ description: 'As in the POST body' })),
    explain: Type.Optional(literals(['true', 'false', '1', '0'] as const, 'Adds `evidence`: true|false|1|0 (default false)')),
  },
  { additionalProperties: false },
);
export type CheckQuery = Static<typeof CheckQuery>;

export const IpObject = Type.Object(
  {
    datacenter: Type.Optional(literals(DATACENTERS, 'Cloud provider owning the IP')),
    tor: Type.Optional(Type.Boolean({ description: 'IP is a Tor exit (present when the Tor feed is loaded)' })),
    signups_from_ip: Type.Optional(Type.Integer({ minimum: 1, description: 'Distinct inboxes from this IP at your account in the last hour' })),
    ignored: Type.Optional(literals(IP_IGNORED_REASONS, 'Why the IP was not used; no other field is then present')),
  },
  { additionalProperties: false },
);

export const EvidenceItem = Type.Object(
  {
    signal: closedList(EVIDENCE_SIGNALS, 'Signal name (closed list, README)'),
    value: Type.Number(),
    impact: Type.Number({ description: 'Effect on the logit; positive = more likely a real human' }),
  },
  { additionalProperties: false },
);

export const CheckResult = Type.Object(
  {
    email: Type.String({ description: 'The input address, trimmed and lowercased' }),
    canonical: Type.String({ description: 'The inbox the address really reaches' }),
    did_you_mean: Type.Optional(Type.String({ description: 'Suggested address when the domain looks like a typo' })),
    account_type: literals(ACCOUNT_TYPES, 'Kind of mailbox'),
    role_account: Type.Optional(Type.Boolean()),
    disposable: Type.Optional(Type.Boolean()),
    relay: Type.Optional(Type.Boolean()),
    deliverable_domain: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: 'Null when DNS could not answer' })),
    mail_provider: Type.Optional(literals(MAIL_PROVIDERS, 'Mail provider from the MX hosts')),
    domain_age_days: Type.Optional(Type.Integer({ minimum: 0 })),
    domain_pattern: Type.Optional(literals(DOMAIN_PATTERNS, 'Company domains only')),
    alias_variants: Type.Optional(Type.Integer({ minimum: 2 })),
    recent_signups: Type.Optional(Type.Integer({ minimum: 20 })),
    domain_fake_rate: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: "Share of fake outcomes other customers reported at this domain: each customer's own share, none weighing more than its capped share (MAILSIFT_MAX_ACCOUNT_SHARE). Shown once 2 have reported; never at the big free-mail domains",
      }),
    ),
    ip: Type.Optional(IpObject),
    evidence: Type.Optional(Type.Array(EvidenceItem)),
    human_score: Type.Integer({ minimum: 0, maximum: 100 }),
    verdict: literals(VERDICTS, 'allow >= 60, review 30-59, block < 30 (configurable)'),
    reasons: Type.Array(closedList(REASON_CODES, 'Reason code (closed list, README)'), { description: 'Reason codes, most influential first' }),
    check_id: Type.String({ pattern: '^chk_[A-Za-z0-9_-]+$', minLength: 100, maxLength: 140 }),
    feedback_wanted: Type.Optional(Type.Literal(true)),
    model: Type.String({ pattern: '^(baseline|learned-v[0-9]+)$' }),
  },
  { additionalProperties: false },
);
export type CheckResult = Static<typeof CheckResult>;

export const BulkBody = Type.Object(
  // Items have no length limit of their own: an over-long address is an invalid address, which
  // gets an error entry in its place (README: POST /v1/check/bulk); the 1 MiB body limit bounds them.
  { emails: Type.Array(Type.String(), { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
export type BulkBody = Static<typeof BulkBody>;

export const BulkError = Type.Object({ input: Type.String(), error: Type.String() }, { additionalProperties: false });
export type BulkError = Static<typeof BulkError>;

/** A bulk entry is a CheckResult without what bulk does not take: no `ip`, no `explain`. */
export const BulkCheckResult = Type.Omit(CheckResult, ['ip', 'evidence'], { additionalProperties: false });

export const BulkResponse = Type.Object(
  { results: Type.Array(Type.Union([BulkCheckResult, BulkError]), { description: 'One entry per input, in input order: a result, or {input, error} for an invalid address' }) },
  { additionalProperties: false },
);

export const FeedbackBody = Type.Object(
  {
    check_id: Type.Optional(Type.String({ description: 'chk_ + base64url, 100-140 characters' })),
    email: Type.Optional(Type.String({ maxLength: 1024 })),
    outcome: literals(OUTCOMES, 'confirmed/real = a real person; fake/abuse/bounced = not'),
  },
  { additionalProperties: false },
);
export type FeedbackBody = Static<typeof FeedbackBody>;

export const FeedbackAccepted = Type.Object(
  { status: Type.Literal('accepted'), check_id: Type.String() },
  { additionalProperties: false },
);

export const ModelScore = Type.Object(
  { accuracy: Type.Number(), log_loss: Type.Number(), recent_log_loss: Type.Number() },
  { additionalProperties: false },
);

export const ModelStatsBody = Type.Object(
  {
    mode: literals(['off', 'on', 'auto'] as const, 'MAILSIFT_MODEL_MODE'),
    serving: literals(['baseline', 'learned'] as const, 'What your account is served: the baseline, or a learned model (the shared one or your personal one)'),
    healthy: Type.Boolean({
      description:
        "The learned model described here beats the baseline on the last 50 outcomes it is judged on for you: your own (a personal model; the shared one once it has scored 50 of yours), else a tenant-balanced window of every account's",
    }),
    learned_version: Type.Integer({ minimum: 0, description: 'Version of the learned model you are served, else of the newer one you have (shared or personal); 0: none yet' }),
    feedback_examples: Type.Integer({ minimum: 0, description: 'Outcomes reported by every account' }),
    customers: Type.Integer({ minimum: 0, description: 'Accounts that have reported outcomes' }),
    baseline: {
      ...ModelScore,
      description:
        "The baseline's prequential scores, on the outcomes the learned model described is judged on for you: your own, or every account's with each account's weight capped (MAILSIFT_MAX_ACCOUNT_SHARE). All 0 before any outcome",
    },
    learned: {
      ...ModelScore,
      description:
        "The learned model's prequential scores, on the same outcomes as the baseline's. Before the first learned model (learned_version 0): the model it starts from, the baseline. All 0 while no outcome has scored it",
    },
    recommendation: Type.String({ description: "Advice on what you are served and what to do next; of other accounts' outcomes it gives only their count" }),
  },
  { additionalProperties: false },
);
export type ModelStatsBody = Static<typeof ModelStatsBody>;

export const UsageQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'First UTC day (default: 29 days before `to`)' })),
    to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Last UTC day (default: today)' })),
  },
  { additionalProperties: false },
);
export type UsageQuery = Static<typeof UsageQuery>;

export const UsageBody = Type.Object(
  {
    account: Type.String(),
    from: Type.String(),
    to: Type.String(),
    total: Type.Integer({ minimum: 0 }),
    days: Type.Array(Type.Object({ date: Type.String(), emails: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type UsageBody = Static<typeof UsageBody>;

const RETRY_AFTER = { 'retry-after': { type: 'integer', minimum: 1, description: 'Seconds to wait before retrying' } };

export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((c) => [
      c,
      {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'string' } },
        additionalProperties: false,
        description: ERROR_TEXT[c] ?? 'Error',
        ...(c === 429 || c === 503 ? { headers: RETRY_AFTER } : {}),
      },
    ]),
  );

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing or unknown API key',
  404: 'Not found',
  408: 'The request did not arrive whole within 30 s',
  413: 'Body over 1 MiB',
  415: 'Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed)',
  429: 'Rate limit exceeded; see Retry-After',
  431: 'Request headers over 16 KiB (the URL counts: an over-long email in the query)',
  503: 'Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds',
};
