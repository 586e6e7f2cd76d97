/**
 * Fixed answers for test keys (CONTRACT.md): at `mailsift.test`, `allow@`, `review@`, `block@`
 * and `disposable@` always answer that verdict, and `unavailable@` always answers 503, so a
 * customer's integration tests can reach every branch of their code without real addresses.
 * A `+tag` is allowed (`allow+42@mailsift.test`), for tests that need distinct addresses. Live
 * keys get no such answers (`.test` is a special-use domain: their checks refuse it). Pure.
 */
import type { Verdict } from '../domain/check.ts';

export const TEST_DOMAIN = 'mailsift.test';

export type FixedAnswer =
  | { readonly kind: 'verdict'; readonly email: string; readonly verdict: Verdict; readonly humanScore: number; readonly disposable: boolean }
  | { readonly kind: 'unavailable' };

/** The scores are fixed too, each inside the default band of its verdict. */
const FIXED: ReadonlyMap<string, Omit<Extract<FixedAnswer, { kind: 'verdict' }>, 'email'> | { kind: 'unavailable' }> = new Map([
  ['allow', { kind: 'verdict', verdict: 'allow', humanScore: 95, disposable: false }],
  ['review', { kind: 'verdict', verdict: 'review', humanScore: 45, disposable: false }],
  ['block', { kind: 'verdict', verdict: 'block', humanScore: 5, disposable: false }],
  ['disposable', { kind: 'verdict', verdict: 'block', humanScore: 2, disposable: true }],
  ['unavailable', { kind: 'unavailable' }],
] as const);

const FORM = /^([a-z]+)(?:\+[a-z0-9._-]{0,64})?@mailsift\.test$/;

/** The fixed answer for an address, or undefined when it is not one of the test addresses. */
export function fixedAnswer(input: string): FixedAnswer | undefined {
  const email = input.trim().toLowerCase();
  const m = FORM.exec(email);
  const fixed = m ? FIXED.get(m[1]!) : undefined;
  if (!fixed) return undefined;
  return fixed.kind === 'unavailable' ? fixed : { ...fixed, email };
}

const AT_TEST_DOMAIN = /@mailsift\.test$/;

/**
 * A test key's error for an address it could not check: at `mailsift.test` (which live checks
 * refuse as a special-use domain) the caller meant one of the test addresses, so the error lists
 * them instead of the live refusal; elsewhere the parser's own error.
 */
export function testKeyError(input: string, error: string): string {
  if (!AT_TEST_DOMAIN.test(input.trim().toLowerCase())) return error;
  return 'email: at mailsift.test a test key knows allow@, review@, block@, disposable@ and unavailable@ (each may take a +tag)';
}
