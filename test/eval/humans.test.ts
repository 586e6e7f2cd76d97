import { describe, expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { evaluateHumans } from '../../src/eval/humans.ts';
import { formatCrossSourceReport, formatHumansReport } from '../../src/eval/report.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';

const tables = buildJudgeTables();

describe('evaluateHumans', () => {
  const rows = [
    { email: 'maria.lindqvist@gmail.com', group: 'a', pattern: 'first.last' },
    { email: 'tomas.berger1984@web.de', group: 'a', pattern: 'first.last+year' },
    { email: 'xq7zk2vp9w@gmail.com', group: 'b', pattern: 'junk' },
    { email: 'accountverify.helpdesk@gmail.com', group: 'b', pattern: 'service' },
    { email: 'not an address', group: 'b', pattern: 'junk' },
  ];
  const r = evaluateHumans(rows, tables, BASELINE_SCORECARD);

  it('counts verdicts per group, per pattern and overall, and the rows the parser refused', () => {
    expect(r.rows).toBe(5);
    expect(r.invalid).toBe(1);
    expect(r.overall.rows).toBe(4);
    const a = r.groups.find((g) => g.name === 'a')!;
    const b = r.groups.find((g) => g.name === 'b')!;
    expect(a.verdicts.allow).toBe(2);
    expect(a.blocked).toBe(0);
    expect(b.verdicts.block).toBe(2);
    expect(b.blocked).toBe(1);
    expect(r.overall.blocked).toBe(0.5);
    expect(r.patterns.map((p) => p.name)).toEqual(['first.last', 'first.last+year', 'junk', 'service']);
  });

  it('gives each slice the mean human_score of its rows', () => {
    const a = r.groups.find((g) => g.name === 'a')!;
    const b = r.groups.find((g) => g.name === 'b')!;
    expect(a.meanScore).toBeGreaterThan(60);
    expect(b.meanScore).toBeLessThan(30);
    expect(r.overall.meanScore).toBeCloseTo((2 * a.meanScore + 2 * b.meanScore) / 4, 9);
  });

  it('names the signals that lowered scores, most frequent first', () => {
    expect(r.firing[0]!.signal).toBe('free_provider');
    expect(r.firing[0]!.share).toBe(1);
    expect(r.firing.map((f) => f.signal)).toContain('service_words');
    for (const f of r.firing) expect(f.share).toBeGreaterThan(0);
  });

  it('prints per group and per pattern shares, the worst group and the signals, never an address', () => {
    const text = formatHumansReport(r, '== synthetic');
    expect(text).toMatch(/^== synthetic/);
    expect(text).toMatch(/\n {2}b\s+2\s+0\.0%\s+0\.0%\s+100\.0%/);
    expect(text).toMatch(/humans blocked 50\.0% \(worst group b: 100\.0%\)/);
    expect(text).toMatch(/signals lowering the score .*service_words/);
    for (const row of rows) expect(text).not.toContain(row.email);
  });

  it('prints the cross-source section with each group\'s mean score, never an address', () => {
    const text = formatCrossSourceReport(r, '== cross');
    expect(text).toMatch(/^== cross/);
    expect(text).toMatch(/\n {2}a\s+2\s+100\.0%\s+0\.0%\s+0\.0%\s+\d+\.\d\n/);
    expect(text).toMatch(/\nb: review 0\.0%, blocked 100\.0%, mean score \d+\.\d/);
    for (const row of rows) expect(text).not.toContain(row.email);
  });
});
