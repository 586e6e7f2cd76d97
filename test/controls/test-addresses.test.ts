import { describe, expect, it } from 'vitest';
import { fixedAnswer, testKeyError } from '../../src/controls/test-addresses.ts';

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

describe('testKeyError: a test key\'s error for an address it could not check', () => {
  const LIVE = 'email: domain uses the special-use top-level domain .test';
  it.each(['nobody@mailsift.test', ' Someone@MailSift.Test ', 'allow+bad tag@mailsift.test'])('%j lists the test addresses', (input) => {
    expect(testKeyError(input, LIVE)).toBe('email: at mailsift.test a test key knows allow@, review@, block@, disposable@ and unavailable@ (each may take a +tag)');
  });
  it.each(['nobody@example.test', 'allow@sub.mailsift.test', 'allow@mailsift.test.com', 'not an address'])('%j keeps the parser\'s error', (input) => {
    expect(testKeyError(input, LIVE)).toBe(LIVE);
  });
});
