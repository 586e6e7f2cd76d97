/**
 * Whether an account's traffic still looks like the traffic its personal model's per-domain
 * effects were fitted on (pure). An effect says how the account's people and fakes were mixed at
 * a domain when its outcomes came in; its holdout (the newest outcomes) cannot tell whether that
 * mix lasts, because it comes from the same traffic. What can tell, with no outcome at all, is
 * where the account's checks now come from: when its traffic changes kind (another sign-up form,
 * a campaign in another market), the domains its effects were fitted on stop carrying the
 * shares of its checks they carried, and what the effects say about them no longer describes it.
 *
 * The measure is the overlap of two distributions over the effects' domains: each domain's share
 * of the fitted outcomes, s, and its share of the account's last `window` checks, c / window; the
 * overlap is the sum over those domains of min(s, c / window). For a window drawn from the
 * fitted traffic itself it is a sum of min(s, X / window) with X ~ Binomial(window, s): its
 * expectation and variance follow from the shares alone (`driftReference`). An overlap within two
 * standard deviations below that expectation is what such a window shows: the effects serve in
 * full. Below it they serve scaled by overlap / (expectation − 2 sd): traffic that shares half of
 * what it should with the fitted traffic keeps half of the effects, traffic of another kind
 * (almost no overlap) almost none, and the model serves as its linear part alone.
 *
 * The same measure over the local parts' shapes (a closed set: src/signals/local-shape.ts) sees
 * what the domains cannot: traffic that keeps coming through the same big providers, at their
 * shares, with another mix of people and bots there. The API multiplies the two factors
 * (src/service/recent-traffic.ts).
 */

/**
 * Each local-part shape's share of the examples' weight, over the examples whose shape is known
 * (labelled checks written before they carried it have none): the second measure's fitted
 * traffic. Empty when no example has one.
 */
export function shapeShares(examples: readonly { readonly shape?: string | undefined; readonly weight?: number }[]): Map<string, number> {
  let total = 0;
  const at = new Map<string, number>();
  for (const e of examples) {
    if (e.shape === undefined) continue;
    const w = e.weight ?? 1;
    total += w;
    at.set(e.shape, (at.get(e.shape) ?? 0) + w);
  }
  return total > 0 ? new Map([...at].map(([s, w]) => [s, w / total])) : new Map();
}

/** Checks an account's recent traffic is measured over: a day of a small sign-up form (docs/scorecard.md §6 measures 100-300). */
export const DRIFT_WINDOW = 200;
/**
 * Fills of a window the overlap is judged at before it is full, as shares of it: a window starts
 * empty when a model starts serving (its effects were fitted on the traffic before it, and a window
 * still holding that traffic would keep them in full for a window's length after the traffic
 * changed). From a tenth of it, the overlap of the checks so far is judged against the reference
 * of the largest of these fills they reach: the reference of fewer checks, whose expected
 * overlap is lower and whose spread is wider, so judging more checks by it fades less, never more.
 */
const JUDGED_FILLS = [0.1, 0.25, 0.5, 1];

/** The number of checks whose reference judges a window holding `n` of `window` (undefined: too few to judge, the effects serve in full). */
export function judgedFill(n: number, window = DRIFT_WINDOW): number | undefined {
  let at: number | undefined;
  for (const share of JUDGED_FILLS) {
    const fill = Math.round(share * window);
    if (fill >= 1 && fill <= n) at = fill;
  }
  return at;
}

/** Standard deviations below the expected overlap that a window of the fitted traffic still shows (a one-sided 2.3% test). */
const DRIFT_SDS = 2;

export interface DriftReference {
  /** The overlap a window of the fitted traffic shows on average. */
  readonly expected: number;
  /** Its standard deviation (each domain's count taken as independent). */
  readonly sd: number;
}

/** Mean and variance of min(s, X / n), X ~ Binomial(n, s). */
function minMoments(s: number, n: number, logFactorial: Float64Array): [number, number] {
  if (s >= 1) return [1, 0];
  if (s <= 0) return [0, 0];
  const ls = Math.log(s);
  const l1s = Math.log1p(-s);
  let mean = 0;
  let square = 0;
  for (let k = 0; k <= n; k++) {
    const p = Math.exp(logFactorial[n]! - logFactorial[k]! - logFactorial[n - k]! + k * ls + (n - k) * l1s);
    const m = Math.min(s, k / n);
    mean += p * m;
    square += p * m * m;
  }
  return [mean, Math.max(0, square - mean * mean)];
}

/** The overlap a window of `window` checks drawn from traffic with these domain shares shows. */
export function driftReference(shares: Iterable<number>, window = DRIFT_WINDOW): DriftReference {
  if (!(Number.isInteger(window) && window > 0)) throw new Error('driftReference: window must be a positive integer');
  const logFactorial = new Float64Array(window + 1);
  for (let k = 1; k <= window; k++) logFactorial[k] = logFactorial[k - 1]! + Math.log(k);
  let expected = 0;
  let variance = 0;
  for (const s of shares) {
    const [m, v] = minMoments(s, window, logFactorial);
    expected += m;
    variance += v;
  }
  return { expected, sd: Math.sqrt(variance) };
}

/** What a domain with `count` of the window's checks adds to the overlap, for a domain with fitted `share`. */
export function overlapTerm(share: number, count: number, window = DRIFT_WINDOW): number {
  return Math.min(share, count / window);
}

/**
 * The factor the effects serve with, for the window's `overlap` (1: in full). A reference that
 * two standard deviations reach down to 0 cannot tell drift from chance: 1.
 */
export function effectFade(overlap: number, ref: DriftReference): number {
  const floor = ref.expected - DRIFT_SDS * ref.sd;
  if (!(floor > 0)) return 1;
  return Math.max(0, Math.min(1, overlap / floor));
}
