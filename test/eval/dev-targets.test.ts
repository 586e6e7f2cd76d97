/**
 * The targets on the shared development set, through the eval tool's own code.
 * Reads ../shared/eval/dev-labelled.jsonl at run time (skipped when absent); no address
 * from it is ever copied into the repository.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { parseLabelledJsonl } from '../../src/eval/labelled.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { describeShared, sharedPath } from '../helpers/shared.ts';

describeShared(['eval', 'dev-labelled.jsonl'], 'eval targets on dev-labelled.jsonl', () => {
  it('reaches AUC >= 0.90 overall, >= 0.80 on gmail.com, and blocks < 5% of humans', () => {
    const rows = parseLabelledJsonl(readFileSync(sharedPath('eval', 'dev-labelled.jsonl'), 'utf8'));
    const r = evaluate(rows, buildJudgeTables(), BASELINE_SCORECARD);
    expect(r.scored).toBeGreaterThan(2000);
    expect(r.overall.auc).toBeGreaterThanOrEqual(0.9);
    expect(r.gmail.auc).toBeGreaterThanOrEqual(0.8);
    expect(r.humansBlocked).toBeLessThan(0.05);
  });
});
