import { beforeAll, describe, expect, it } from 'vitest';
import { buildJudgeTables, type JudgeTables } from '../../src/check/judge.ts';
import type { LabelledRow } from '../../src/eval/labelled.ts';
import { replayPlan } from '../../src/eval/replay-plan.ts';
import { localPartSignals } from '../../src/signals/local-part.ts';

// Every address made up.
const ROWS: LabelledRow[] = [
  { email: 'ines.calloway@gmail.com', label: 'human' },
  { email: 'mdunmore@outlook.com', label: 'human' },
  { email: 'priya.holbeck1976@yahoo.com', label: 'human' },
  { email: '40117383@qq.com', label: 'human' },
  { email: 'xk7q2vbn9t@gmail.com', label: 'fake' },
  { email: 'Sable.Ashgrove@Brackenfold-Trading.com', label: 'fake' },
  { email: 'broken@', label: 'fake' },
];

let tables: JudgeTables;
beforeAll(() => {
  tables = buildJudgeTables();
});
const shapeOf = (local: string): string => localPartSignals(local, tables.names).shape;

describe('replayPlan', () => {
  it('the file alone in file order: every row once, as it is, in order', () => {
    const p = replayPlan(ROWS, 'file', 1, 1, shapeOf);
    expect(p.checks).toEqual(ROWS.map((r, row) => ({ email: r.email, row, copy: false })));
    expect(p).toMatchObject({ copies: 0, copiesSameShape: 0 });
  });

  it('shuffled: every row once, in an order the seed fixes', () => {
    const a = replayPlan(ROWS, 'shuffled', 7, 1, shapeOf).checks;
    expect(replayPlan(ROWS, 'shuffled', 7, 1, shapeOf).checks).toEqual(a);
    expect(a.map((c) => c.row).sort()).toEqual(ROWS.map((_, i) => i));
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => replayPlan(ROWS, 'shuffled', seed, 1, shapeOf).checks.map((c) => c.row).join(',')));
    expect(orders.size).toBeGreaterThan(4);
  });

  it('three times as large: two made-up inboxes per row at its domain, beside it in file order, none a row of the file or each other', () => {
    const p = replayPlan(ROWS, 'file', 3, 3, shapeOf);
    expect(p.checks).toHaveLength(ROWS.length * 3);
    // The rows keep the file's order, each with its copies beside it.
    expect(p.checks.map((c) => c.row)).toEqual(ROWS.flatMap((_, i) => [i, i, i]));
    expect(p.checks.filter((c) => !c.copy).map((c) => c.email)).toEqual(ROWS.map((r) => r.email));
    const copies = p.checks.filter((c) => c.copy);
    expect(p.copies).toBe(copies.length);
    for (const c of copies) expect(c.email.slice(c.email.lastIndexOf('@'))).toBe(ROWS[c.row]!.email.slice(ROWS[c.row]!.email.lastIndexOf('@')).toLowerCase());
    const emails = p.checks.map((c) => c.email.toLowerCase());
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('the made-up inboxes keep the row\'s local-part shape (a name shape as faker names, a number as digits)', () => {
    const p = replayPlan(ROWS.slice(0, 5), 'file', 5, 3, shapeOf);
    for (const c of p.checks.filter((x) => x.copy)) {
      const local = (e: string): string => e.slice(0, e.lastIndexOf('@')).toLowerCase();
      expect({ row: c.row, shape: shapeOf(local(c.email)) }).toEqual({ row: c.row, shape: shapeOf(local(ROWS[c.row]!.email)) });
    }
    expect(p.copiesSameShape).toBe(p.copies);
    const numeric = p.checks.filter((c) => c.copy && c.row === 3);
    for (const c of numeric) expect(c.email).toMatch(/^\d{8}@qq\.com$/);
  });

  it('shuffled and enlarged: the rows and their copies mixed, the same for the same seed', () => {
    const p = replayPlan(ROWS, 'shuffled', 9, 2, shapeOf);
    expect(p.checks.map((c) => c.row)).not.toEqual(ROWS.flatMap((_, i) => [i, i]));
    expect(replayPlan(ROWS, 'shuffled', 9, 2, shapeOf)).toEqual(p);
  });

  it('a local part in another script, or with nothing to redraw, still gets made-up inboxes of its own', () => {
    const rows: LabelledRow[] = [
      { email: 'σοφία.παππά@example.gr', label: 'human' },
      { email: '张伟@example.cn', label: 'human' },
      { email: '_@example.com', label: 'fake' },
    ];
    const p = replayPlan(rows, 'file', 2, 4, shapeOf);
    const emails = p.checks.map((c) => c.email);
    expect(new Set(emails).size).toBe(12);
    for (const c of p.checks) expect(c.email.slice(c.email.indexOf('@'))).toBe(rows[c.row]!.email.slice(rows[c.row]!.email.indexOf('@')));
  });

  it('refuses a size that is no whole number from 1', () => {
    expect(() => replayPlan(ROWS, 'file', 1, 0, shapeOf)).toThrow(/times must be/);
    expect(() => replayPlan(ROWS, 'file', 1, 1.5, shapeOf)).toThrow(/times must be/);
  });
});
