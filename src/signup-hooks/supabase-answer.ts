/**
 * What the Supabase "Before User Created" hook answers (pure). Supabase reads the body of a 200:
 * `{}` lets the sign-up proceed; `{error: {http_code, message}}` refuses it and passes the
 * message to the client. (A 4xx status is not read: Supabase reports it as a hook failure.)
 */

export type HookDecision =
  | { readonly kind: 'checked'; readonly verdict: 'allow' | 'review' | 'block'; readonly did_you_mean?: string | undefined }
  /** No verdict in time, or none at all (the service overloaded): the sign-up goes ahead. */
  | { readonly kind: 'failed_open' }
  /** The address is not one mail can reach (the check's 400). */
  | { readonly kind: 'invalid'; readonly error: string };

export type SupabaseAnswer = Record<string, never> | { error: { http_code: number; message: string } };

export const REJECT_STATUS = 403;

export function supabaseAnswer(d: HookDecision, rejectReview: boolean): SupabaseAnswer {
  if (d.kind === 'failed_open') return {};
  if (d.kind === 'invalid') return { error: { http_code: REJECT_STATUS, message: 'This email address cannot receive mail. Please check it.' } };
  if (d.verdict === 'allow' || (d.verdict === 'review' && !rejectReview)) return {};
  const hint = d.did_you_mean ? ` Did you mean ${d.did_you_mean}?` : '';
  return { error: { http_code: REJECT_STATUS, message: `This email address cannot be used to sign up.${hint}` } };
}

/** The outcome label of an answer (metrics): allow, reject or failed_open. */
export function answerOutcome(d: HookDecision, a: SupabaseAnswer): 'allow' | 'reject' | 'failed_open' {
  if (d.kind === 'failed_open') return 'failed_open';
  return 'error' in a ? 'reject' : 'allow';
}
