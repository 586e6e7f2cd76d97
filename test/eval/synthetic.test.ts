/**
 * The synthetic humans corpus: reproducible from its seed, every row a mailbox its provider
 * allows, and the guard itself: the shipped scorecard blocks well under 2% of these plausible
 * people in every locale group (no labelled file needed, so this runs everywhere).
 */
import { describe, expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { evaluateHumans } from '../../src/eval/humans.ts';
import { foldForAddress, LOCALE_GROUPS, SYNTHETIC_PER_GROUP, SYNTHETIC_SEED, syntheticHumans } from '../../src/eval/synthetic.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { addressSignals } from '../../src/signals/address-signals.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const tables = buildJudgeTables();

describe('syntheticHumans', () => {
  it('gives the same rows for the same seed, other rows for another', () => {
    const a = syntheticHumans(3, 40);
    expect(syntheticHumans(3, 40)).toEqual(a);
    const b = syntheticHumans(4, 40);
    expect(b.map((r) => r.email)).not.toEqual(a.map((r) => r.email));
  });

  it('draws each group from its own stream: a group\'s rows do not depend on the groups before it', () => {
    const all = syntheticHumans(5, 30);
    const lastGroup = LOCALE_GROUPS[LOCALE_GROUPS.length - 1]!;
    const alone = syntheticHumans(5, 30, [lastGroup]);
    expect(alone.filter((r) => r.group === lastGroup.name)).toEqual(all.filter((r) => r.group === lastGroup.name));
    expect(all).toHaveLength(30 * LOCALE_GROUPS.length);
    for (const g of LOCALE_GROUPS) expect(all.filter((r) => r.group === g.name)).toHaveLength(30);
  });

  it('writes only valid addresses that their provider allows (mailbox rules, QQ and mobile numbers)', () => {
    const rows = syntheticHumans(SYNTHETIC_SEED, 200);
    for (const r of rows) {
      const parsed = parseAddress(r.email);
      expect(parsed.ok, r.pattern).toBe(true);
      if (!parsed.ok) continue;
      const a = addressSignals(parsed.address, tables.address);
      expect(a.impossibleMailbox, `${r.group} ${r.pattern}`).toBe(false);
      expect(a.free, `${r.group} ${r.pattern}`).toBe(true);
      if (r.pattern === 'qq-number' || r.pattern === 'mobile-number') expect(a.numericAccount).toBe(true);
    }
  });

  it('covers the patterns people use, the regional ISPs, and Chinese numeric mailboxes', () => {
    const rows = syntheticHumans(SYNTHETIC_SEED, SYNTHETIC_PER_GROUP);
    const patterns = new Set(rows.map((r) => r.pattern));
    for (const p of ['first.last', 'flast', 'first.last+year', 'nick+number', 'qq-number', 'mobile-number', 'pinyin+digits', 'variant']) expect(patterns).toContain(p);
    const domains = new Set(rows.map((r) => r.email.slice(r.email.indexOf('@') + 1)));
    for (const d of ['comcast.net', 'aol.com', 'web.de', 'orange.fr', 'libero.it', 'wp.pl', 'seznam.cz', 'mail.ru', 'qq.com', '163.com', 'naver.com', 'rediffmail.com']) expect(domains).toContain(d);
  });

  it('folds names as people write them in addresses', () => {
    expect(foldForAddress('Łukasz')).toBe('lukasz');
    expect(foldForAddress('Anne-Marie')).toBe('annemarie');
    expect(foldForAddress('Волкова')).toBe('volkova');
    expect(foldForAddress('O’Brien')).toBe('obrien');
  });
});

describe('the synthetic guard (shipped scorecard)', () => {
  const report = evaluateHumans(syntheticHumans(SYNTHETIC_SEED, SYNTHETIC_PER_GROUP), tables, BASELINE_SCORECARD);

  it('blocks under 1% of the synthetic humans in every locale group and under 0.5% overall', () => {
    expect(report.invalid).toBe(0);
    expect(report.groups).toHaveLength(LOCALE_GROUPS.length);
    for (const g of report.groups) expect(g.blocked, g.name).toBeLessThan(0.01);
    expect(report.overall.blocked).toBeLessThan(0.005);
  });

  it('sends under 5% of them to review in every locale group', () => {
    for (const g of report.groups) expect(g.review, g.name).toBeLessThan(0.05);
  });
});
