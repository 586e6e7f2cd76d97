/**
 * A personal model's per-domain intercepts (pure): what one account's own outcomes say about
 * the sign-ups it gets at each domain, beyond what the features say. A customer's fakes come
 * back at the same domains (its farm's own, a throwaway service, the free-mail provider its
 * bots sign up at) and its people at theirs, in proportions no feature can know; the baseline's
 * `reported_fake_domain` counts only domains that two or more established accounts reported, so one
 * account's outcomes cannot move another's scores. These effects are that account's alone: only
 * a personal model carries them (the shared model carries none), and one account's effects never
 * score another account's checks.
 *
 * Each is a random intercept with a Gaussian prior centred on 0, fitted as a residual: the
 * model's logit for each outcome is a fixed offset, and each domain's effect is the MAP estimate
 * given that domain's outcomes alone (Newton's method in one dimension). The prior's precision
 * is in pseudo-outcomes at p = 1/2 (4 × precision of them weigh as much as the prior).
 *
 * A free-mail provider's domain is different: anyone can open any number of addresses there, so
 * it vouches for nobody. Its effect may only lower scores (where the account's fakes come from),
 * never raise them: a raised provider would be a pass any bot gets by signing up there, and what
 * it would say (the account's people mostly use it) is the account's mix of sign-ups, which is
 * what changes when its traffic changes. Its prior can also be `providerFactor` times stronger.
 * A domain one party controls (a company's, a farm's, a throwaway service's) keeps its kind
 * whoever signs up, and moves either way. (Each effect is a one-dimensional convex problem, so
 * the optimum under "at most 0" is the unconstrained one clipped at 0.) Nor does a provider's
 * effect alone block anyone: it is held at the block cut when served (score.ts, `providerEffectHeld`).
 *
 * A domain is the check's domain as the event records it (never a local part, so no address is
 * stored or can be rebuilt from these).
 */
import { FEATURE_INDEX } from './features.ts';
import { sigmoid } from './score.ts';

export interface DomainExample {
  /** The check's domain (absent: the example takes no part). */
  readonly domain?: string;
  readonly human: boolean;
  readonly features: ArrayLike<number>;
  /** As in the fit (1 when absent). */
  readonly weight?: number;
}

export interface DomainPrior {
  /** Precision of the Gaussian prior on an effect, for a domain one party controls. */
  readonly precision: number;
  /** How many times stronger the prior is at a free-mail provider's domain. */
  readonly providerFactor: number;
}

/**
 * The priors a personal model's effects are chosen among on its own time-ordered holdout: every
 * precision with every free-mail factor (ties to the stronger prior). Both come from the
 * account's outcomes, not from any file they were measured on: the precisions span 3.5 decades
 * (from a prior that outweighs 120 outcomes to one that barely weighs one), and the factor lets
 * the holdout say whether the account's providers mix their people and fakes as steadily as its
 * other domains (1) or less so. What the holdout cannot see, the account's traffic changing
 * kind after the fit, is effect-drift.ts's job at serving time (docs/scorecard.md §6).
 */
export const PERSONAL_DOMAIN_PRIORS = { precisions: [0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30], providerFactors: [1, 3, 10] } as const;

/** The priors to choose a personal model's effects among (PERSONAL_DOMAIN_PRIORS' shape). */
export interface DomainPriorGrid {
  readonly precisions: readonly number[];
  readonly providerFactors: readonly number[];
}

/** Effects kept per model at most (the domains with the most outcomes): bounds the record's size. */
export const MAX_DOMAIN_EFFECTS = 5_000;
/** An effect smaller than this moves no rounded score: not kept. */
const NEGLIGIBLE = 1e-4;
const NEWTON_STEPS = 30;
/** One Newton step moves an effect by at most this much (a step far from the optimum may overshoot). */
const MAX_STEP = 2;

const atProvider = (e: DomainExample): boolean => e.features[FEATURE_INDEX.free_provider]! > 0;

/**
 * Each domain's effect given the outcomes at it, with `offsets[i]` the model's logit for
 * `examples[i]`. Domains with the most outcomes first, at most MAX_DOMAIN_EFFECTS of them.
 */
export function fitDomainEffects(examples: readonly DomainExample[], offsets: ArrayLike<number>, prior: DomainPrior): Map<string, number> {
  if (!(prior.precision > 0 && prior.providerFactor >= 1)) throw new Error('fitDomainEffects: precision must be > 0 and providerFactor >= 1');
  if (offsets.length !== examples.length) throw new Error('fitDomainEffects: one offset per example');
  const byDomain = new Map<string, number[]>();
  examples.forEach((e, i) => {
    if (e.domain === undefined || e.domain === '') return;
    const at = byDomain.get(e.domain);
    if (at) at.push(i);
    else byDomain.set(e.domain, [i]);
  });
  const kept = [...byDomain].sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : a > b ? 1 : 0)).slice(0, MAX_DOMAIN_EFFECTS);
  const effects = new Map<string, number>();
  for (const [domain, rows] of kept) {
    const provider = atProvider(examples[rows[0]!]!);
    const lambda = provider ? prior.precision * prior.providerFactor : prior.precision;
    let b = 0;
    for (let step = 0; step < NEWTON_STEPS; step++) {
      let gradient = -lambda * b;
      let curvature = lambda;
      for (const i of rows) {
        const e = examples[i]!;
        const w = e.weight ?? 1;
        const p = sigmoid(offsets[i]! + b);
        gradient += w * ((e.human ? 1 : 0) - p);
        curvature += w * p * (1 - p);
      }
      const move = Math.max(-MAX_STEP, Math.min(MAX_STEP, gradient / curvature));
      b += move;
      if (Math.abs(move) < 1e-9) break;
    }
    if (provider) b = Math.min(0, b);
    if (Math.abs(b) >= NEGLIGIBLE) effects.set(domain, b);
  }
  return effects;
}

/**
 * Each domain's share of the examples' weight, for the domains in `effects`: what the account's
 * traffic looked like where the effects were fitted (effect-drift.ts compares its recent traffic
 * with it).
 */
export function domainShares(examples: readonly DomainExample[], effects: ReadonlyMap<string, number>): Map<string, number> {
  let total = 0;
  const at = new Map<string, number>();
  for (const e of examples) {
    const w = e.weight ?? 1;
    total += w;
    if (e.domain !== undefined && effects.has(e.domain)) at.set(e.domain, (at.get(e.domain) ?? 0) + w);
  }
  return new Map([...at].map(([d, w]) => [d, w / total]));
}

/** The effect for an example's domain (0 for a domain without one). */
export function domainEffectOf(effects: ReadonlyMap<string, number>, domain: string | undefined): number {
  return domain === undefined ? 0 : (effects.get(domain) ?? 0);
}
