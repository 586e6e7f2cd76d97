import { describe, expect, it } from 'vitest';
import { personalDataIn } from '../../src/controls/free-text.ts';

describe('free text a customer asks us to keep', () => {
  it.each(['ticket 4411', 'on a disposable list by mistake', 'at 12:30, v1.2.3', 'version 2.0', 'email me @ home', 'ok: fine'])('keeps %j', (text) => {
    expect(personalDataIn('note', text)).toBeUndefined();
  });

  it.each([
    ['jane@x.com complained', 'email'],
    ['see <a.b+c@example.co.uk>', 'email'],
    ['seen from 203.0.113.9.', 'IP'],
    ['abuse from 198.51.100.7:8080', 'IP'],
    ['ip 2001:db8::1 abuse', 'IP'],
    ['(fe80::1)', 'IP'],
  ])('refuses %j (%s address)', (text, kind) => {
    expect(personalDataIn('note', text)).toMatch(new RegExp(`^note: must not contain an ${kind === 'IP' ? 'IP' : 'email'} address`));
  });

  // A key's name is no place for a rule's advice: each field says what applies to it.
  it('says why per field: the caller\'s advice (a rule note: email rules), none for a key name', () => {
    expect(personalDataIn('name', 'ci for jane@x.com')).toBe('name: must not contain an email address (it is stored as written)');
    expect(personalDataIn('note', 'jane@x.com complained', 'use an email rule')).toBe('note: must not contain an email address (it is stored as written; use an email rule)');
  });
});
