/**
 * Mailsift in Firebase Authentication's blocking functions (the logic; platform.ts wires it to
 * `beforeUserCreated` and `beforeUserSignedIn`).
 *
 * - beforeCreate: checks the address before the account exists; `block` (and `review` when asked)
 *   is refused; the check_id goes into the user's custom claims.
 * - beforeSignIn: once the email is verified, reports `confirmed` for that check_id, once.
 *
 * Fail-open: Firebase fails the sign-up if a blocking function takes more than 7 s; the check gets
 * TIMEOUT_MS and, when Mailsift is slow or down, the account is created with
 * `mailsift_failed_open` in its claims (review it later).
 */
import { MailsiftError, type Mailsift } from 'mailsift-client';

export const TIMEOUT_MS = 3000;

export type CreateDecision = { deny: string } | { customClaims: Record<string, string | boolean> };

export async function beforeCreate(mailsift: Mailsift, user: { email?: string | undefined; customClaims?: Record<string, unknown> | undefined }, ip: string | undefined, o: { denyReview?: boolean } = {}): Promise<CreateDecision> {
  const claims = { ...(user.customClaims as Record<string, string | boolean> | undefined) };
  if (!user.email) return { customClaims: claims };
  let decision;
  try {
    decision = await mailsift.checkOrAllow(user.email, { timeoutMs: TIMEOUT_MS, ...(ip ? { ip } : {}) });
  } catch (err) {
    if (err instanceof MailsiftError && err.status === 400) return { deny: 'Please check your email address.' };
    throw err;
  }
  if (decision.failed_open) return { customClaims: { ...claims, mailsift_failed_open: decision.reason } };
  if (decision.verdict === 'block' || (decision.verdict === 'review' && o.denyReview)) {
    return { deny: `We cannot accept this email address.${decision.did_you_mean ? ` Did you mean ${decision.did_you_mean}?` : ''}` };
  }
  return { customClaims: { ...claims, mailsift_check_id: decision.check_id, mailsift_verdict: decision.verdict } };
}

/** Claims to set when this sign-in reported the outcome; undefined when there was nothing to do. */
export async function beforeSignIn(mailsift: Mailsift, user: { emailVerified: boolean; customClaims?: Record<string, unknown> | undefined }): Promise<{ customClaims: Record<string, unknown> } | undefined> {
  const claims = user.customClaims ?? {};
  const checkId = claims.mailsift_check_id;
  if (!user.emailVerified || typeof checkId !== 'string' || claims.mailsift_reported) return undefined;
  try {
    await mailsift.feedback({ check_id: checkId, outcome: 'confirmed' }, { timeoutMs: TIMEOUT_MS });
  } catch (err) {
    // 404: already reported or older than 14 days. Anything else: try again at the next sign-in.
    if (!(err instanceof MailsiftError && err.status === 404)) return undefined;
  }
  return { customClaims: { ...claims, mailsift_reported: true } };
}
