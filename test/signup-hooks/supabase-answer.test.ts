import { describe, expect, it } from 'vitest';
import { answerOutcome, supabaseAnswer } from '../../src/signup-hooks/supabase-answer.ts';

describe('the Supabase hook answer', () => {
  it.each([
    [{ kind: 'checked', verdict: 'allow' } as const, false, {}],
    [{ kind: 'checked', verdict: 'review' } as const, false, {}],
    [{ kind: 'checked', verdict: 'review' } as const, true, { error: { http_code: 403, message: 'This email address cannot be used to sign up.' } }],
    [{ kind: 'checked', verdict: 'block', did_you_mean: 'ana@gmail.com' } as const, false, { error: { http_code: 403, message: 'This email address cannot be used to sign up. Did you mean ana@gmail.com?' } }],
    [{ kind: 'failed_open' } as const, true, {}],
    [{ kind: 'invalid', error: 'email: must contain @' } as const, false, { error: { http_code: 403, message: 'This email address cannot receive mail. Please check it.' } }],
  ])('%j (reject review: %s)', (decision, rejectReview, answer) => {
    expect(supabaseAnswer(decision, rejectReview)).toEqual(answer);
  });

  it('names the outcome for metrics', () => {
    expect(answerOutcome({ kind: 'failed_open' }, {})).toBe('failed_open');
    expect(answerOutcome({ kind: 'checked', verdict: 'block' }, supabaseAnswer({ kind: 'checked', verdict: 'block' }, false))).toBe('reject');
    expect(answerOutcome({ kind: 'checked', verdict: 'allow' }, {})).toBe('allow');
  });
});
