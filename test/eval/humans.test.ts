import { describe, expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { evaluateHumans } from '../../src/eval/humans.ts';
import { formatHumansReport } from '../../src/eval/report.ts';
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
});
