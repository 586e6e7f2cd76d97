/**
 * POST /v1/hooks/supabase/{account}: Supabase Auth's "Before User Created" hook.
 *
 * Supabase cannot send an API key with a hook: the account is named in the path and the request
 * is authenticated by its Standard Webhooks signature alone (webhook-id, webhook-timestamp,
 * webhook-signature; HMAC-SHA256 under the secret the account set in PATCH /v1/settings). A
 * missing or wrong signature, a timestamp more than 5 minutes off, or a webhook-id already
 * accepted is 401 and checks nothing; an account without a secret gets those same answers, so
 * they do not tell which accounts set one. A verified request checks `user.email` (with
 * `metadata.ip_address`) as the account, billed like any check, and answers 200 with `{}` (allow)
 * or `{error: {http_code, message}}` (refuse) on `block`, and on `review` when the account's
 * `signup_hook_reject_review` is set. A signed body that is not Supabase's shape is 400 naming
 * the field. Fail-open: Supabase gives the hook 5 s in all and turns any answer but 200/202/204
 * into a failed sign-up (a 429 or 503 with Retry-After is sent again at once, at most 3 times, then
 * fails it too), so without a verdict within `deadlineMs`, when the check is refused for the
 * account's rate limit, or when the service is overloaded, a verified request is answered `{}`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { ServiceError } from '../../domain/errors.ts';
import type { ReplayGuard } from '../../signup-hooks/replay-guard.ts';
import { answerOutcome, supabaseAnswer, type HookDecision } from '../../signup-hooks/supabase-answer.ts';
import { parseSupabaseSignup } from '../../signup-hooks/supabase-payload.ts';
import { libraryForm } from '../../signup-hooks/webhook-secret.ts';
import type { CheckAnswer } from '../../service/ports.ts';
import { errorResponses, SignupHookAnswer, SignupHookHeaders, SignupHookParams } from '../schemas.ts';

export interface SignupHookDeps {
  /** The account's Standard Webhooks key, when it set one. */
  secretFor(account: string): Buffer | undefined;
  rejectReview(account: string): boolean;
  check(account: string, email: string, ip: string | undefined): Promise<CheckAnswer>;
  /** How long a check may take before the hook allows (ms). */
  deadlineMs: number;
  replay: ReplayGuard;
  now(): number;
  onAnswer?(outcome: 'allow' | 'reject' | 'failed_open' | 'unauthorized'): void;
}

/** Supabase gives an HTTP hook 5 s in all (retries included): a verdict later than this is not waited for. */
export const SIGNUP_HOOK_DEADLINE_MS = 2000;

/** A hook body is small: the user record about to be created. */
const HOOK_BODY_LIMIT = 256 * 1024;

export const signupHookRoutes =
  (d: SignupHookDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // The signature is over the exact bytes sent: keep them (this plugin only).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: HOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));

    // The overload guard's 503 would fail the sign-up (see above): the request goes on, is
    // verified and read as any other (malformed input is still refused), and is allowed unchecked.
    const overloaded = new WeakSet<FastifyRequest>();

    app.post(
      '/v1/hooks/supabase/:account',
      {
        config: { onOverload: (request) => void overloaded.add(request) },
        schema: {
          summary: 'Supabase Auth "Before User Created" hook',
          description:
            'Set this URL, with your account name, as the HTTP hook in Supabase (Authentication > Hooks), and the secret Supabase shows there as `signup_hook_secret` with PATCH /v1/settings. No API key: the Standard Webhooks signature authenticates the request (a replayed webhook-id or a timestamp more than 5 minutes off is refused). The body is what Supabase sends: `{metadata: {ip_address, ...}, user: {email, ...}}`. Answers 200 `{}` to allow, or `{error: {http_code: 403, message}}` to refuse a `block` (and a `review` when `signup_hook_reject_review` is set). A signed body of another shape is 400. Allows, with `{}`, when no verdict comes within 2 s (Supabase waits 5 s), when the check would exceed your rate limit, and when the service is overloaded: Supabase fails the sign-up on any other answer. Billed: 1 email per address checked.',
          tags: ['sign-up hooks'],
          security: [],
          params: SignupHookParams,
          headers: SignupHookHeaders,
          // No 503: an overloaded service allows (see above).
          response: { 200: SignupHookAnswer, ...errorResponses(400, 401, 408, 413, 415) },
        },
      },
      async (req, reply) => {
        const { account } = req.params;
        const raw = req.body as unknown;
        if (!Buffer.isBuffer(raw)) throw new ServiceError('MS_ERR_VALIDATION', 'body: must be the JSON Supabase sends');
        // An account without a secret is verified against a key no one holds: the same answers, and
        // the same work, as a wrong signature, so the hook tells no one which accounts set one.
        const key = d.secretFor(account) ?? NO_SECRET;
        let payload: unknown;
        try {
          payload = new Webhook(libraryForm(key)).verify(raw, req.headers as Record<string, string>, { jsonParse: false });
          payload = JSON.parse(raw.toString('utf8'));
        } catch (err) {
          if (err instanceof WebhookVerificationError) return unauthorized(signatureError(err.message));
          throw new ServiceError('MS_ERR_VALIDATION', 'body: must be valid JSON');
        }
        const parsed = parseSupabaseSignup(payload);
        if (!parsed.ok) throw new ServiceError('MS_ERR_VALIDATION', parsed.error);
        const timestamp = Number(req.headers['webhook-timestamp']);
        if (!d.replay.accept(account, String(req.headers['webhook-id']), timestamp, d.now())) return unauthorized('webhook-id: already used (a replayed request)');

        const { email, ip } = parsed.signup;
        const decision: HookDecision =
          email === undefined ? { kind: 'checked', verdict: 'allow' } : overloaded.has(req) ? { kind: 'failed_open' } : await decide(account, email, ip);
        const answer = supabaseAnswer(decision, d.rejectReview(account));
        d.onAnswer?.(answerOutcome(decision, answer));
        return reply.code(200).send(answer);

        function unauthorized(message: string): never {
          d.onAnswer?.('unauthorized');
          throw new ServiceError('MS_ERR_UNAUTHORIZED', message);
        }
      },
    );

    async function decide(account: string, email: string, ip: string | undefined): Promise<HookDecision> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), d.deadlineMs)));
      try {
        const answer = await Promise.race([d.check(account, email, ip), late]);
        if (answer === 'late') return { kind: 'failed_open' };
        if (!answer.ok) return { kind: 'invalid', error: answer.error };
        return { kind: 'checked', verdict: answer.result.verdict, did_you_mean: answer.result.did_you_mean };
      } catch (err) {
        if (err instanceof ServiceError && err.canRetry) return { kind: 'failed_open' };
        throw err;
      } finally {
        clearTimeout(timer);
      }
    }
  };

/** Stands in for the secret of an account that has none (random: it verifies nothing). */
const NO_SECRET = randomBytes(32);

/** The library's words, named by the header they are about. */
function signatureError(message: string): string {
  if (/timestamp/i.test(message)) return `webhook-timestamp: ${message.toLowerCase()} (more than 5 minutes off)`;
  if (/headers/i.test(message)) return 'webhook-signature: webhook-id, webhook-timestamp and webhook-signature are required';
  return `webhook-signature: ${message.toLowerCase()} (is signup_hook_secret set for this account, as Supabase shows it?)`;
}
