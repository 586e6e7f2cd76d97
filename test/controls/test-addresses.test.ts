import { describe, expect, it } from 'vitest';
import { fixedAnswer } from '../../src/controls/test-addresses.ts';

describe('fixed answers at mailsift.test', () => {
  it.each([
    ['allow@mailsift.test', 'allow', false],
    [' Review@MailSift.Test ', 'review', false],
    ['block+run-42@mailsift.test', 'block', false],
    ['disposable@mailsift.test', 'block', true],
  ] as const)('%j -> %s', (input, verdict, disposable) => {
    expect(fixedAnswer(input)).toMatchObject({ kind: 'verdict', verdict, disposable, email: input.trim().toLowerCase() });
  });

  it('unavailable@ is an outage', () => {
    expect(fixedAnswer('unavailable@mailsift.test')).toEqual({ kind: 'unavailable' });
  });

  it.each(['someone@mailsift.test', 'allow@mailsift.test.com', 'allow@sub.mailsift.test', 'constructor@mailsift.test', 'allow@example.com', 'allow'])('%j has none', (input) => {
    expect(fixedAnswer(input)).toBeUndefined();
  });
});
