/**
 * Floors on the shared development sets, through the eval tool's own code. Reads
 * ../shared/eval/*.jsonl at run time (skipped when absent); no address from them is ever
 * copied into the repository. The floors sit below today's figures (closing note of issue 16)
 * so that they catch a regression, not noise.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { parseLabelledJsonl } from '../../src/eval/labelled.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { describeShared, sharedPath } from '../helpers/shared.ts';

const report = (file: string) => evaluate(parseLabelledJsonl(readFileSync(sharedPath('eval', file), 'utf8')), buildJudgeTables(), BASELINE_SCORECARD);

describeShared(['eval', 'dev-labelled.jsonl'], 'eval targets on dev-labelled.jsonl', () => {
  it('reaches AUC >= 0.90 overall, >= 0.85 on gmail.com, catches >= 75% of fakes and blocks < 2% of humans', () => {
    const r = report('dev-labelled.jsonl');
    expect(r.scored).toBeGreaterThan(2000);
    expect(r.overall.auc).toBeGreaterThanOrEqual(0.9);
    expect(r.gmail.auc).toBeGreaterThanOrEqual(0.85);
    expect(r.fakesCaught).toBeGreaterThanOrEqual(0.75);
    expect(r.humansBlocked).toBeLessThan(0.02);
  });
});

describeShared(['eval', 'dev-labelled-v2.jsonl'], 'eval targets on dev-labelled-v2.jsonl', () => {
  it('reaches AUC >= 0.95 overall and >= 0.90 for every kind, catches >= 85% of fakes and blocks < 2.5% of humans', () => {
    const r = report('dev-labelled-v2.jsonl');
    expect(r.scored).toBeGreaterThan(1500);
    expect(r.overall.auc).toBeGreaterThanOrEqual(0.95);
    for (const k of r.perKind) expect(k.auc, k.name).toBeGreaterThanOrEqual(0.9);
    expect(r.fakesCaught).toBeGreaterThanOrEqual(0.85);
    expect(r.humansBlocked).toBeLessThan(0.025);
  });
});
