/**
 * Mailsift in Auth0 Actions.
 *
 * - Trigger `pre-user-registration` (onExecutePreUserRegistration): checks the address before the
 *   user exists; denies `block` (and `review` with DENY_REVIEW); keeps `check_id` in app_metadata.
 * - Trigger `post-login` (onExecutePostLogin): once Auth0 says the email is verified, reports
 *   `confirmed` for that check_id, once, so Mailsift learns from your real users.
 *
 * Fail-open: Auth0 gives an Action 20 s; the check gets TIMEOUT_MS and, when Mailsift is slow,
 * down or rate-limited, the registration goes ahead (app_metadata.mailsift_failed_open = true,
 * for a later review). Secrets: MAILSIFT_API_KEY, MAILSIFT_URL; dependency: mailsift-client.
 * The Actions editor takes JavaScript: compile this file (`npx tsc`) or drop its type annotations.
 */
import { createMailsift, MailsiftError, type Mailsift } from 'mailsift-client';

export const TIMEOUT_MS = 3000;

/** The parts of Auth0's event and api objects these Actions use. */
export interface PreUserRegistrationEvent {
  user: { email?: string };
  request: { ip?: string };
  secrets: Record<string, string | undefined>;
}
export interface PreUserRegistrationApi {
  access: { deny(reason: string, userMessage: string): unknown };
  user: { setAppMetadata(key: string, value: unknown): unknown };
}
export interface PostLoginEvent {
  user: { email_verified?: boolean; app_metadata?: Record<string, unknown> };
  secrets: Record<string, string | undefined>;
}
export interface PostLoginApi {
  user: { setAppMetadata(key: string, value: unknown): unknown };
}

const client = (secrets: Record<string, string | undefined>): Mailsift => createMailsift({ apiKey: secrets.MAILSIFT_API_KEY ?? '', baseUrl: secrets.MAILSIFT_URL ?? 'http://127.0.0.1:8080', retries: 0 });

export const onExecutePreUserRegistration = async (event: PreUserRegistrationEvent, api: PreUserRegistrationApi, mailsift = client(event.secrets)): Promise<void> => {
  const email = event.user.email;
  if (!email) return; // phone or username sign-ups: nothing to check
  let decision;
  try {
    decision = await mailsift.checkOrAllow(email, { timeoutMs: TIMEOUT_MS, ...(event.request.ip ? { ip: event.request.ip } : {}) });
  } catch (err) {
    if (err instanceof MailsiftError && err.status === 400) {
      api.access.deny('mailsift_invalid_address', 'Please check your email address.');
      return;
    }
    throw err;
  }
  if (decision.failed_open) {
    api.user.setAppMetadata('mailsift_failed_open', decision.reason);
    return;
  }
  api.user.setAppMetadata('mailsift_check_id', decision.check_id);
  api.user.setAppMetadata('mailsift_verdict', decision.verdict);
  if (decision.verdict === 'block' || (decision.verdict === 'review' && event.secrets.DENY_REVIEW === 'true')) {
    const hint = decision.did_you_mean ? ` Did you mean ${decision.did_you_mean}?` : '';
    api.access.deny(`mailsift_${decision.verdict}: ${decision.reasons.join(',')}`, `We cannot accept this email address.${hint}`);
  }
};

export const onExecutePostLogin = async (event: PostLoginEvent, api: PostLoginApi, mailsift = client(event.secrets)): Promise<void> => {
  const meta = event.user.app_metadata ?? {};
  const checkId = meta.mailsift_check_id;
  if (!event.user.email_verified || typeof checkId !== 'string' || meta.mailsift_reported) return;
  try {
    await mailsift.feedback({ check_id: checkId, outcome: 'confirmed' }, { timeoutMs: TIMEOUT_MS });
  } catch (err) {
    // 404: reported already, or older than 14 days: nothing more to do. Anything else: next login.
    if (!(err instanceof MailsiftError && err.status === 404)) return;
  }
  api.user.setAppMetadata('mailsift_reported', true);
};
