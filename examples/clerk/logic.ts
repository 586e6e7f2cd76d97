/**
 * Mailsift for Clerk, through its webhooks (the logic; platform.ts is the HTTP route and Clerk's
 * Backend API). Clerk has no hook before a user exists, so:
 *
 * - `user.created`: check the primary address; a `block` (and `review` when asked) bans the new
 *   user; the check_id goes into the user's private metadata. A user whose address is already
 *   verified (Clerk verifies before creating the user when verification is required) is reported
 *   `confirmed` at once.
 * - `user.updated`: once the primary address is verified, report `confirmed` for the stored
 *   check_id, once.
 *
 * Webhooks are signed by Svix (Standard Webhooks): verified here with the `standardwebhooks`
 * package and the endpoint's signing secret (`whsec_...`); a bad or stale signature is 401.
 * Fail-open: Svix waits 15 s for an answer; the check gets TIMEOUT_MS and, when Mailsift is slow or
 * down, the user stays (private metadata `mailsift_failed_open`, for a later review).
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { MailsiftError, type Mailsift } from 'mailsift-client';

export const TIMEOUT_MS = 5000;

export interface ClerkBackend {
  updatePrivateMetadata(userId: string, metadata: Record<string, unknown>): Promise<void>;
  banUser(userId: string): Promise<void>;
}

interface ClerkEmail {
  id: string;
  email_address: string;
  verification?: { status?: string } | null;
}
interface ClerkUser {
  id: string;
  primary_email_address_id?: string | null;
  email_addresses?: ClerkEmail[];
  private_metadata?: Record<string, unknown>;
}

export interface WebhookAnswer {
  status: number;
  body: { ok: true; action?: string } | { error: string };
}

export async function handleClerkWebhook(rawBody: string, headers: Record<string, string | undefined>, d: { secret: string; mailsift: Mailsift; clerk: ClerkBackend; denyReview?: boolean }): Promise<WebhookAnswer> {
  let event: { type?: string; data?: ClerkUser };
  try {
    // Svix sends svix-id/svix-timestamp/svix-signature: the Standard Webhooks headers by other names.
    event = new Webhook(d.secret).verify(rawBody, {
      'webhook-id': headers['svix-id'] ?? headers['webhook-id'] ?? '',
      'webhook-timestamp': headers['svix-timestamp'] ?? headers['webhook-timestamp'] ?? '',
      'webhook-signature': headers['svix-signature'] ?? headers['webhook-signature'] ?? '',
    }) as typeof event;
  } catch (err) {
    if (err instanceof WebhookVerificationError) return { status: 401, body: { error: `signature: ${err.message}` } };
    throw err;
  }
  const user = event.data;
  if (!user?.id) return { status: 200, body: { ok: true } };
  const meta = user.private_metadata ?? {};
  const primary = user.email_addresses?.find((e) => e.id === user.primary_email_address_id);
  const verified = primary?.verification?.status === 'verified';

  if (event.type === 'user.created' && primary && meta.mailsift_check_id === undefined && meta.mailsift_failed_open === undefined) {
    let decision;
    try {
      decision = await d.mailsift.checkOrAllow(primary.email_address, { timeoutMs: TIMEOUT_MS });
    } catch (err) {
      if (!(err instanceof MailsiftError && err.status === 400)) throw err;
      await d.clerk.banUser(user.id);
      return { status: 200, body: { ok: true, action: 'banned: invalid address' } };
    }
    if (decision.failed_open) {
      await d.clerk.updatePrivateMetadata(user.id, { mailsift_failed_open: decision.reason });
      return { status: 200, body: { ok: true, action: 'failed open' } };
    }
    const next: Record<string, unknown> = { mailsift_check_id: decision.check_id, mailsift_verdict: decision.verdict };
    if (decision.verdict === 'block' || (decision.verdict === 'review' && d.denyReview)) {
      await d.clerk.updatePrivateMetadata(user.id, next);
      await d.clerk.banUser(user.id);
      return { status: 200, body: { ok: true, action: `banned: ${decision.verdict}` } };
    }
    if (verified && (await report(d.mailsift, decision.check_id))) next.mailsift_reported = true;
    await d.clerk.updatePrivateMetadata(user.id, next);
    return { status: 200, body: { ok: true, action: next.mailsift_reported ? 'checked, confirmed' : 'checked' } };
  }

  if (event.type === 'user.updated' && verified && typeof meta.mailsift_check_id === 'string' && !meta.mailsift_reported) {
    if (await report(d.mailsift, meta.mailsift_check_id)) {
      await d.clerk.updatePrivateMetadata(user.id, { mailsift_reported: true });
      return { status: 200, body: { ok: true, action: 'confirmed' } };
    }
  }
  return { status: 200, body: { ok: true } };
}

/** True when reported now or before (404: already labelled, or older than 14 days). */
async function report(mailsift: Mailsift, checkId: string): Promise<boolean> {
  try {
    await mailsift.feedback({ check_id: checkId, outcome: 'confirmed' }, { timeoutMs: TIMEOUT_MS });
    return true;
  } catch (err) {
    return err instanceof MailsiftError && err.status === 404;
  }
}
