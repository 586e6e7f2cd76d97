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
  it('reaches AUC >= 0.91 overall, >= 0.88 on gmail.com, catches >= 81.5% of fakes and blocks < 1% of humans', () => {
    const r = report('dev-labelled.jsonl');
    expect(r.scored).toBeGreaterThan(2000);
    expect(r.overall.auc).toBeGreaterThanOrEqual(0.91);
    expect(r.gmail.auc).toBeGreaterThanOrEqual(0.88);
    expect(r.fakesCaught).toBeGreaterThanOrEqual(0.815);
    expect(r.humansBlocked).toBeLessThan(0.01);
    // The calibration's price (docs/scorecard.md §4): at most about one developer in nine to review.
    expect(r.confusion.human.review / r.overall.humans).toBeLessThan(0.11);
  });
});

describeShared(['eval', 'dev-labelled-v2.jsonl'], 'eval targets on dev-labelled-v2.jsonl', () => {
  it('reaches AUC >= 0.975 overall and >= 0.95 for every kind, catches >= 97% of fakes and blocks < 1.5% of humans', () => {
    const r = report('dev-labelled-v2.jsonl');
    expect(r.scored).toBeGreaterThan(1500);
    expect(r.overall.auc).toBeGreaterThanOrEqual(0.975);
    for (const k of r.perKind) expect(k.auc, k.name).toBeGreaterThanOrEqual(0.95);
    expect(r.fakesCaught).toBeGreaterThanOrEqual(0.97);
    expect(r.humansBlocked).toBeLessThan(0.015);
    expect(r.confusion.human.review / r.overall.humans).toBeLessThan(0.09);
  });
});
