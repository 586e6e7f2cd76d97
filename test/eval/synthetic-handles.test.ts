import { describe, expect, it } from 'vitest';
import { adjectives, animals, colors } from 'unique-names-generator';
import { HANDLE_PATTERNS, HANDLE_VENUES, syntheticHandles } from '../../src/eval/synthetic-handles.ts';
import { buildMailboxRuleIndex, checkMailbox, mailboxRuleFor } from '../../src/signals/provider-rules.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const words = { adjectives: [...adjectives, ...colors], nouns: animals };
const unknown = ['quietkitebox.com', 'tmp-inbox-zq.net', 'xq7box.top'];
const known = new Set(['anna', 'kelavo', 'mirela']);
const rows = syntheticHandles(16, 120, words, unknown, known);

describe('syntheticHandles', () => {
  it('is reproducible from its seed and changes with it', () => {
    expect(syntheticHandles(16, 120, words, unknown, known)).toEqual(rows);
    expect(syntheticHandles(17, 120, words, unknown, known)).not.toEqual(rows);
  });

  it('writes every pattern at both venues (Gmail dot tricks at gmail.com only), each address valid', () => {
    for (const venue of HANDLE_VENUES) {
      for (const pattern of HANDLE_PATTERNS) {
        const n = rows.filter((r) => r.group === venue && r.pattern === pattern).length;
        expect(n, `${venue} ${pattern}`).toBe(pattern === 'gmail-dots' && venue !== 'free-mail' ? 0 : 120);
      }
    }
    for (const r of rows) expect(parseAddress(r.email).ok, r.email).toBe(true);
    for (const r of rows.filter((x) => x.group === 'unknown-domain')) expect(unknown).toContain(r.email.split('@')[1]);
    for (const r of rows.filter((x) => x.pattern === 'gmail-dots')) {
      expect(r.email.endsWith('@gmail.com')).toBe(true);
      const local = r.email.split('@')[0]!;
      const gaps = local.replaceAll('.', '').length - 1;
      expect(local.split('.').length - 1).toBe(gaps - Math.floor(gaps / 5));
    }
  });

  it('gives each shape its parts: word pairs, digits, an underscore, a random + tag', () => {
    const locals = (p: string) => rows.filter((r) => r.pattern === p).map((r) => r.email.split('@')[0]!);
    for (const l of locals('adj-noun')) expect(l).toMatch(/^[a-z]+$/);
    for (const l of locals('adj-noun-digits')) expect(l).toMatch(/^[a-z]+\d{2,4}$/);
    for (const l of locals('noun-noun-digits')) expect(l).toMatch(/^[a-z]+\d{2,4}$/);
    expect(locals('adj_noun').some((l) => l.includes('_'))).toBe(true);
    for (const l of locals('plus-token')) expect(l).toMatch(/^[a-z.]+\+[a-z0-9]{4,8}$/);
    for (const l of locals('syllables-digits')) expect(l).toMatch(/^([bdfgklmnprstvz][aeiou]){3,4}\d{2,4}$/);
    for (const l of locals('name-tail')) expect(l).toMatch(/^[a-z]{5,}$/);
  });

  it('never spells a listed name with the syllables', () => {
    const only = syntheticHandles(16, 300, words, unknown, new Set(['bada', 'kelavo']));
    for (const r of only.filter((x) => x.pattern === 'syllables-digits')) expect(r.email.replace(/\d.*$/, '')).not.toMatch(/^(bada|kelavo)$/);
  });

  it("respects each big provider's mailbox rules before the tag (no underscore at gmail, one separator at yahoo)", () => {
    const index = buildMailboxRuleIndex();
    for (const r of rows.filter((x) => x.group === 'free-mail' && x.pattern !== 'gmail-dots')) {
      const [local, domain] = r.email.split('@') as [string, string];
      const rule = mailboxRuleFor(domain, domain.slice(domain.indexOf('.') + 1), index);
      expect(rule, domain).toBeDefined();
      expect(checkMailbox(local.split('+')[0]!, rule!).possible, r.email).toBe(true);
    }
  });
});
