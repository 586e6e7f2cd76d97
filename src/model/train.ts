/**
 * Fits the learned model: a logistic regression over the feature vector whose weights are
 * pulled towards the baseline's hand-set ones (a Gaussian prior centred on them; the fit is
 * the MAP estimate). With few outcomes the pull dominates and the learned model stays close
 * to the baseline; with many, the outcomes win. How strong the pull is gets chosen on a
 * time-ordered holdout (the newest outcomes), because what matters is how the model does on
 * checks it has not seen yet.
 *
 * Outcomes can weigh unequally (each account's share of a shared model is capped:
 * tenant-weights.ts). Every outcome also gets a probability from a fit that did not see it
 * (cross-fitting), and on those held-out outcomes the verdict guard (verdict-guard.ts) keeps the
 * model from blocking a larger share of known humans than the baseline did (recalibrating it).
 * Then it inherits the baseline's calibration (calibration.ts: the log-odds shrunk towards the
 * block cut by the baseline's scale), so that whichever serves, the review band is the one the
 * baseline's calibration gives; the prior is therefore the baseline as set (before its
 * calibration), or a learned model as fitted, not as served.
 *
 * TensorFlow.js does the fitting with whichever backend the caller registered. Deterministic:
 * warm start from the prior, full-batch Adam, no shuffling, no random initialisation.
 * Pure apart from tensor memory, which is released before returning.
 */
import * as tf from '@tensorflow/tfjs';
import { DEFAULT_THRESHOLDS } from '../domain/check.ts';
import { blockCutLogit } from './calibration.ts';
import { domainEffectOf, domainShares, fitDomainEffects, type DomainPrior, type DomainPriorGrid } from './domain-effects.ts';
import { effectsOffShift } from './effects-off.ts';
import { shapeShares } from './effect-drift.ts';
import { FEATURE_INDEX } from './features.ts';
import { logLossOf } from './prequential.ts';
import { providerEffectHeld, sigmoid, type GuardReason } from './score.ts';
import { keepPriorWhereUnexercised, unexercisedFeatures } from './unexercised.ts';
import { guardVerdicts, servedHeldOut, servedLogit } from './verdict-guard.ts';

export interface LabelledExample {
  /** In FEATURE_NAMES order. */
  readonly features: ArrayLike<number>;
  readonly human: boolean;
  /** When the outcome arrived: orders examples for the holdout. */
  readonly time: number;
  /** P(human) the baseline gave at check time. */
  readonly baselineProbability: number;
  /** How much the outcome weighs in the fit (> 0; 1 when absent): tenant shares, tenant-weights.ts. */
  readonly weight?: number;
  /** The check's domain: what per-domain effects are keyed by (domain-effects.ts). */
  readonly domain?: string;
  /** The check's local-part shape (absent in labelled checks written before it): the shape mix the effects were fitted on (effect-drift.ts). */
  readonly shape?: string;
}

const weightOf = (e: LabelledExample): number => e.weight ?? 1;

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
  /**
   * Where the fit starts (default: the prior). The optimum is the same; one near it (the fit on
   * most of the same outcomes) is reached in far fewer steps.
   */
  readonly start?: LinearModel;
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

/** MAP logistic regression with a Gaussian prior centred on `prior`; an infinite `l2` keeps the prior's weights. */
export async function fitLogistic(examples: readonly LabelledExample[], prior: LinearModel, o: FitOptions): Promise<FittedModel> {
  const n = examples.length;
  const d = prior.weights.length;
  if (n === 0) throw new Error('fitLogistic: no examples');
  if (o.l2 === Infinity) return { intercept: prior.intercept, weights: Float64Array.from(prior.weights), steps: 0 };
  const xs = new Float32Array(n * d);
  const ys = new Float32Array(n);
  const ws = new Float32Array(n);
  let total = 0;
  examples.forEach((e, i) => {
    if (e.features.length !== d) throw new Error(`fitLogistic: example ${i} has ${e.features.length} features, the prior ${d}`);
    const w = weightOf(e);
    if (!(w > 0 && Number.isFinite(w))) throw new Error(`fitLogistic: example ${i} has weight ${w}, must be > 0`);
    for (let j = 0; j < d; j++) xs[i * d + j] = e.features[j]!;
    ys[i] = e.human ? 1 : 0;
    ws[i] = w;
    total += w;
  });
  const X = tf.tensor2d(xs, [n, d]);
  const Y = tf.tensor2d(ys, [n, 1]);
  const Wt = tf.tensor2d(ws, [n, 1]);
  const w0 = tf.tensor2d(Float32Array.from(prior.weights), [d, 1]);
  const b0 = tf.scalar(prior.intercept);
  const wStart = o.start ? tf.tensor2d(Float32Array.from(o.start.weights), [d, 1]) : w0;
  const bStart = o.start ? tf.scalar(o.start.intercept) : b0;
  // Variables share the start's data until the first update replaces it (no copies to leak).
  const w = tf.variable(wStart);
  const b = tf.variable(bStart);
  // Weighted mean loss + l2/(2W) |theta - prior|^2: the summed (weighted) MAP objective divided
  // by the total weight W, so the prior weighs l2 outcomes against W (n when unweighted).
  const perWeight = tf.scalar(1 / total);
  const coef = tf.scalar(o.l2 / (2 * total));
  const optimizer = tf.train.adam(o.learningRate ?? DEFAULT_RATE);
  const tolerance = o.tolerance ?? DEFAULT_TOLERANCE;
  let previous = Infinity;
  let steps = 0;
  try {
    for (; steps < (o.maxSteps ?? DEFAULT_STEPS); steps++) {
      const lossTensor = optimizer.minimize(
        () => {
          const ce = tf.mul(tf.losses.sigmoidCrossEntropy(Y, tf.add(tf.matMul(X, w), b), Wt, 0, tf.Reduction.SUM), perWeight);
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
    for (const t of [X, Y, Wt, w0, b0, w, b, perWeight, coef, ...(o.start ? [wStart, bStart] : [])]) t.dispose();
  }
}

/** The logit of a linear model for one feature vector. */
export function logitOf(m: LinearModel, features: ArrayLike<number>): number {
  let z = m.intercept;
  for (let j = 0; j < m.weights.length; j++) z += m.weights[j]! * features[j]!;
  return z;
}

/** P(human) of a linear model for one feature vector. */
export function predict(m: LinearModel, features: ArrayLike<number>): number {
  return sigmoid(logitOf(m, features));
}

/** Log loss weighted as the fit weighs the examples. */
export function meanLogLoss(examples: readonly LabelledExample[], probabilityOf: (e: LabelledExample) => number): number {
  let sum = 0;
  let total = 0;
  for (const e of examples) {
    sum += weightOf(e) * logLossOf(e.human, probabilityOf(e));
    total += weightOf(e);
  }
  return total > 0 ? sum / total : NaN;
}

export interface TrainOptions {
  /** Prior strengths tried on the holdout, in pseudo-examples (Infinity: the prior's weights, unfitted). */
  readonly l2Grid?: readonly number[];
  /** Share of the newest examples held out to choose l2. */
  readonly holdoutShare?: number;
  /** A human_score below this is a block (MAILSIFT_VERDICT_REVIEW): what the verdict guard holds. */
  readonly blockBelow?: number;
  /** A human_score at or above this is an allow (MAILSIFT_VERDICT_ALLOW): what the catch guard holds (catch-guard.ts). */
  readonly allowAtLeast?: number;
  /**
   * The baseline's calibration scale, inherited after the verdict guard: the model as served has
   * the log-odds pivot + servingScale × (guarded log-odds − pivot), the pivot the block cut of
   * `blockBelow` (calibration.ts). 1 (default): none.
   */
  readonly servingScale?: number;
  /** The verdict guard's ceiling on held-out humans blocked, at 95% confidence (default 3%; 1 lifts the sampling bound: verdict-guard.ts). */
  readonly blockedHumansCeiling?: number;
  /**
   * Fit per-domain intercepts too (a personal model: domain-effects.ts), their prior (precision
   * and free-mail factor) chosen on the holdout among these (or none, when none does better there).
   */
  readonly domainEffects?: DomainPriorGrid;
  readonly pause?: () => Promise<void>;
}

export interface TrainedModel<E extends LabelledExample = LabelledExample> extends LinearModel {
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
  /** Summed weight of the examples (their number when unweighted). */
  readonly effectiveExamples: number;
  /**
   * From the model as fitted to the model as served, included in `intercept` and `weights`: the
   * logit as fitted times the scale, plus the shift (1 and 0: none). It is the verdict guard's
   * recalibration followed by the baseline's calibration (`servingScale`), composed; except the
   * weights of features no outcome exercised (`unexercised`), which are the prior's times the
   * inherited calibration scale.
   */
  readonly calibrationScale: number;
  readonly calibrationShift: number;
  /**
   * The shrink towards the block cut it serves with after the verdict guard: the baseline's
   * calibration scale it inherited (TrainOptions.servingScale; 1: none), or a stronger one when
   * the catch guard found it letting through more held-out fakes than the baseline.
   */
  readonly servingScale: number;
  /** The verdict guard's own recalibration (before the inherited calibration): scale and shift. */
  readonly guardScale: number;
  readonly guardShift: number;
  /** Features that were 0 in every outcome: their weights serve as the prior's (unexercised.ts). */
  readonly unexercised: number;
  /** What the guards adjusted it for (empty: as fitted, with the inherited shrink). */
  readonly adjusted: readonly GuardReason[];
  /** Adjusted by a guard, it no longer beats the baseline on held-out outcomes, or its held-out humans were too few to bound what it blocks: not to be served. */
  readonly heldBack: boolean;
  /** The held-out humans were too few for the verdict guard to vouch for any block threshold (held back). */
  readonly tooFewHumans: boolean;
  /** The held-out humans' effective number (Kish) the verdict guard read its sampling bound at. */
  readonly heldOutHumansEffective: number;
  /** Weighted shares of the held-out humans blocked: by the model (calibrated), as fitted, by the baseline. */
  readonly heldOutHumansBlocked: number;
  readonly heldOutHumansBlockedAsFitted: number;
  readonly baselineHeldOutHumansBlocked: number;
  /** Weighted shares of the held-out fakes caught (review or block): by the model as served, with the inherited shrink only, by the baseline. */
  readonly heldOutFakesCaught: number;
  readonly heldOutFakesCaughtInherited: number;
  readonly baselineHeldOutFakesCaught: number;
  /** Per-domain intercepts as served (scaled as the weights are), empty without them (domain-effects.ts). */
  readonly domainEffects: ReadonlyMap<string, number>;
  /** Each effect's domain's share of the examples' weight (effect-drift.ts): the traffic the effects describe. */
  readonly domainShares: ReadonlyMap<string, number>;
  /** Each local-part shape's share of the examples' weight (effect-drift.ts), when there are effects and the examples carry shapes; else empty. */
  readonly shapeShares: ReadonlyMap<string, number>;
  /** Added to the served logit without the effects so that it blocks the held-out humans the guard allowed (effects-off.ts); 0 without effects. */
  readonly effectsOffShift: number;
  /** Their prior as chosen on the holdout; undefined: none fitted, or none did better there. */
  readonly domainPrior?: DomainPrior;
  /** Every example with P(human) from a fit that did not see it (recalibrated and shrunk as the model is), oldest first. */
  readonly heldOut: readonly { readonly example: E; readonly probability: number }[];
}

export const DEFAULT_L2_GRID: readonly number[] = [1, 10, 100, 1000];
const DEFAULT_HOLDOUT_SHARE = 0.2;
/** Contiguous blocks of the examples older than the holdout, each scored by a fit on all the others. */
const OLDER_FOLDS = 4;

/**
 * Chooses the prior strength on a time-ordered holdout, then refits on every example.
 * Ties go to the stronger pull (the model closer to the baseline). Cross-fits at that strength
 * (the holdout is one fold, the older examples four more) so that every example has a held-out
 * probability, and lets the verdict guard calibrate the intercept on them.
 */
export async function trainModel<E extends LabelledExample>(examples: readonly E[], prior: LinearModel, o: TrainOptions = {}): Promise<TrainedModel<E>> {
  const sorted = [...examples].sort((a, b) => a.time - b.time);
  const humans = sorted.filter((e) => e.human).length;
  const fakes = sorted.length - humans;
  if (humans === 0 || fakes === 0) throw new Error('trainModel: needs outcomes of both kinds');
  const grid = [...(o.l2Grid ?? DEFAULT_L2_GRID)].sort((a, b) => b - a);
  if (grid.length === 0 || !grid.every((x) => x >= 0)) throw new Error('trainModel: l2Grid must hold values >= 0 (Infinity: the prior\'s weights)');
  if (sorted.length < 2) throw new Error('trainModel: needs at least 2 examples (one to fit, one to hold out)');
  // At least one example on each side of the cut, whatever the share.
  const held = Math.min(sorted.length - 1, Math.max(1, Math.round(sorted.length * (o.holdoutShare ?? DEFAULT_HOLDOUT_SHARE))));
  const cut = sorted.length - held;
  const older = sorted.slice(0, cut);
  const newest = sorted.slice(cut);
  const pause = o.pause ? { pause: o.pause } : {};
  let best: { l2: number; loss: number; model?: LinearModel } = { l2: grid[0]!, loss: Infinity };
  for (const l2 of grid) {
    const m = await fitLogistic(older, prior, { l2, ...pause });
    const loss = meanLogLoss(newest, (e) => predict(m, e.features));
    if (loss < best.loss - 1e-9) best = { l2, loss, model: m };
  }
  const bestOlder = best.model ?? (await fitLogistic(older, prior, { l2: best.l2, ...pause }));
  const domains = chooseDomainPrior(older, newest, bestOlder, o.domainEffects);
  // Per-domain effects (when chosen) fitted as residuals on the given model's logits.
  const withDomains = (fit: readonly E[], m: LinearModel): ReadonlyMap<string, number> =>
    domains.prior ? fitDomainEffects(fit, fit.map((e) => logitOf(m, e.features)), domains.prior) : NO_EFFECTS;
  // Held-out logits: the newest from the fit on the older examples, each older block from a fit on everything else
  // (and without the effects, for the level the model keeps when they fade: effects-off.ts).
  const heldOutLogits = new Float64Array(sorted.length);
  const heldOutLinear = new Float64Array(sorted.length);
  const heldOutEffects = new Float64Array(sorted.length);
  const olderEffects = withDomains(older, bestOlder);
  for (let i = cut; i < sorted.length; i++) {
    heldOutLinear[i] = logitOf(bestOlder, sorted[i]!.features);
    heldOutEffects[i] = domainEffectOf(olderEffects, sorted[i]!.domain);
    heldOutLogits[i] = heldOutLinear[i]! + heldOutEffects[i]!;
  }
  // Scored as served: a free-mail provider's effect is held at the block cut (providerEffectHeld).
  for (let f = 0; f < OLDER_FOLDS; f++) {
    const from = Math.floor((f * cut) / OLDER_FOLDS);
    const to = Math.floor(((f + 1) * cut) / OLDER_FOLDS);
    if (to <= from) continue;
    const rest = [...sorted.slice(0, from), ...sorted.slice(to)];
    const m = await fitLogistic(rest, prior, { l2: best.l2, start: bestOlder, ...pause });
    const effects = withDomains(rest, m);
    for (let i = from; i < to; i++) {
      heldOutLinear[i] = logitOf(m, sorted[i]!.features);
      heldOutEffects[i] = domainEffectOf(effects, sorted[i]!.domain);
      heldOutLogits[i] = heldOutLinear[i]! + heldOutEffects[i]!;
    }
  }
  const blockBelow = o.blockBelow ?? DEFAULT_THRESHOLDS.reviewAtLeast;
  const heldOutScores = sorted.map((e, i) => ({
    human: e.human,
    weight: weightOf(e),
    logit: heldOutLogits[i]!,
    baselineProbability: e.baselineProbability,
    providerEffect: providerEffectOf(e, heldOutEffects[i]!),
  }));
  const guard = guardVerdicts(
    heldOutScores,
    {
      blockBelow,
      allowAtLeast: o.allowAtLeast ?? DEFAULT_THRESHOLDS.allowAtLeast,
      servingScale: o.servingScale ?? 1,
      ...(o.blockedHumansCeiling === undefined ? {} : { blockedHumansCeiling: o.blockedHumansCeiling }),
    },
  );
  const { servingScale } = guard;
  const fitted = await fitLogistic(sorted, prior, { l2: best.l2, start: bestOlder, ...pause });
  // As served: the guard's map, then the inherited shrink towards the block cut, as one affine map.
  const scale = servingScale * guard.scale;
  const shift = servedLogit(0, guard, servingScale, blockBelow);
  // A weight no outcome exercised was neither learned nor measured: it serves as the prior serves it (unexercised.ts).
  const unexercised = unexercisedFeatures(sorted, prior.weights.length);
  const final = keepPriorWhereUnexercised({ intercept: scale * fitted.intercept + shift, weights: fitted.weights.map((x) => scale * x) }, prior, o.servingScale ?? 1, unexercised);
  // The effects as served: the same affine map, whose shift the intercept carries already.
  const effectsAsFitted = withDomains(sorted, fitted);
  const domainEffects = new Map([...effectsAsFitted].map(([d, b]) => [d, scale * b]));
  const servedLogitOf = (e: LabelledExample): number => providerEffectHeld(logitOf(final, e.features), domainEffectOf(domainEffects, e.domain), atFreeProvider(e), blockBelow);
  const heldOutHumans = sorted.flatMap((e, i) => (e.human ? [i] : []));
  const served = (i: number): number => servedHeldOut(heldOutScores[i]!, guard, servingScale, blockBelow);
  const effectsOff =
    domainEffects.size === 0 ? 0 : effectsOffShift(heldOutHumans.map(served), heldOutHumans.map((i) => servedLogit(heldOutLinear[i]!, guard, servingScale, blockBelow)), blockCutLogit(blockBelow));
  return {
    intercept: final.intercept,
    weights: final.weights,
    l2: best.l2,
    examples: sorted.length,
    humans,
    fakes,
    trainedThrough: sorted[sorted.length - 1]!.time,
    trainLogLoss: meanLogLoss(sorted, (e) => sigmoid(servedLogitOf(e))),
    holdoutLogLoss: domains.loss ?? best.loss,
    baselineHoldoutLogLoss: meanLogLoss(newest, (e) => e.baselineProbability),
    effectiveExamples: sorted.reduce((s, e) => s + weightOf(e), 0),
    calibrationScale: scale,
    calibrationShift: shift,
    servingScale,
    guardScale: guard.scale,
    guardShift: guard.shift,
    unexercised: unexercised.filter(Boolean).length,
    adjusted: guard.adjusted,
    heldBack: guard.heldBack,
    tooFewHumans: guard.tooFewHumans,
    heldOutHumansEffective: guard.effectiveHumans,
    heldOutHumansBlocked: guard.humansBlocked,
    heldOutHumansBlockedAsFitted: guard.fittedHumansBlocked,
    baselineHeldOutHumansBlocked: guard.baselineHumansBlocked,
    heldOutFakesCaught: guard.fakesCaught,
    heldOutFakesCaughtInherited: guard.inheritedFakesCaught,
    baselineHeldOutFakesCaught: guard.baselineFakesCaught,
    domainEffects,
    domainShares: domainShares(sorted, effectsAsFitted),
    shapeShares: domainEffects.size === 0 ? NO_EFFECTS : shapeShares(sorted),
    effectsOffShift: effectsOff,
    ...(domains.prior ? { domainPrior: domains.prior } : {}),
    heldOut: sorted.map((example, i) => ({ example, probability: sigmoid(served(i)) })),
  };
}

const NO_EFFECTS: ReadonlyMap<string, number> = new Map();

const atFreeProvider = (e: LabelledExample): boolean => e.features[FEATURE_INDEX.free_provider]! > 0;

/** The part of a logit that serving holds at the block cut: a negative per-domain effect at a free-mail provider (score.ts providerEffectHeld); else 0. */
const providerEffectOf = (e: LabelledExample, effect: number): number => (atFreeProvider(e) && effect < 0 ? effect : 0);

/**
 * The per-domain effects' prior on the time-ordered holdout: effects fitted on the older
 * examples as residuals of `model` (the linear fit on them at the chosen l2), scored on the
 * newest, every precision with every free-mail factor. None unless one does strictly better
 * there than the model alone; ties go to the stronger prior (the larger factor first).
 * `loss`: the holdout's log loss with the chosen effects.
 */
function chooseDomainPrior(older: readonly LabelledExample[], newest: readonly LabelledExample[], model: LinearModel, o: TrainOptions['domainEffects']): { prior?: DomainPrior; loss?: number } {
  if (!o || o.precisions.length === 0 || o.providerFactors.length === 0) return {};
  const offsets = older.map((e) => logitOf(model, e.features));
  let best: { prior?: DomainPrior; loss: number } = { loss: meanLogLoss(newest, (e) => predict(model, e.features)) };
  for (const providerFactor of [...o.providerFactors].sort((a, b) => b - a)) {
    for (const precision of [...o.precisions].sort((a, b) => b - a)) {
      const prior = { precision, providerFactor };
      const effects = fitDomainEffects(older, offsets, prior);
      const loss = meanLogLoss(newest, (e) => sigmoid(logitOf(model, e.features) + domainEffectOf(effects, e.domain)));
      if (loss < best.loss - 1e-9) best = { prior, loss };
    }
  }
  return best.prior ? best : {};
}
