import { beforeAll, describe, expect, it } from 'vitest';
import { buildJudgeTables, type JudgeTables } from '../../src/check/judge.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { formatReport } from '../../src/eval/report.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';

let tables: JudgeTables;
beforeAll(() => {
  tables = buildJudgeTables();
});

// Invented addresses (example domains and generated strings), not from any eval file.
const rows = [
  { email: 'anna.schmidt@gmail.com', label: 'human', source: 'people', kind: 'person' },
  { email: 'jan.kowalski@example-firm.pl', label: 'human', source: 'people', kind: 'person' },
  { email: 'maria.garcia@gmail.com', label: 'human', source: 'people', kind: 'person' },
  { email: 'zqvkfpwxbt37@gmail.com', label: 'fake', source: 'farm', kind: 'bot' },
  { email: 'xkqzvbwtpl81@hotmail.com', label: 'fake', source: 'farm', kind: 'bot' },
  { email: 'webmaster.helpdesk.update@gmail.com', label: 'fake', source: 'phish', kind: 'bot' },
  { email: 'not an address', label: 'fake', source: 'phish', kind: 'bot' },
  { email: 'two@@example.com', label: 'human', source: 'people', kind: 'person' },
] as const;

describe('evaluate', () => {
  it('scores every valid row, counts invalid ones per label, and ranks the classes', () => {
    const r = evaluate(rows, tables, BASELINE_SCORECARD);
    expect(r.rows).toBe(8);
    expect(r.scored).toBe(6);
    expect(r.invalid).toEqual({ human: 1, fake: 1 });
    expect(r.overall).toMatchObject({ humans: 3, fakes: 3 });
    expect(r.overall.auc).toBe(1);
    expect(r.gmail).toMatchObject({ name: 'gmail.com', humans: 2, fakes: 2 });
  });

  it('reports each single-label source against all rows of the other label', () => {
    const r = evaluate(rows, tables, BASELINE_SCORECARD);
    expect(r.perSource.map((s) => [s.name, s.humans, s.fakes])).toEqual([
      ['farm', 0, 2],
      ['people', 3, 0],
      ['phish', 0, 1],
    ]);
    for (const s of r.perSource) expect(s.auc).toBe(1);
  });

  it('reports each kind like a source, and rows without a kind as (none)', () => {
    const r = evaluate(rows, tables, BASELINE_SCORECARD);
    expect(r.perKind.map((s) => [s.name, s.humans, s.fakes])).toEqual([
      ['bot', 0, 3],
      ['person', 3, 0],
    ]);
    for (const s of r.perKind) expect(s.auc).toBe(1);
    const noKind = evaluate([{ email: 'anna.schmidt@gmail.com', label: 'human' }, { email: 'zqvkfpwxbt37@gmail.com', label: 'fake' }], tables, BASELINE_SCORECARD);
    expect(noKind.perKind.map((s) => [s.name, s.humans, s.fakes])).toEqual([['(none)', 1, 1]]);
  });

  it('ranks a mixed-label kind within itself, not against other kinds', () => {
    // One kind holds a human and a fake that the scorecard orders the wrong way round; the
    // other kind's rows would make it look better if they were pooled in.
    const mixed = [
      { email: 'xkqzvbwtpl@example-firm.pl', label: 'human', kind: 'mixed' },
      { email: 'anna.schmidt@example-firm.pl', label: 'fake', kind: 'mixed' },
      { email: 'maria.garcia@gmail.com', label: 'human', kind: 'other' },
      { email: 'zqvkfpwxbt37@gmail.com', label: 'fake', kind: 'other' },
    ] as const;
    const r = evaluate(mixed, tables, BASELINE_SCORECARD);
    expect(r.perKind.find((s) => s.name === 'mixed')!.auc).toBe(0);
  });

  it('fills the confusion table with every scored row, and the humans-blocked and fakes-caught shares from it', () => {
    const r = evaluate(rows, tables, BASELINE_SCORECARD);
    const total = (l: 'human' | 'fake') => r.confusion[l].allow + r.confusion[l].review + r.confusion[l].block;
    expect(total('human')).toBe(3);
    expect(total('fake')).toBe(3);
    expect(r.humansBlocked).toBe(r.confusion.human.block / 3);
    expect(r.fakesCaught).toBe((r.confusion.fake.review + r.confusion.fake.block) / 3);
    expect(r.fakesCaught).toBeGreaterThan(0);
  });

  it('gives every slice the verdicts of its own rows only', () => {
    const r = evaluate(rows, tables, BASELINE_SCORECARD);
    const sum = (v: Record<string, number>) => Object.values(v).reduce((a, b) => a + b, 0);
    for (const s of [...r.perKind, ...r.perSource, r.gmail, r.overall]) {
      expect(sum(s.verdicts.human)).toBe(s.humans);
      expect(sum(s.verdicts.fake)).toBe(s.fakes);
    }
    expect(r.overall.verdicts).toEqual(r.confusion);
    expect(r.gmail).toMatchObject({ humans: 2, fakes: 2 });
  });

  it('prints metrics and counts, never an address', () => {
    const text = formatReport(evaluate(rows, tables, BASELINE_SCORECARD), 'baseline-v1');
    expect(text).toMatch(/overall\s+AUC 1\.000/);
    expect(text).toMatch(/gmail\.com\s+AUC/);
    expect(text).toMatch(/invalid syntax: 1 human \+ 1 fake/);
    expect(text).toMatch(/humans blocked: /);
    expect(text).toMatch(/fakes caught \(review or block\): \d+\.\d%/);
    expect(text).toMatch(/kind person\s+AUC 1\.000\s+3\s+100\.0%\s+0\.0%\s+0\.0%/);
    expect(text).toMatch(/source farm\s+AUC 1\.000\s+0\s+2\s/);
    for (const row of rows) expect(text).not.toContain(row.email.split('@')[0]!);
  });
});
