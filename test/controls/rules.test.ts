import { describe, expect, it } from 'vitest';
import { normaliseRuleValue, ruleSlot, ruleView } from '../../src/controls/rules.ts';

describe('rule values', () => {
  it.each([
    ['domain', 'Example.COM', 'example.com'],
    ['domain', ' mail.example.co.uk. ', 'mail.example.co.uk'],
    ['domain', 'bücher.de', 'xn--bcher-kva.de'],
    ['mail_provider', 'Google', 'google'],
    ['mail_provider', 'none', 'none'],
    ['tld', 'XYZ', 'xyz'],
    ['tld', '.xyz', 'xyz'],
    ['tld', 'uk', 'uk'],
    ['tld', 'рф', 'xn--p1ai'],
  ] as const)('%s %j -> %j', (type, raw, value) => {
    expect(normaliseRuleValue(type, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['domain', 'com', /^value: must be a domain name such as example\.com \(must contain a dot\)$/],
    ['domain', 'co.uk', /^value: must be a domain name such as example\.com \(is a public suffix/],
    ['domain', 'exa mple.com', /^value: must be a domain name/],
    ['domain', 'example.test', /special-use/],
    ['domain', 'user@example.com', /^value: must be a domain name/],
    ['mail_provider', 'gmail', /^value: must be a mail_provider value \(one of google, microsoft/],
    ['tld', 'co.uk', /^value: must be a top-level domain without the dot, such as xyz$/],
    ['tld', '', /^value: must be a top-level domain/],
    ['tld', 'notarealtld', /not a known top-level domain/],
    ['tld', 'test', /special-use/],
    ['tld', '-ab', /^value: must be a top-level domain/],
  ] as const)('refuses %s %j', (type, raw, error) => {
    const r = normaliseRuleValue(type, raw);
    expect(r.ok).toBe(false);
    expect((r as { error: string }).error).toMatch(error);
  });

  it('slots rules by type and value (an email rule by its inbox hash)', () => {
    expect(ruleSlot('domain', 'example.com', null)).toBe('domain:example.com');
    expect(ruleSlot('email', null, Buffer.alloc(16, 0xab))).toBe(`email:${'ab'.repeat(16)}`);
  });

  it('shows an email rule without any value, times as ISO 8601', () => {
    expect(ruleView({ id: 'rule_x', account: 'acme', action: 'allow', type: 'email', value: null, inboxHash: Buffer.alloc(16), note: 'vip', createdAt: 0 })).toEqual({
      id: 'rule_x',
      action: 'allow',
      type: 'email',
      value: null,
      note: 'vip',
      created_at: '1970-01-01T00:00:00.000Z',
    });
  });
});
