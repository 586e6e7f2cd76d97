/**
 * Mailsift in Amazon Cognito's Lambda triggers (the logic; platform.ts wires it to Lambda with a
 * DynamoDB table for the check ids).
 *
 * - Pre sign-up: checks the address; `block` (and `review` when asked) is refused by throwing,
 *   which Cognito returns to the client as "PreSignUp failed with error ...". The check_id is
 *   kept under the user name (a pre sign-up trigger cannot write user attributes).
 * - Post confirmation: the user confirmed their email code: reports `confirmed` for that check_id.
 *
 * Fail-open: Cognito gives a trigger 5 s; the check gets TIMEOUT_MS and, when Mailsift is slow or
 * down, the sign-up goes ahead (nothing is stored, nothing reported).
 */
import { MailsiftError, type Mailsift } from 'mailsift-client';

export const TIMEOUT_MS = 2500;

/** Where a check_id waits between sign-up and confirmation (DynamoDB in platform.ts). */
export interface CheckIdStore {
  put(userName: string, checkId: string): Promise<void>;
  /** Returns and forgets it. */
  take(userName: string): Promise<string | undefined>;
}

export interface PreSignUpEvent {
  triggerSource: string;
  userName: string;
  request: { userAttributes: Record<string, string>; validationData?: Record<string, string> | null };
  response: Record<string, unknown>;
}

export interface PostConfirmationEvent {
  triggerSource: string;
  userName: string;
  request: { userAttributes: Record<string, string> };
  response: Record<string, unknown>;
}

export const preSignUp =
  (mailsift: Mailsift, store: CheckIdStore, o: { denyReview?: boolean } = {}) =>
  async (event: PreSignUpEvent): Promise<PreSignUpEvent> => {
    const email = event.request.userAttributes.email;
    // Admin-created users and external providers are not form sign-ups.
    if (!email || event.triggerSource !== 'PreSignUp_SignUp') return event;
    const ip = event.request.validationData?.ip; // if your client sends it as validation data
    let decision;
    try {
      decision = await mailsift.checkOrAllow(email, { timeoutMs: TIMEOUT_MS, ...(ip ? { ip } : {}) });
    } catch (err) {
      if (err instanceof MailsiftError && err.status === 400) throw new Error('Please check your email address.');
      throw err;
    }
    if (decision.failed_open) return event;
    if (decision.verdict === 'block' || (decision.verdict === 'review' && o.denyReview)) {
      throw new Error(`We cannot accept this email address.${decision.did_you_mean ? ` Did you mean ${decision.did_you_mean}?` : ''}`);
    }
    await store.put(event.userName, decision.check_id);
    return event;
  };

export const postConfirmation =
  (mailsift: Mailsift, store: CheckIdStore) =>
  async (event: PostConfirmationEvent): Promise<PostConfirmationEvent> => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const checkId = await store.take(event.userName);
    if (!checkId) return event;
    try {
      await mailsift.feedback({ check_id: checkId, outcome: 'confirmed' }, { timeoutMs: TIMEOUT_MS });
    } catch (err) {
      // The confirmation must not fail because of Mailsift: keep the id for a later retry.
      if (!(err instanceof MailsiftError && err.status === 404)) await store.put(event.userName, checkId);
    }
    return event;
  };
