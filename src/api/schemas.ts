/**
 * Request and response schemas (TypeBox): one source for validation, response serialisation
 * (fast-json-stringify drops anything not declared, so no field can leak), the TypeScript types
 * and the OpenAPI document at /v1/openapi.json.
 */
import { Type, type Static } from './typebox.ts';
import { ACCOUNT_NAME } from '../domain/account.ts';
import { ACCOUNT_TYPES, DATACENTERS, DOMAIN_PATTERNS, IP_IGNORED_REASONS, MAIL_PROVIDERS, OUTCOMES, VERDICTS } from '../domain/check.ts';
import { EVIDENCE_SIGNALS, REASON_CODES } from '../model/reasons.ts';
import { MAX_RULE_NOTE, RULE_ACTIONS, RULE_TYPES } from '../controls/rules.ts';
import { MIN_ADDRESS_BURST } from '../controls/settings.ts';

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
    // null is "not given": clients that serialise an unset field (Python's None) send it.
    ip: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'Public IPv4 or IPv6 address of the end user. Never stored. Any other string is not an error: the result carries ip.ignored. null: not given',
      }),
    ),
    explain: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: 'Adds `evidence` (default false; null: not given)' })),
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
    signups_from_ip: Type.Optional(Type.Integer({ minimum: 1, description: 'Distinct inboxes from this IP at your account in the last hour (an IPv6 address counts as its /64: one host or LAN holds it whole)' })),
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
    recent_signups: Type.Optional(Type.Integer({ minimum: 20, description: "Unique inboxes at the domain in about the last 10 minutes across all customers, each customer's counted as its own (shown from 20)" })),
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
    verdict: literals(VERDICTS, 'From human_score: allow >= 60, review 30-59, block < 30 by default (MAILSIFT_VERDICT_*, or your account\'s settings); or your matching rule\'s action'),
    reasons: Type.Array(closedList(REASON_CODES, 'Reason code (closed list, README)'), { description: 'Reason codes, most influential first' }),
    check_id: Type.String({ pattern: '^chk_[A-Za-z0-9_-]+$', minLength: 100, maxLength: 140 }),
    feedback_wanted: Type.Optional(Type.Literal(true)),
    model: Type.String({ pattern: '^(baseline|learned-v[0-9]+)$' }),
    rule: Type.Optional(
      Type.Object(
        { id: Type.String(), action: literals(VERDICTS, 'The verdict the rule sets') },
        { additionalProperties: false, description: 'Present when one of your rules matched: it set the verdict (human_score stays the model\'s); reasons starts with rule_<action>' },
      ),
    ),
    test: Type.Optional(Type.Literal(true, { description: 'Made with a test key: not billed, not counted in any window, not learned from' })),
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
    // null is "not given", as in a check's ip and explain: clients that serialise an unset field send it.
    check_id: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'chk_ + base64url, 100-140 characters. null: not given' })),
    email: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()], { description: 'Used instead of check_id. null: not given' })),
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
        "The learned model described here beats the baseline on the recent outcomes it is judged on for you (the same outcomes for both, at least 50, the last 500 at most): your own (a personal model; the shared one once it has scored 50 of yours), else a tenant-balanced window of every account's",
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

export const RuleBody = Type.Object(
  {
    action: literals(RULE_ACTIONS, 'What a matching check answers as its verdict'),
    type: literals(RULE_TYPES, 'What the rule matches: email (every spelling of the inbox), domain (and its subdomains), mail_provider, tld. The most specific matching rule wins, in this order'),
    value: Type.String({ minLength: 1, maxLength: 1024, description: 'An address (email), a domain (example.com), a mail_provider value (google, ...), a TLD without the dot (xyz)' }),
    note: Type.Optional(
      Type.Union([Type.String({ maxLength: MAX_RULE_NOTE }), Type.Null()], { description: 'Your own note (shown in listings; an email rule shows only this, never the address). null: no note, as a listing shows it' }),
    ),
  },
  { additionalProperties: false },
);
export type RuleBody = Static<typeof RuleBody>;

export const RuleResponse = Type.Object(
  {
    id: Type.String({ description: 'rule_ + base64url' }),
    action: literals(RULE_ACTIONS, 'Verdict of a matching check'),
    type: literals(RULE_TYPES, 'What the rule matches'),
    value: Type.Union([Type.String(), Type.Null()], { description: 'The domain, mail provider or TLD as matched (lowercase, ASCII); null for an email rule: the address is not kept, only a keyed hash of its inbox' }),
    note: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const RuleList = Type.Object({ rules: Type.Array(RuleResponse, { description: 'Oldest first' }) }, { additionalProperties: false });

/** Any id that is not one of the account's rules is "unknown" (CONTRACT: 404), malformed or not. */
export const RuleParams = Type.Object({ id: Type.String({ description: 'A rule id (rule_ and 16 base64url characters)' }) }, { additionalProperties: false });

const threshold = (what: string) =>
  Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()], { description: `${what}; null resets it to the service's default` }));

/** An account's own rate limit: lower than the service's (MAILSIFT_RATE_LIMIT_*), never higher (controls/settings.ts). */
const rateLimit = (what: string, minimum: number) =>
  Type.Optional(
    Type.Union([Type.Integer({ minimum, maximum: 10_000_000 }), Type.Null()], {
      description: `${what}; at most the service's limit for every account (a higher value is 400 naming it); null resets it to the service's limit`,
    }),
  );

export const SettingsPatchBody = Type.Object(
  {
    verdict_allow: threshold('`allow` when human_score >= this (0-100, at least verdict_review)'),
    verdict_review: threshold('`review` when human_score >= this and below verdict_allow (0-100); `block` below'),
    signup_hook_secret: Type.Optional(
      Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
        description: 'The Standard Webhooks secret of your sign-up hook (`v1,whsec_<base64>`, as Supabase shows it); null removes it. Stored sealed; never shown again',
      }),
    ),
    signup_hook_reject_review: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: 'The sign-up hook refuses `review` as well as `block` (default false; null resets)' })),
    rate_limit_requests_per_second: rateLimit('Requests per second your account may send', 1),
    rate_limit_request_burst: rateLimit('Requests your account may send at once', 1),
    rate_limit_addresses_per_second: rateLimit('Addresses your account may check per second (a check costs 1, a bulk request 1 per address it sends)', 1),
    rate_limit_address_burst: rateLimit('Addresses your account may check at once (at least 1000, a bulk request\'s most)', MIN_ADDRESS_BURST),
  },
  { additionalProperties: false },
);
export type SettingsPatchBody = Static<typeof SettingsPatchBody>;

export const SettingsResponse = Type.Object(
  {
    verdict_allow: Type.Integer({ minimum: 0, maximum: 100, description: 'Your account\'s allow threshold (the service\'s default unless you set one)' }),
    verdict_review: Type.Integer({ minimum: 0, maximum: 100, description: 'Your account\'s review threshold (the service\'s default unless you set one)' }),
    signup_hook_secret_set: Type.Boolean({ description: 'Whether a sign-up hook secret is set (it is never shown)' }),
    signup_hook_reject_review: Type.Boolean({ description: 'The sign-up hook refuses `review` as well as `block`' }),
    rate_limit_requests_per_second: Type.Integer({ minimum: 1, description: 'Requests per second your account may send (the service\'s limit unless you set a lower one)' }),
    rate_limit_request_burst: Type.Integer({ minimum: 1, description: 'Requests your account may send at once (the service\'s limit unless you set a lower one)' }),
    rate_limit_addresses_per_second: Type.Integer({ minimum: 1, description: 'Addresses your account may check per second (the service\'s limit unless you set a lower one)' }),
    rate_limit_address_burst: Type.Integer({ minimum: MIN_ADDRESS_BURST, description: 'Addresses your account may check at once (the service\'s limit unless you set a lower one)' }),
  },
  { additionalProperties: false },
);

export const StatsQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'First UTC day (default: 29 days before `to`)' })),
    to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Last UTC day (default: today); at most 92 days from `from`, both included' })),
  },
  { additionalProperties: false },
);
export type StatsQuery = Static<typeof StatsQuery>;

const count = (description: string) => Type.Integer({ minimum: 0, description });
const dayScore = (description: string) => Type.Optional({ ...ModelScore, description });

export const StatsDay = Type.Object(
  {
    date: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
    checks: Type.Object(
      { allow: count('Checks answered allow'), review: count('Checks answered review'), block: count('Checks answered block') },
      { additionalProperties: false, description: "Your account's checks that day by verdict (single and bulk; the sum is the day's billed emails)" },
    ),
    outcomes: Type.Object(
      { real: count('Outcomes reported confirmed or real'), fake: count('Outcomes reported fake, abuse or bounced') },
      { additionalProperties: false, description: 'Outcomes your account reported that day (the first outcome of each check; by the day of the report)' },
    ),
    reasons: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), { description: 'Reason code (closed list, README) -> checks that day whose answer carried it; most frequent first' }),
    models: Type.Object(
      {
        baseline: dayScore("The baseline's prequential scores on that day's outcomes; absent on a day without outcomes"),
        learned: dayScore("The shared learned model's, on that day's outcomes it had scored (those of checks made, or reported, once a shared model existed)"),
        personal: dayScore("Your personal learned model's, likewise (absent until you have one)"),
      },
      { additionalProperties: false, description: 'Each model scored on the outcomes reported that day, before any model learned from them. recent_log_loss: over the last 50 of them (all when fewer)' },
    ),
    models_published: Type.Array(
      Type.Object({ model: literals(['learned', 'personal'] as const, 'learned: the shared model; personal: yours'), version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      { description: 'Learned model versions published that day (the shared model, and your personal model)' },
    ),
  },
  { additionalProperties: false },
);

export const StatsBody = Type.Object(
  {
    account: Type.String(),
    from: Type.String(),
    to: Type.String(),
    days: Type.Array(StatsDay, { description: 'Every day of the range in order, empty ones with zeros' }),
    waves: Type.Array(
      Type.Object(
        {
          domain: Type.String(),
          recent_signups: Type.Integer({ minimum: 0, description: "Unique inboxes at the domain in about the last 10 minutes across all customers (each customer's counted as its own), now" }),
        },
        { additionalProperties: false },
      ),
      { description: 'Domains where your checks of the last hour met a sign-up wave (their answer carried signup_wave), largest first, at most 10' },
    ),
  },
  { additionalProperties: false },
);
export type StatsBody = Static<typeof StatsBody>;
export const SignupHookParams = Type.Object(
  { account: Type.String({ pattern: ACCOUNT_NAME.source, description: 'Your account name (the one your API keys belong to)' }) },
  { additionalProperties: false },
);

export const SignupHookHeaders = Type.Object({
  'webhook-id': Type.Optional(Type.String({ description: 'Standard Webhooks message id (a new one per attempt)' })),
  'webhook-timestamp': Type.Optional(Type.String({ description: 'Unix seconds; refused when more than 5 minutes off' })),
  'webhook-signature': Type.Optional(Type.String({ description: '`v1,<base64 HMAC-SHA256>` under your signup_hook_secret (several, space-separated, during a rotation)' })),
});

export const SignupHookAnswer = Type.Union(
  [
    Type.Object({}, { additionalProperties: false, description: 'Allow: the user is created' }),
    Type.Object(
      { error: Type.Object({ http_code: Type.Integer(), message: Type.String() }, { additionalProperties: false }) },
      { additionalProperties: false, description: 'Refuse: Supabase does not create the user and passes the message to the client' },
    ),
  ],
  { description: "Supabase's hook answer" },
);

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
  403: 'The API key lacks the scope this operation needs (the message names it)',
  404: 'Not found',
  408: 'The request did not arrive whole within 30 s',
  413: 'Body over 1 MiB',
  415: 'Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed)',
  429: 'Rate limit exceeded; see Retry-After',
  431: 'Request headers over 16 KiB (the URL counts: an over-long email in the query)',
  503: 'Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds',
};
