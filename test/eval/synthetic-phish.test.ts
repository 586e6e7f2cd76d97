import { describe, expect, it } from 'vitest';
import { PHISH_CONTRAST_PATTERNS, PHISH_GROUPS, phishContrast, syntheticPhish } from '../../src/eval/synthetic-phish.ts';
import { analyze, buildJudgeTables } from '../../src/check/judge.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const fakes = syntheticPhish(18, 80);
const people = phishContrast(18, 80);
const tables = buildJudgeTables();
const local = (email: string): string => email.slice(0, email.lastIndexOf('@'));
const of = (pattern: string) => [...fakes, ...people].filter((r) => r.pattern === pattern);

describe('syntheticPhish and phishContrast', () => {
  it('are reproducible from their seed and change with it', () => {
    expect(syntheticPhish(18, 80)).toEqual(fakes);
    expect(phishContrast(18, 80)).toEqual(people);
    expect(syntheticPhish(19, 80)).not.toEqual(fakes);
    expect(phishContrast(19, 80)).not.toEqual(people);
  });

  it('draw every pattern, each address valid, at a free-mail provider, and a mailbox the provider accepts', () => {
    for (const [group, patterns] of Object.entries(PHISH_GROUPS)) {
      for (const p of patterns) {
        expect(of(p), p).toHaveLength(80);
        for (const r of of(p)) expect(r.group, p).toBe(group);
      }
    }
    for (const p of PHISH_CONTRAST_PATTERNS) expect(of(p), p).toHaveLength(80);
    for (const r of [...fakes, ...people]) {
      const parsed = parseAddress(r.email);
      expect(parsed.ok, r.email).toBe(true);
      if (!parsed.ok) continue;
      const a = analyze(parsed.address, tables).address;
      expect(a.free, r.email).toBe(true);
      expect(a.impossibleMailbox, r.email).toBe(false);
    }
  });

  it('writes each shape as its name says', () => {
    // A look-alike brand is not the brand spelled right: some letter or digit differs.
    for (const r of of('brand-lookalike')) expect(local(r.email), r.email).not.toMatch(/^(microsoft|paypal|netflix|amazon|linkedin)\d*$/);
    for (const r of of('brand-lookalike')) expect(local(r.email), r.email).toMatch(/^[a-z0-9]+$/);
    for (const r of of('crypto-recovery')) expect(local(r.email), r.email).toMatch(/recovery|retrieval|support|refund/);
    for (const r of of('name-long-digits')) expect(local(r.email), r.email).toMatch(/[a-z]\d{4,6}$/);
    for (const r of of('leet-handle')) expect(local(r.email), r.email).toMatch(/[a-z][013457]+[a-z]/);
    for (const r of of('lookalike-letters')) expect(local(r.email), r.email).toMatch(/rn|cl|vv/);
    for (const r of of('institution-desk')) expect(local(r.email), r.email).toMatch(/[a-z]{2,}\.(edu|gov|ac\.uk|edu\.au|ac\.za|gov\.uk|edu\.ng|ac\.in)$/);
    for (const r of of('site-handle')) expect(local(r.email), r.email).toMatch(/\.(com|net|org|info|me|io|dev|edu)$/);
    for (const r of of('word-surname')) expect(local(r.email), r.email).toMatch(/banks|bankston|bankhead|price|cash|winner|officer|courier|deskins|payne|post|noble|grant|carey|careaga|staffieri|portalatin|webber|webster|mailer/);
  });
});
