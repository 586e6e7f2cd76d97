/**
 * Fits the learned model: a logistic regression over the feature vector whose weights are
 * pulled towards the baseline's hand-set ones (a Gaussian prior centred on them; the fit is
 * the MAP estimate). With few outcomes the pull dominates and the learned model stays close
 * to the baseline; with many, the outcomes win. How strong the pull is gets chosen on a
 * time-ordered holdout (the newest outcomes), because what matters is how the model does on
 * checks it has not seen yet.
 *
 * TensorFlow.js does the fitting with whichever backend the caller registered. Deterministic:
 * warm start from the prior, full-batch Adam, no shuffling, no random initialisation.
 * Pure apart from tensor memory, which is released before returning.
 */
import * as tf from '@tensorflow/tfjs';
import { logLossOf } from './prequential.ts';
import { sigmoid } from './score.ts';

export interface LabelledExample {
  /** In FEATURE_NAMES order. */
  readonly features: ArrayLike<number>;
  readonly human: boolean;
  /** When the outcome arrived: orders examples for the holdout. */
  readonly time: number;
  /** P(human) the baseline gave at check time. */
  readonly baselineProbability: number;
}

export interface LinearModel {
  readonly intercept: number;
  readonly weights: Float64Array;
}

export interface FitOptions {
  /** Prior strength in pseudo-examples: the penalty is l2/2 * |theta - prior|^2 on the summed loss. */
  readonly l2: number;
  readonly maxSteps?: number;
  readonly learningRate?: number;
  /** Stop when the objective moves less than this (relative) between steps. */
  readonly tolerance?: number;
  /** Called every few steps so a long fit can yield to the event loop. */
  readonly pause?: () => Promise<void>;
}

export interface FittedModel extends LinearModel {
  readonly steps: number;
}

const DEFAULT_STEPS = 800;
const DEFAULT_RATE = 0.05;
const DEFAULT_TOLERANCE = 1e-7;
const PAUSE_EVERY = 25;

/** MAP logistic regression with a Gaussian prior centred on `prior`. */
export async function fitLogistic(examples: readonly LabelledExample[], prior: LinearModel, o: FitOptions): Promise<FittedModel> {
  const n = examples.length;
  const d = prior.weights.length;
  if (n === 0) throw new Error('fitLogistic: no examples');
  const xs = new Float32Array(n * d);
  const ys = new Float32Array(n);
  examples.forEach((e, i) => {
    if (e.features.length !== d) throw new Error(`fitLogistic: example ${i} has ${e.features.length} features, the prior ${d}`);
    for (let j = 0; j < d; j++) xs[i * d + j] = e.features[j]!;
    ys[i] = e.human ? 1 : 0;
  });
  const X = tf.tensor2d(xs, [n, d]);
  const Y = tf.tensor2d(ys, [n, 1]);
  const w0 = tf.tensor2d(Float32Array.from(prior.weights), [d, 1]);
  const b0 = tf.scalar(prior.intercept);
  // Variables share the prior's data until the first update replaces it (no copies to leak).
  const w = tf.variable(w0);
  const b = tf.variable(b0);
  // Mean loss + l2/(2n) |theta - prior|^2: the summed-loss MAP objective divided by n.
  const coef = tf.scalar(o.l2 / (2 * n));
  const optimizer = tf.train.adam(o.learningRate ?? DEFAULT_RATE);
  const tolerance = o.tolerance ?? DEFAULT_TOLERANCE;
  let previous = Infinity;
  let steps = 0;
  try {
    for (; steps < (o.maxSteps ?? DEFAULT_STEPS); steps++) {
      const lossTensor = optimizer.minimize(
        () => {
          const ce = tf.losses.sigmoidCrossEntropy(Y, tf.add(tf.matMul(X, w), b));
          const penalty = tf.mul(tf.add(tf.sum(tf.square(tf.sub(w, w0))), tf.square(tf.sub(b, b0))), coef);
          return tf.add(ce, penalty) as tf.Scalar;
        },
        true,
        [w, b],
      )!;
      const loss = lossTensor.dataSync()[0]!;
      lossTensor.dispose();
      if (Math.abs(previous - loss) <= tolerance * Math.max(1, Math.abs(loss))) break;
      previous = loss;
      if (o.pause && steps % PAUSE_EVERY === PAUSE_EVERY - 1) await o.pause();
    }
    return { intercept: b.dataSync()[0]!, weights: Float64Array.from(w.dataSync()), steps };
  } finally {
    optimizer.dispose();
    for (const t of [X, Y, w0, b0, w, b, coef]) t.dispose();
  }
}

/** P(human) of a linear model for one feature vector. */
export function predict(m: LinearModel, features: ArrayLike<number>): number {
  let z = m.intercept;
  for (let j = 0; j < m.weights.length; j++) z += m.weights[j]! * features[j]!;
  return sigmoid(z);
}

export function meanLogLoss(examples: readonly LabelledExample[], probabilityOf: (e: LabelledExample) => number): number {
  if (examples.length === 0) return NaN;
  let sum = 0;
  for (const e of examples) sum += logLossOf(e.human, probabilityOf(e));
  return sum / examples.length;
}

export interface TrainOptions {
  /** Prior strengths tried on the holdout, in pseudo-examples. */
  readonly l2Grid?: readonly number[];
  /** Share of the newest examples held out to choose l2. */
  readonly holdoutShare?: number;
  readonly pause?: () => Promise<void>;
}

export interface TrainedModel extends LinearModel {
  readonly l2: number;
  readonly examples: number;
  readonly humans: number;
  readonly fakes: number;
  /** Label time of the newest example. */
  readonly trainedThrough: number;
  readonly trainLogLoss: number;
  /** Fitted on the older examples only, scored on the newest. */
  readonly holdoutLogLoss: number;
  /** The baseline's log loss on the same holdout, as it scored those checks. */
  readonly baselineHoldoutLogLoss: number;
}

export const DEFAULT_L2_GRID: readonly number[] = [1, 10, 100, 1000];
const DEFAULT_HOLDOUT_SHARE = 0.2;

/**
 * Chooses the prior strength on a time-ordered holdout, then refits on every example.
 * Ties go to the stronger pull (the model closer to the baseline).
 */
export async function trainModel(examples: readonly LabelledExample[], prior: LinearModel, o: TrainOptions = {}): Promise<TrainedModel> {
  const sorted = [...examples].sort((a, b) => a.time - b.time);
  const humans = sorted.filter((e) => e.human).length;
  const fakes = sorted.length - humans;
  if (humans === 0 || fakes === 0) throw new Error('trainModel: needs outcomes of both kinds');
  const grid = [...(o.l2Grid ?? DEFAULT_L2_GRID)].sort((a, b) => b - a);
  if (grid.length === 0 || !grid.every((x) => Number.isFinite(x) && x >= 0)) throw new Error('trainModel: l2Grid must hold finite values >= 0');
  if (sorted.length < 2) throw new Error('trainModel: needs at least 2 examples (one to fit, one to hold out)');
  // At least one example on each side of the cut, whatever the share.
  const held = Math.min(sorted.length - 1, Math.max(1, Math.round(sorted.length * (o.holdoutShare ?? DEFAULT_HOLDOUT_SHARE))));
  const cut = sorted.length - held;
  const older = sorted.slice(0, cut);
  const newest = sorted.slice(cut);
  let best = { l2: grid[0]!, loss: Infinity };
  for (const l2 of grid) {
    const m = await fitLogistic(older, prior, { l2, ...(o.pause ? { pause: o.pause } : {}) });
    const loss = meanLogLoss(newest, (e) => predict(m, e.features));
    if (loss < best.loss - 1e-9) best = { l2, loss };
  }
  const final = await fitLogistic(sorted, prior, { l2: best.l2, ...(o.pause ? { pause: o.pause } : {}) });
  return {
    intercept: final.intercept,
    weights: final.weights,
    l2: best.l2,
    examples: sorted.length,
    humans,
    fakes,
    trainedThrough: sorted[sorted.length - 1]!.time,
    trainLogLoss: meanLogLoss(sorted, (e) => predict(final, e.features)),
    holdoutLogLoss: best.loss,
    baselineHoldoutLogLoss: meanLogLoss(newest, (e) => e.baselineProbability),
  };
}
