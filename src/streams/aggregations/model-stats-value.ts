import type { ModelTally } from '../../model/prequential.ts';

/** Value of the model-stats store: prequential tallies of one account. */
export interface ModelStats {
  baseline: ModelTally;
  /** The shared learned model's tally (only probabilities the shared model gave). */
  learned: ModelTally;
  /** This account's personal model's tally (only probabilities its personal model gave). */
  personal: ModelTally;
  humans: number;
  fakes: number;
}
