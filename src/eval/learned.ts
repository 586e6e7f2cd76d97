/**
 * What the trainer would make of a labelled file: fits the learned model (src/model/train.ts,
 * the trainer's own fit) on one fixed half of the rows and scores the other half with both the
 * baseline and the learned model, then the other way round. Only the address's own features
 * exist here (no DNS, IP or history), so those weights stay at the baseline's prior.
 * Pure apart from tensor memory (released by trainModel).
 */
import { analyze, judge, type JudgeTables } from '../check/judge.ts';
import { expandLogOdds } from '../model/calibration.ts';
import { BLOCK_CUT_LOGIT, type Scorecard } from '../model/score.ts';
import { trainModel, type LabelledExample } from '../model/train.ts';
import { parseAddress } from '../signals/syntax.ts';
import { evaluate, type EvalReport } from './evaluate.ts';
import { splitHalves, type LabelledRow } from './labelled.ts';

export interface LearnedComparison {
  /** Trained on half A, scored on half B; then the reverse. */
  readonly folds: { trainedOn: 'A' | 'B'; examples: number; l2: number; baseline: EvalReport; learned: EvalReport }[];
}

function examplesOf(rows: readonly LabelledRow[], tables: JudgeTables, baseline: Scorecard): LabelledExample[] {
  const out: LabelledExample[] = [];
  rows.forEach((row, i) => {
    const parsed = parseAddress(row.email);
    if (!parsed.ok) return;
    const { features, score } = judge(analyze(parsed.address, tables), {}, baseline);
    // The file has no outcome times and may be grouped by source: a fixed pseudo-random order
    // stands in for arrival order, so the trainer's "newest 20%" holdout mixes sources.
    out.push({ features, human: row.label === 'human', time: Math.imul(i + 7, 2246822519) >>> 0, baselineProbability: score.probability });
  });
  return out;
}

export async function compareLearned(rows: readonly LabelledRow[], tables: JudgeTables, baseline: Scorecard): Promise<LearnedComparison> {
  const [a, b] = splitHalves(rows);
  const folds: LearnedComparison['folds'][number][] = [];
  for (const [trainedOn, train, test] of [['A', a, b], ['B', b, a]] as const) {
    const examples = examplesOf(train, tables, baseline);
    // Fitted from the baseline as set, then calibrated as the baseline is (as the trainer does).
    const servingScale = baseline.calibrationScale ?? 1;
    const m = await trainModel(examples, expandLogOdds(baseline, servingScale, BLOCK_CUT_LOGIT), { servingScale });
    const learned: Scorecard = { ...baseline, name: 'learned', version: 1, intercept: m.intercept, weights: m.weights };
    folds.push({ trainedOn, examples: examples.length, l2: m.l2, baseline: evaluate(test, tables, baseline), learned: evaluate(test, tables, learned) });
  }
  return { folds };
}
