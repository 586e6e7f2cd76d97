/**
 * The guard on a learned model's verdicts (pure). A model fitted on a customer's outcomes can
 * rank addresses better than the baseline and still block more real people: its probabilities
 * spread further, so more humans fall under the block threshold (seen on one customer's
 * outcomes: better AUC, about twice the humans blocked; docs/architecture.md, Benchmarks).
 * Ranking is what learning buys; how many known humans are blocked is an operating point, and
 * the baseline's is the one customers have accepted.
 *
 * So, on held-out outcomes (each scored by a fit that did not see it), the share of known
 * humans the candidate would block is compared with the share the baseline blocked of the same
 * humans (as it scored them at check time). When it is larger, the candidate is recalibrated,
 * its logit z becoming scale x z + shift (0 < scale <= 1), so that it blocks no more of them
 * than the baseline: the map is increasing, so the ranking (AUC) is unchanged. The threshold
 * then falls at the last held-out human it may still block, who is lifted to it: not past him.
 * A threshold read off these humans is one of their order statistics: of n held-out humans, a
 * new one falls under the k-th lowest in k/(n + 1) of cases on average, under a cut halfway
 * to the next in about (k + 1/2)/(n + 1) and under one just past the next in (k + 1)/(n + 1).
 * The baseline's threshold was not read off them, so its k of n is what it blocks of new
 * humans too. A cut anywhere past the k-th lowest (halfway, until round 20) would block about
 * half a person more new humans than the baseline, in expectation, while blocking as many
 * here: on one customer's unseen checks, the difference between as many people blocked and
 * one more (docs/scorecard.md §6, round 20). Of the maps that meet it, the one
 * with the least log loss on those outcomes is taken: a shift alone (scale 1) lifts every fake
 * as far as the human it must lift, while a model fitted on few outcomes is usually too sure of
 * itself, and making it less sure (scale < 1) lifts the humans it was most wrong about at a
 * smaller cost to the rest. Recalibrating costs log loss all the same; when the recalibrated
 * candidate no longer beats the baseline's log loss on those outcomes, what made it better is
 * gone, and it is held back (published for the record, never served).
 *
 * What serves is then shrunk like the baseline, towards the block cut by the baseline's
 * calibration scale (calibration.ts, `servingScale`): that keeps every block as the guard left
 * it. Its mirror (catch-guard.ts) makes that shrink stronger when the model would let through a
 * larger share of the held-out fakes than the baseline did; it pivots at the same block cut, so
 * it cannot undo what this guard did. The held-back comparison is between the two models as
 * they would serve (the baseline's probabilities are its calibrated ones), and it is made
 * whenever either guard had to adjust the model.
 *
 * The baseline's share is itself read from a sample, and a budget of "none of 60 humans" says
 * nothing about new traffic: a model that blocks none of 60 held-out humans may block 5% of new
 * ones. So the budget is also bounded by its sampling error: the model may go on blocking only
 * as many held-out humans as keep the share's Wilson upper bound (95%, at the humans' Kish
 * effective number; sampling-bound.ts) within the larger of the baseline's share and 3% (the
 * issue's ceiling on humans blocked after learning). With enough humans that is the baseline's
 * budget, unchanged; with fewer, the guard blocks fewer of them (`few_humans`); with too few for
 * even none blocked to be bounded (under about 125 when the baseline's share is under 3%), no
 * threshold the held-out outcomes can vouch for exists, and the model is held back: its account
 * is served what it was served before (the baseline's verdicts, or an earlier version's).
 *
 * Every held-out outcome is scored as it would serve (`servedHeldOut`): a free-mail provider's
 * per-domain effect is held at the block cut by the function scoreFeatures holds it with
 * (score.ts providerEffectHeld), so a person only the effect put under the cut is not one of the
 * blocked the budget counts, nor one the model is raised for (until round 21 they were: the model
 * was raised for people serving never blocked, and every fake rose with them).
 */
import { DEFAULT_THRESHOLDS } from '../domain/check.ts';
import { blockCutLogit } from './calibration.ts';
import { guardCatches } from './catch-guard.ts';
import { logLossOf } from './prequential.ts';
import { BLOCKED_HUMANS_CEILING, boundedBy, effectiveCount } from './sampling-bound.ts';
import { humanScoreOf, providerEffectHeld, sigmoid, type GuardReason } from './score.ts';

export interface HeldOutScore {
  readonly human: boolean;
  /** The outcome's weight in the fit (tenant shares); 1 when unweighted. */
  readonly weight: number;
  /** The candidate's logit for it, from a fit that did not see it. */
  readonly logit: number;
  /** What the baseline gave it at check time. */
  readonly baselineProbability: number;
  /**
   * The part of `logit` that is a free-mail provider's per-domain effect at its domain, when
   * negative: served held at the block cut (score.ts providerEffectHeld). 0 or absent: none.
   */
  readonly providerEffect?: number;
}

export interface VerdictGuard {
  /** Multiplies the candidate's logit (1 unless recalibrated; never above 1: it is only made less sure). */
  readonly scale: number;
  /** Added to the candidate's logit once scaled (0 unless recalibrated). */
  readonly shift: number;
  /** The shrink towards the block cut it serves with: the inherited one, or stronger when it over-allowed (catch-guard.ts). */
  readonly servingScale: number;
  /** What the guards adjusted it for (empty: served as fitted, with the inherited shrink). */
  readonly adjusted: readonly GuardReason[];
  /** It had to be adjusted, and once adjusted it no longer beats the baseline on the held-out outcomes; or its humans were too few to bound what it blocks (`tooFewHumans`). */
  readonly heldBack: boolean;
  /** The held-out humans' effective number (Kish), what the budget's sampling error is read at. */
  readonly effectiveHumans: number;
  /** Its blocks were bounded by the sampling error: it may block fewer held-out humans than the baseline's budget. */
  readonly tightened: boolean;
  /** Too few held-out humans for even none blocked to be bounded within the ceiling: held back. */
  readonly tooFewHumans: boolean;
  /** Weighted share of held-out humans blocked: by the baseline, by the candidate as fitted, and once recalibrated. */
  readonly baselineHumansBlocked: number;
  readonly fittedHumansBlocked: number;
  readonly humansBlocked: number;
  /** Weighted share of held-out fakes caught (review or block): by the baseline, with the inherited shrink, and as served. */
  readonly baselineFakesCaught: number;
  readonly inheritedFakesCaught: number;
  readonly fakesCaught: number;
  /** Weighted mean log loss on the held-out outcomes: the candidate recalibrated and shrunk as it would serve, and the baseline. */
  readonly logLoss: number;
  readonly baselineLogLoss: number;
}

/** A human_score below `blockBelow` is a block (MAILSIFT_VERDICT_REVIEW). */
export const blocks = (probability: number, blockBelow: number): boolean => humanScoreOf(probability) < blockBelow;

/** Past the exact lift, so rounding lands the lifted human on the review side. */
const MARGIN = 1e-6;

/** The candidate's served logit for a held-out logit z: recalibrated (scale, shift), then shrunk towards the block cut. */
export function servedLogit(z: number, g: { scale: number; shift: number }, servingScale: number, blockBelow: number): number {
  const pivot = blockCutLogit(blockBelow);
  return pivot + servingScale * (g.scale * z + g.shift - pivot);
}

/**
 * The logit a held-out outcome is served with: `servedLogit`, and a free-mail provider's effect
 * held at the block cut by the same function that holds it when a check is scored
 * (scoreFeatures: providerEffectHeld, on the served logit without the effect and the effect as
 * served). Both guards count blocks and catches on this, so they count what serving will give:
 * a person the hold spares is not one the verdict guard must lift the model for.
 */
export function servedHeldOut(x: { readonly logit: number; readonly providerEffect?: number }, g: { scale: number; shift: number }, servingScale: number, blockBelow: number): number {
  const whole = servedLogit(x.logit, g, servingScale, blockBelow);
  const effect = x.providerEffect ?? 0;
  if (!(effect < 0)) return whole;
  const served = servingScale * g.scale * effect;
  return providerEffectHeld(whole - served, served, true, blockBelow);
}

/**
 * Where a held-out outcome stands for blocking: under any increasing map of the logits (the
 * guard's, then the shrink, which pivots at the block cut), it is blocked exactly when this is
 * under the cut. With a provider's effect held, only the logit without the effect can block.
 */
const blockingLogit = (x: HeldOutScore): number => ((x.providerEffect ?? 0) < 0 ? x.logit - x.providerEffect! : x.logit);

export interface GuardOptions {
  /** A human_score below this is a block (MAILSIFT_VERDICT_REVIEW). */
  readonly blockBelow: number;
  /** A human_score at or above this is an allow (MAILSIFT_VERDICT_ALLOW); default 60. */
  readonly allowAtLeast?: number;
  /** The baseline's calibration scale the model inherits after this guard (1: none). */
  readonly servingScale?: number;
  /**
   * The share of humans blocked whose Wilson upper bound the guard keeps the model within, when
   * the baseline's share is lower (default BLOCKED_HUMANS_CEILING; 1 lifts the sampling bound).
   */
  readonly blockedHumansCeiling?: number;
}

export function guardVerdicts(items: readonly HeldOutScore[], o: GuardOptions): VerdictGuard {
  const { blockBelow } = o;
  const inheritedScale = o.servingScale ?? 1;
  const allowAtLeast = o.allowAtLeast ?? DEFAULT_THRESHOLDS.allowAtLeast;
  const heldOutHumans = items.filter((x) => x.human);
  // Each human where it stands for blocking (blockingLogit): the budget's ranks and the cut are
  // read among these, so a person a provider's effect cannot block does not count as blocked.
  const humans = heldOutHumans.map((x) => ({ ...x, logit: blockingLogit(x), providerEffect: 0 })).sort((a, b) => a.logit - b.logit);
  const humanWeight = humans.reduce((s, x) => s + x.weight, 0);
  const share = (blocked: (x: HeldOutScore) => boolean): number => (humanWeight > 0 ? heldOutHumans.reduce((s, x) => s + (blocked(x) ? x.weight : 0), 0) / humanWeight : 0);
  const budget = humans.reduce((s, x) => s + (blocks(x.baselineProbability, blockBelow) ? x.weight : 0), 0);

  // The budget's sampling error: a share of held-out humans blocked counts only while its Wilson
  // upper bound, at their effective number, stays within the baseline's share or the ceiling.
  const effectiveHumans = effectiveCount(humans.map((x) => x.weight));
  const ceiling = Math.max(humanWeight > 0 ? budget / humanWeight : 0, o.blockedHumansCeiling ?? BLOCKED_HUMANS_CEILING);
  const vouched = (w: number): boolean => boundedBy(humanWeight > 0 ? w / humanWeight : 0, effectiveHumans, ceiling);
  const tooFewHumans = humans.length > 0 && !vouched(0);
  // The lowest-scored humans the candidate may go on blocking: as many as fit the budget, ties
  // together (within the baseline's; within the bound as well). The first one past them must
  // stay at or above the threshold.
  const mayBlock = (bounded: boolean): number => {
    let i = 0;
    let used = 0;
    while (i < humans.length) {
      let j = i;
      let w = 0;
      while (j < humans.length && humans[j]!.logit === humans[i]!.logit) w += humans[j++]!.weight;
      if (used + w > budget * (1 + 1e-12) || (bounded && !vouched(used + w))) break;
      used += w;
      i = j;
    }
    return i;
  };
  const withinBudget = mayBlock(false);
  // Held back when too few: recalibrated for the record as the baseline's budget alone would have it.
  const i = tooFewHumans ? withinBudget : mayBlock(true);
  const blockedAsFitted = (k: number): boolean => humans[k] !== undefined && blocks(sigmoid(humans[k]!.logit), blockBelow);
  const first = humans[i];
  const overBlocks = blockedAsFitted(i);
  // Over the baseline's own budget, or only over what its sampling error lets it vouch for.
  const overBudget = blockedAsFitted(withinBudget);
  const tightened = overBlocks && i < withinBudget;
  let floor: Floor | undefined;
  if (first && blockBelow > 0) {
    const threshold = logit((blockBelow - 0.5) / 100);
    // The cut the threshold must reach: the last human the budget lets it block (the order
    // statistic, above). When that human is one of several at the same logit (the same features
    // and domain), new humans like them score that logit exactly: no position among them to be
    // optimistic about, and the tie stays blocked whole, the cut halfway to the next human. When
    // none may be blocked: halfway between the lowest human and the highest outcome of any kind
    // under it (just past that human when there is none).
    const last = humans[i - 1];
    const tied = last !== undefined && humans[i - 2]?.logit === last.logit;
    const cut = !overBlocks ? first.logit : last === undefined ? halfwayBelow(items, first.logit) : tied ? (last.logit + first.logit) / 2 : last.logit;
    floor = { threshold, cut, first: first.logit };
  }
  const { scale, shift } = overBlocks ? calibrate(items, floor, blockBelow) : { scale: 1, shift: 0 };
  // The mirror: as many held-out fakes under the allow cut as the baseline had, by a stronger
  // shrink towards the block cut (which moves no logit across it; a held effect stays in the
  // lowest review score's band under any shrink, caught as served).
  const catches = guardCatches(
    items.map((x) => ({ human: x.human, weight: x.weight, baselineProbability: x.baselineProbability, logit: servedHeldOut(x, { scale, shift }, 1, blockBelow) })),
    { blockBelow, allowAtLeast },
    inheritedScale,
  );
  const servingScale = catches.scale;
  const adjusted: GuardReason[] = [
    ...(overBudget ? (['over_blocking'] as const) : []),
    ...(tightened || tooFewHumans ? (['few_humans'] as const) : []),
    ...(servingScale < inheritedScale ? (['over_allowing'] as const) : []),
  ];
  const total = items.reduce((s, x) => s + x.weight, 0);
  const meanLoss = (p: (x: HeldOutScore) => number): number => (total > 0 ? items.reduce((s, x) => s + x.weight * logLossOf(x.human, p(x)), 0) / total : NaN);
  const served = (x: HeldOutScore): number => sigmoid(servedHeldOut(x, { scale, shift }, servingScale, blockBelow));
  const logLoss = meanLoss(served);
  const baselineLogLoss = meanLoss((x) => x.baselineProbability);
  return {
    scale,
    shift,
    servingScale,
    adjusted,
    heldBack: tooFewHumans || (adjusted.length > 0 && !(logLoss < baselineLogLoss)),
    effectiveHumans,
    tightened,
    tooFewHumans,
    baselineHumansBlocked: share((x) => blocks(x.baselineProbability, blockBelow)),
    fittedHumansBlocked: share((x) => blocks(sigmoid(servedHeldOut(x, { scale: 1, shift: 0 }, 1, blockBelow)), blockBelow)),
    humansBlocked: share((x) => blocks(served(x), blockBelow)),
    baselineFakesCaught: catches.baselineFakesCaught,
    inheritedFakesCaught: catches.inheritedFakesCaught,
    fakesCaught: catches.fakesCaught,
    logLoss,
    baselineLogLoss,
  };
}

/** Halfway between `z` and the highest blocking logit of any outcome under it; `z` itself when none is. */
function halfwayBelow(items: readonly HeldOutScore[], z: number): number {
  const below = Math.max(-Infinity, ...items.map(blockingLogit).filter((x) => x < z));
  return Number.isFinite(below) ? (below + z) / 2 : z;
}

/** The recalibrated logit of `cut` must reach `threshold`, and that of `first` (the lowest human that may not be blocked) pass it. */
interface Floor {
  readonly threshold: number;
  readonly cut: number;
  readonly first: number;
}

/** Far enough to soften any fit the l2 grid can give; a scale near 0 would make every score the same. */
const MIN_SCALE = 1 / 16;
/** Recalibration only ever makes a model less sure: what the guard mends is probabilities spread too far. */
const MAX_SCALE = 1;

/**
 * The (scale, shift) of least weighted log loss on the held-out outcomes with the floor met:
 * scale in [MIN_SCALE, MAX_SCALE]. For a fixed scale the loss is convex in the shift, whose
 * least value is then the larger of the free optimum and the floor's; the loss so minimised is
 * convex in the scale (a convex function minimised over a half-plane), searched by golden section.
 * The loss is the one served (servedHeldOut): an outcome whose provider effect is held sits in
 * the lowest review score's band whatever the map, so the shift's Newton steps leave it out
 * (it barely moves with the shift) while the loss counts it where it is served. With such
 * outcomes the profile is no longer exactly convex; the search still returns the best map it
 * evaluated, and the floor is met exactly whatever the loss.
 */
function calibrate(items: readonly HeldOutScore[], floor: Floor | undefined, blockBelow: number): { scale: number; shift: number } {
  const z = Float64Array.from(items, (x) => x.logit);
  const y = Float64Array.from(items, (x) => (x.human ? 1 : 0));
  const w = Float64Array.from(items, (x) => x.weight);
  const atProvider = items.map((x) => (x.providerEffect ?? 0) < 0);
  const at = (k: number, a: number, b: number): number => (atProvider[k] ? servedHeldOut(items[k]!, { scale: a, shift: b }, 1, blockBelow) : a * z[k]! + b);
  // Which outcomes the hold lifts, for the Newton steps only (the loss is servedHeldOut's): the
  // logit without the effect at or past the cut, the logit with it under.
  const cut = blockCutLogit(blockBelow);
  const unheld = Float64Array.from(items, (x, k) => (atProvider[k] ? x.logit - x.providerEffect! : -Infinity));
  const held = (k: number, a: number, b: number, logit: number): boolean => atProvider[k]! && blockBelow > 0 && logit < cut && a * unheld[k]! + b >= cut;
  const lowest = (a: number): number => (floor ? Math.max(floor.threshold - a * floor.cut, floor.threshold + MARGIN - a * floor.first) : -Infinity);
  // Newton on the shift, warm-started from the last scale's (successive scales are close).
  let warm = 0;
  const bestShift = (a: number): number => {
    let b = warm;
    for (let step = 0; step < 50; step++) {
      let g = 0;
      let h = 0;
      for (let k = 0; k < z.length; k++) {
        const logit = a * z[k]! + b;
        if (held(k, a, b, logit)) continue;
        const p = sigmoid(logit);
        g += w[k]! * (p - y[k]!);
        h += w[k]! * p * (1 - p);
      }
      const move = h > 1e-12 ? Math.max(-4, Math.min(4, g / h)) : Math.sign(g) * 4;
      b -= move;
      if (Math.abs(move) < 1e-9) break;
    }
    warm = b;
    return Math.max(b, lowest(a));
  };
  const loss = (a: number, b: number): number => {
    let s = 0;
    for (let k = 0; k < z.length; k++) s += w[k]! * logLossOf(y[k] === 1, sigmoid(at(k, a, b)));
    return s;
  };
  const profile = (a: number): number => loss(a, bestShift(a));
  const PHI = (Math.sqrt(5) - 1) / 2;
  let lo = Math.log(MIN_SCALE);
  let hi = Math.log(MAX_SCALE);
  let x1 = hi - PHI * (hi - lo);
  let x2 = lo + PHI * (hi - lo);
  let f1 = profile(Math.exp(x1));
  let f2 = profile(Math.exp(x2));
  // 30 steps narrow the scale to a factor of 1 + 1e-6.
  for (let it = 0; it < 30; it++) {
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - PHI * (hi - lo);
      f1 = profile(Math.exp(x1));
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + PHI * (hi - lo);
      f2 = profile(Math.exp(x2));
    }
  }
  // The ends are candidates too (the optimum may sit on a bound; 1 = the model as fitted, raised).
  const candidates = [Math.exp((lo + hi) / 2), MIN_SCALE, MAX_SCALE];
  let best = { scale: 1, shift: bestShift(1), loss: Infinity };
  for (const a of candidates) {
    const b = bestShift(a);
    const l = loss(a, b);
    if (l < best.loss) best = { scale: a, shift: b, loss: l };
  }
  return { scale: best.scale, shift: best.shift };
}

function logit(p: number): number {
  return Math.log(p / (1 - p));
}
