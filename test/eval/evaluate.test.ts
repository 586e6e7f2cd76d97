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
  { email: 'anna.schmidt@gmail.com', label: 'human', source: 'people' },
  { email: 'jan.kowalski@example-firm.pl', label: 'human', source: 'people' },
  { email: 'maria.garcia@gmail.com', label: 'human', source: 'people' },
  { email: 'wqmjmjjcui37@gmail.com', label: 'fake', source: 'farm' },
  { email: 'xkqzvbwtpl81@hotmail.com', label: 'fake', source: 'farm' },
  { email: 'webmaster.helpdesk.update@gmail.com', label: 'fake', source: 'phish' },
  { email: 'not an address', label: 'fake', source: 'phish' },
  { email: 'two@@example.com', label: 'human', source: 'people' },
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

  it('fills the confusion table with every scored row, and the humans-blocked share from it', () => {
    const r = evaluate(rows, tables, BASELINE_SCORECARD);
    const total = (l: 'human' | 'fake') => r.confusion[l].allow + r.confusion[l].review + r.confusion[l].block;
    expect(total('human')).toBe(3);
    expect(total('fake')).toBe(3);
    expect(r.humansBlocked).toBe(r.confusion.human.block / 3);
  });

  it('prints metrics and counts, never an address', () => {
    const text = formatReport(evaluate(rows, tables, BASELINE_SCORECARD), 'baseline-v1');
    expect(text).toMatch(/overall\s+AUC 1\.000/);
    expect(text).toMatch(/gmail\.com\s+AUC/);
    expect(text).toMatch(/invalid syntax: 1 human \+ 1 fake/);
    expect(text).toMatch(/humans blocked: /);
    for (const row of rows) expect(text).not.toContain(row.email.split('@')[0]!);
  });
});
