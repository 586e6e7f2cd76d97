import { describe, expect, it } from 'vitest';
import { AccountRules } from '../../src/controls/rule-index.ts';
import type { Rule, RuleAction, RuleType } from '../../src/controls/rules.ts';

const inbox = (n: number): Buffer => Buffer.alloc(16, n);
let seq = 0;
const rule = (type: RuleType, action: RuleAction, value: string | Buffer): Rule => ({
  id: `rule_${String(++seq).padStart(16, '0')}`,
  account: 'acme',
  action,
  type,
  value: typeof value === 'string' ? value : null,
  inboxHash: typeof value === 'string' ? null : value,
  note: null,
  createdAt: seq,
});

describe('AccountRules.match: the most specific rule wins', () => {
  const rules = new AccountRules();
  const r = {
    email: rule('email', 'allow', inbox(1)),
    domain: rule('domain', 'block', 'example.com'),
    sub: rule('domain', 'review', 'eu.example.com'),
    provider: rule('mail_provider', 'review', 'google'),
    tld: rule('tld', 'block', 'com'),
  };
  for (const x of Object.values(r)) rules.put(x);

  it.each([
    ['email beats every other type', { inboxHash: inbox(1), domain: 'mail.eu.example.com', mailProvider: 'google' }, 'email'],
    ['the longest matching domain suffix beats a shorter one', { inboxHash: inbox(2), domain: 'mail.eu.example.com', mailProvider: 'google' }, 'sub'],
    ['a domain rule covers its subdomains', { inboxHash: inbox(2), domain: 'us.example.com', mailProvider: 'google' }, 'domain'],
    ['a domain rule covers the domain itself', { inboxHash: inbox(2), domain: 'example.com' }, 'domain'],
    ['a domain rule does not match a domain that only ends with its text', { inboxHash: inbox(2), domain: 'notexample.com', mailProvider: 'google' }, 'provider'],
    ['mail_provider beats tld', { inboxHash: inbox(2), domain: 'other.com', mailProvider: 'google' }, 'provider'],
    ['tld last', { inboxHash: inbox(2), domain: 'other.com', mailProvider: 'microsoft' }, 'tld'],
    ['no mail provider known (DNS off): tld', { inboxHash: inbox(2), domain: 'other.com' }, 'tld'],
  ] as const)('%s', (_name, facts, which) => {
    expect(rules.match(facts)).toBe(r[which]);
  });

  it('matches nothing when no rule applies', () => {
    expect(rules.match({ inboxHash: inbox(3), domain: 'example.org', mailProvider: 'yahoo' })).toBeUndefined();
  });
});

describe('AccountRules slots', () => {
  it('a rule for the same type and value replaces the old one (its id is gone)', () => {
    const rules = new AccountRules();
    const a = rule('domain', 'block', 'example.com');
    const b = rule('domain', 'allow', 'example.com');
    rules.put(a);
    rules.put(b);
    expect(rules.size).toBe(1);
    expect(rules.get(a.id)).toBeUndefined();
    expect(rules.match({ inboxHash: inbox(1), domain: 'example.com' })).toBe(b);
  });

  it('emptying a slot removes the rule from matching and listing', () => {
    const rules = new AccountRules();
    const a = rule('email', 'block', inbox(7));
    rules.put(a);
    expect(rules.removeSlot(`email:${inbox(7).toString('hex')}`)).toBe(a);
    expect(rules.size).toBe(0);
    expect(rules.all()).toEqual([]);
    expect(rules.match({ inboxHash: inbox(7), domain: 'example.com' })).toBeUndefined();
  });
});
