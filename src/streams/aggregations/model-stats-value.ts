import type { ModelTally } from '../../model/prequential.ts';

/** Value of the model-stats store: prequential tallies of one account. */
export interface ModelStats {
  baseline: ModelTally;
  learned: ModelTally;
  humans: number;
  fakes: number;
}
