import { describe, expect, it } from 'vitest';
import { MAILBOX_RULES } from '../../src/data/mailbox-rules.ts';
import { buildMailboxRuleIndex, checkMailbox, mailboxRuleFor } from '../../src/signals/provider-rules.ts';

const index = buildMailboxRuleIndex();
const rule = (domain: string, suffix: string) => mailboxRuleFor(domain, suffix, index);
const check = (box: string, domain: string, suffix = domain.slice(domain.indexOf('.') + 1)) => checkMailbox(box, rule(domain, suffix)!);

describe('mailboxRuleFor', () => {
  it.each([
    ['gmail.com', 'com', 'gmail'],
    ['googlemail.com', 'com', 'gmail'],
    ['hotmail.co.uk', 'co.uk', 'outlook'],
    ['outlook.com.br', 'com.br', 'outlook'],
    ['yahoo.co.jp', 'co.jp', 'yahoo'],
    ['ymail.com', 'com', 'yahoo'],
    ['qq.com', 'com', 'qq'],
    ['vip.qq.com', 'com', 'qq'],
    ['126.com', 'com', 'netease'],
    ['ya.ru', 'ru', 'yandex'],
  ])('%s -> %s', (domain, suffix, provider) => {
    expect(rule(domain, suffix)?.provider).toBe(provider);
  });

  it('holds brands only directly under the public suffix, and knows nothing of other domains', () => {
    expect(rule('hotmail.example.com', 'com')).toBeUndefined();
    expect(rule('mail.hotmail.com', 'com')).toBeUndefined();
    expect(rule('acme-corp.com', 'com')).toBeUndefined();
  });

  it('names at least one source for every rule, and every domain once', () => {
    const seen = new Set<string>();
    for (const r of MAILBOX_RULES) {
      expect(r.sources.length, r.provider).toBeGreaterThan(0);
      for (const d of r.domains) {
        expect(seen.has(d), d).toBe(false);
        seen.add(d);
      }
    }
  });
});

describe('checkMailbox', () => {
  it.each<[string, string, boolean, boolean?]>([
    // Gmail: 6-30 letters and digits (dots do not count), letters/digits/dots only, 8+ digits need a letter
    ['janedoe', 'gmail.com', true],
    ['jane.doe', 'gmail.com', true],
    ['x', 'gmail.com', false],
    ['jdoe', 'gmail.com', false],
    ['j.d.o.e', 'gmail.com', false],
    ['jane_doe', 'gmail.com', false],
    ['jane-doe', 'gmail.com', false],
    ['+', 'gmail.com', false],
    ['jané.doe', 'gmail.com', false],
    ['jane❤doe', 'gmail.com', false],
    ['a'.repeat(31), 'gmail.com', false],
    ['a'.repeat(30), 'gmail.com', true],
    ['1234567', 'gmail.com', true],
    ['12345678', 'gmail.com', false],
    // Microsoft: must start with a letter
    ['jane_doe-1', 'outlook.com', true],
    ['1jane', 'hotmail.com', false],
    ['_jane', 'live.com', false],
    // Yahoo: letters, digits, underscore, one dot; no doubled specials; letter or digit at both ends
    ['jane_doe', 'yahoo.com', true],
    ['jane.doe.x', 'yahoo.com', false],
    ['jane__doe', 'yahoo.com', false],
    ['jane_', 'yahoo.com', false],
    ['ja', 'yahoo.com', false],
    // iCloud: starts with a letter
    ['jane.doe', 'icloud.com', true],
    ['9jane', 'icloud.com', false],
    // QQ: numbers of 5-11 digits not starting with 0 are accounts; other numbers are impossible
    ['12345', 'qq.com', true, true],
    ['12345678901', 'qq.com', true, true],
    ['1234', 'qq.com', false],
    ['123456789012', 'qq.com', true, true],
    ['1234567890123', 'qq.com', false],
    ['0123456', 'qq.com', false],
    ['jane.doe', 'qq.com', true, false],
    // NetEase: an 11-digit mobile number is an account; other numbers are possible, not accounts
    ['13912345678', '163.com', true, true],
    ['12345678', '163.com', true, false],
    ['jane_doe-1', '126.com', true],
    // The mobile operators' mail: the subscriber's mobile number is the mailbox; an alias stays possible
    ['13957284610', '139.com', true, true],
    ['18957284610', '189.cn', true, true],
    ['15657284610', 'wo.cn', true, true],
    ['12957284610', '139.com', true, false],
    ['0139572846', '189.cn', true, false],
    ['li.hua_2', 'wo.cn', true, false],
    ['lì.hua', '139.com', false],
    // Yandex: starts with a letter, ends with a letter or digit, single - or .
    ['jane.doe', 'yandex.ru', true],
    ['jane..doe', 'yandex.ru', false],
    ['jane-', 'yandex.ru', false],
    ['jane_doe', 'yandex.ru', false],
  ])('%s at %s: possible %s', (box, domain, possible, numericAccount) => {
    const v = check(box, domain);
    expect(v.possible).toBe(possible);
    if (numericAccount !== undefined) expect(v.numericAccount).toBe(numericAccount);
  });
});
