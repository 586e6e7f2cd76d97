/**
 * The baseline scorecard: a logistic model whose log-odds per feature are set by hand and
 * kept as data (`weights/baseline-v1.json`). Scoring is a dot product, so every evidence
 * item's impact is exactly weight x value and impacts plus the intercept are the logit.
 * Pure.
 */
import { DEFAULT_THRESHOLDS, verdictFor, type EvidenceItem, type Score, type VerdictThresholds } from '../domain/check.ts';
import { blockCutLogit, shrinkLogOdds } from './calibration.ts';
import { FEATURE_INDEX, FEATURE_NAMES, FEATURE_VERSION, type FeatureVector } from './features.ts';
import { REASON_MIN_IMPACT, reasonsFor } from './reasons.ts';

/**
 * Why a guard adjusted a learned model on held-out outcomes: it blocked more known humans than
 * the baseline, or more than their number can vouch for on new traffic (`few_humans`), or let
 * through more known fakes (verdict-guard.ts, catch-guard.ts).
 */
export type GuardReason = 'over_blocking' | 'few_humans' | 'over_allowing';

export const GUARD_REASONS: readonly GuardReason[] = ['over_blocking', 'few_humans', 'over_allowing'];

export interface Scorecard {
  /** E.g. `baseline`. */
  readonly name: string;
  readonly version: number;
  /** FEATURE_VERSION the weights were set for. */
  readonly featureVersion: number;
  readonly intercept: number;
  /** Log-odds per unit of each feature, in FEATURE_NAMES order. */
  readonly weights: Float64Array;
  /** Smallest |impact| that earns a reason code. */
  readonly reasonMinImpact: number;
  /** A learned model fitted on one account's outcomes only (absent: shared by every account). */
  readonly account?: string;
  /** A shared model: accounts it is never served to, as it does worse than the baseline on their own outcomes. */
  readonly withheldFrom?: ReadonlySet<string>;
  /** A shared model: accounts whose outcomes it was not fitted on, as the baseline orders them the wrong way round (account-agreement.ts). */
  readonly leftOut?: ReadonlySet<string>;
  /** A shared model: the account a fit on every account's outcomes followed at the others' expense, whose outcomes this refit was not fitted on (shared-fit.ts sharedVersion). */
  readonly followed?: string;
  /** A learned model the guards adjusted (its published record's `adjusted`): what for. */
  readonly adjustedFor?: readonly GuardReason[];
  /** The calibration scale written into the weights at load (calibrateAtBlockCut); absent: none (1). */
  readonly calibrationScale?: number;
  /**
   * A personal model's per-domain intercepts (domain-effects.ts), added to `intercept` for a
   * check at that domain: the model's intercept there. Absent: one intercept everywhere.
   */
  readonly domainIntercepts?: ReadonlyMap<string, number>;
  /** Each of those domains' share of the outcomes they were fitted on (effect-drift.ts); absent: unknown (older records). */
  readonly domainShares?: ReadonlyMap<string, number>;
  /** Each local-part shape's share of those outcomes (effect-drift.ts, the second drift measure); absent: unknown (no shape fade). */
  readonly shapeShares?: ReadonlyMap<string, number>;
  /**
   * What the intercept moves by without the per-domain intercepts (effects-off.ts): the level at
   * which the model without them blocks the held-out people its guard allowed. Absent: 0.
   */
  readonly domainEffectsOffShift?: number;
  /**
   * The factor the per-domain intercepts serve with now (effect-drift.ts: the account's traffic
   * moved); absent: 1. At factor f every check also gets (1 − f) of `domainEffectsOffShift`.
   */
  readonly domainEffectScale?: number;
}

/** Validates a scorecard document and returns it in scoring form; throws with the problem named. */
export function loadScorecard(json: unknown): Scorecard {
  const fail = (msg: string): never => {
    throw new Error(`scorecard: ${msg}`);
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('must be an object');
  const doc = json as Record<string, unknown>;
  const finite = (v: unknown, what: string): number =>
    typeof v === 'number' && Number.isFinite(v) ? v : fail(`${what} must be a finite number`);
  if (typeof doc.name !== 'string' || doc.name === '') fail('name must be a non-empty string');
  const version = finite(doc.version, 'version');
  if (!Number.isInteger(version) || version < 1) fail('version must be a positive integer');
  if (doc.featureVersion !== FEATURE_VERSION) fail(`featureVersion must be ${FEATURE_VERSION} (got ${String(doc.featureVersion)})`);
  const intercept = finite(doc.intercept, 'intercept');
  const reasonMinImpact = doc.reasonMinImpact === undefined ? REASON_MIN_IMPACT : finite(doc.reasonMinImpact, 'reasonMinImpact');
  if (reasonMinImpact < 0) fail('reasonMinImpact must be >= 0');
  const w = doc.weights;
  if (typeof w !== 'object' || w === null || Array.isArray(w)) return fail('weights must be an object');
  const given = w as Record<string, unknown>;
  const known = new Set<string>(FEATURE_NAMES);
  for (const key of Object.keys(given)) if (!known.has(key)) fail(`weights.${key} is not a feature`);
  const weights = new Float64Array(FEATURE_NAMES.length);
  FEATURE_NAMES.forEach((name, i) => {
    if (!(name in given)) fail(`weights.${name} is missing`);
    weights[i] = finite(given[name], `weights.${name}`);
  });
  let scale = 1;
  if (doc.calibration !== undefined) {
    const c = doc.calibration;
    if (typeof c !== 'object' || c === null || Array.isArray(c)) return fail('calibration must be an object');
    const keys = Object.keys(c);
    if (keys.length !== 1 || keys[0] !== 'scale') fail('calibration must hold exactly { scale }');
    scale = finite((c as Record<string, unknown>).scale, 'calibration.scale');
    if (!(scale > 0 && scale <= 1)) fail('calibration.scale must be in (0, 1]');
  }
  const card = { name: doc.name as string, version, featureVersion: FEATURE_VERSION, intercept, weights, reasonMinImpact };
  return scale === 1 ? card : calibrateAtBlockCut(card, scale);
}

/**
 * The log-odds at which a score rounds to the default block cut: a logit below it is `block`
 * under DEFAULT_THRESHOLDS, one at or above it is not.
 */
export const BLOCK_CUT_LOGIT = blockCutLogit(DEFAULT_THRESHOLDS.reviewAtLeast);

/**
 * Shrinks a scorecard's log-odds towards the block cut: logit' = cut + scale × (logit − cut),
 * written into the weights (each × scale) and the intercept, so that evidence impacts still sum
 * to the logit. Under the default thresholds every `block` stays `block` and nothing else
 * becomes one, the ranking is unchanged, and the scores above the cut come closer to it: the
 * addresses the scorecard is least sure it should allow go to `review` (docs/scorecard.md §3).
 * The reason cut shrinks with the impacts, so the same evidence earns the same reasons. The
 * results are rounded to 1e-6 (far below what moves a rounded score).
 */
export function calibrateAtBlockCut(card: Scorecard, scale: number): Scorecard {
  const shrunk = shrinkLogOdds(card, scale, BLOCK_CUT_LOGIT);
  return {
    ...card,
    intercept: micro(shrunk.intercept),
    weights: shrunk.weights.map(micro),
    reasonMinImpact: micro(scale * card.reasonMinImpact),
    calibrationScale: scale * (card.calibrationScale ?? 1),
  };
}

/** Rounded to 1e-6, so that evidence shows 0.92 × −0.2 as −0.184 rather than −0.18400000000000002. */
const micro = (x: number): number => Math.round(x * 1e6) / 1e6;

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/**
 * The integer `human_score` the API returns for a probability. Verdicts are cut on it, so the
 * guards that count blocks and catches on held-out outcomes use this same rounding.
 */
export const humanScoreOf = (probability: number): number => Math.round(100 * probability);

/** The scorecard's intercept for a check at `domain` (its own for that domain, if it has one). */
export function interceptAt(card: Scorecard, domain: string | undefined): number {
  const effect = domain === undefined ? undefined : card.domainIntercepts?.get(domain);
  const scale = card.domainEffectScale ?? 1;
  const level = scale === 1 ? card.intercept : card.intercept + (1 - scale) * (card.domainEffectsOffShift ?? 0);
  return effect === undefined ? level : level + scale * effect;
}

/** Past the exact cut, so rounding lands a check held at the block cut on the review side. */
const CUT_MARGIN = 1e-6;

/**
 * The logit a check is served with once a free-mail provider's effect is held at the block cut
 * (issue 16): `linear` is the logit without the per-domain intercept's effect, `effect` what that
 * effect adds (scaled as served). A provider vouches for nobody (domain-effects.ts), nor does it
 * condemn anybody: its effect says how this customer's sign-ups there were mixed (a provider
 * where its traffic is nearly all fake), nothing about the person signing up now, who is free to
 * use it like anyone else. So where the model without the effect would not block, the effect may
 * take the check down to the lowest `review` score, not to `block`: a fake there is still caught
 * (not allowed unseen), a person there is not turned away for the company the provider keeps.
 * Where the model blocks without it, or the domain is one party's own (a farm's keeps its kind
 * whoever signs up), the effect serves in full. `reviewAtLeast`: the threshold the check's verdict
 * is cut with (the account's own). The trainer's guards score held-out outcomes through this same
 * function (verdict-guard.ts servedHeldOut), so they count the blocks serving gives.
 */
export function providerEffectHeld(linear: number, effect: number, atProvider: boolean, reviewAtLeast: number): number {
  const logit = linear + effect;
  if (!atProvider || !(effect < 0) || reviewAtLeast <= 0) return logit;
  const cut = blockCutLogit(reviewAtLeast);
  if (humanScoreOf(sigmoid(linear)) < reviewAtLeast || !(logit < cut)) return logit;
  // Held inside the lowest review score's band, in the order the effect put them (a check the
  // effect took further down stays lower): the ranking among them is still the model's, only
  // no one falls under the cut. The band's lower half: sigmoid(logit − cut) is under ½ here.
  const band = blockCutLogit(reviewAtLeast + 1) - cut - 2 * CUT_MARGIN;
  return Math.max(logit, Math.min(linear, cut + CUT_MARGIN + band * sigmoid(logit - cut)));
}

/**
 * Scores a feature vector: logit, probability, human_score, verdict, reasons, evidence. `domain`:
 * the check's, for a scorecard with per-domain intercepts (a free-mail provider's held at the
 * block cut: `providerEffectHeld`; the intercept then says what the effect served).
 */
export function scoreFeatures(
  features: ArrayLike<number>,
  card: Scorecard,
  thresholds: VerdictThresholds = DEFAULT_THRESHOLDS,
  domain?: string,
): Score {
  if (features.length !== card.weights.length) {
    throw new Error(`scorecard: feature vector has ${features.length} columns, weights ${card.weights.length}`);
  }
  const evidence: EvidenceItem[] = [];
  let intercept = interceptAt(card, domain);
  let logit = intercept;
  for (let i = 0; i < features.length; i++) {
    const value = features[i]!;
    const impact = card.weights[i]! * value;
    if (impact === 0) continue;
    logit += impact;
    insertRanked(evidence, { signal: FEATURE_NAMES[i]!, value, impact });
  }
  const effect = intercept - interceptAt(card, undefined);
  if (effect < 0) {
    const held = providerEffectHeld(logit - effect, effect, features[FEATURE_INDEX.free_provider]! > 0, thresholds.reviewAtLeast);
    intercept += held - logit;
    logit = held;
  }
  const probability = sigmoid(logit);
  const humanScore = humanScoreOf(probability);
  return {
    logit,
    probability,
    humanScore,
    verdict: verdictFor(humanScore, thresholds),
    reasons: reasonsFor(evidence, card.reasonMinImpact),
    evidence,
    intercept,
  };
}

/**
 * Puts an item into a list ranked by |impact|, strongest first, after those as strong (the order
 * of a stable sort). Inserted in place: a sort with a comparator boxes each comparison's
 * difference, which made the sort the largest allocation of a check's score.
 */
function insertRanked(ranked: EvidenceItem[], item: EvidenceItem): void {
  const strength = Math.abs(item.impact);
  let at = ranked.length;
  ranked.push(item);
  while (at > 0 && Math.abs(ranked[at - 1]!.impact) < strength) {
    ranked[at] = ranked[at - 1]!;
    at--;
  }
  ranked[at] = item;
}
