import { beforeAll, describe, expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { compareLearned } from '../../src/eval/learned.ts';
import type { LabelledRow } from '../../src/eval/labelled.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { useTensorflowCpu } from '../../src/platform/tensorflow.ts';
import { population } from '../helpers/population.ts';

describe('eval --learned: the trainer fit on one half, scored on the other', () => {
  beforeAll(() => useTensorflowCpu());

  it('reports two folds over every parsable row, with a learned model that separates the populations', async () => {
    const rows: LabelledRow[] = population(300).map((p) => ({ email: p.email, label: p.human ? 'human' : 'fake' }));
    rows.push({ email: 'not an address', label: 'fake' });
    const { folds } = await compareLearned(rows, buildJudgeTables(), BASELINE_SCORECARD);
    expect(folds.map((f) => f.trainedOn)).toEqual(['A', 'B']);
    expect(folds[0]!.examples + folds[1]!.examples).toBe(300);
    for (const f of folds) {
      expect(f.learned.scored).toBe(f.baseline.scored);
      expect(f.learned.overall.auc).toBeGreaterThan(0.9);
      expect([1, 10, 100, 1000]).toContain(f.l2);
    }
  }, 60_000);
});
