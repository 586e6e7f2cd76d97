/**
 * What the shared model is fitted on (pure): every account's outcomes but those left out
 * (account-agreement.ts), each weighted so that no account weighs more than its fair share
 * (tenant-weights.ts), and the accounts with few outcomes, together, no more than one account's
 * share: the per-account cap alone let an attacker with many small accounts (each under it)
 * weigh as much as it liked. The trainer composes it before the fit; tests and simulations compose
 * the same, so what they measure is what the trainer fits.
 */
import { AGREEMENT_MIN_PER_KIND, AGREEMENT_Z, agreementOf, judgeAccounts, type RankedOutcome } from './account-agreement.ts';
import type { AccountHeldOut } from './account-guard.ts';
import { logLossOf } from './prequential.ts';
import { accountWeights, MAX_ACCOUNT_SHARE, weightedShares } from './tenant-weights.ts';
import { trainingDue } from './training-policy.ts';

export interface SharedFit<E> {
  /** The outcomes fitted on, each with its weight (> 0). */
  readonly examples: readonly (E & { readonly weight: number })[];
  /** Accounts (sorted) whose outcomes were left out. */
  readonly leftOut: readonly string[];
  /** Some were left out and those kept are too few for a model that may serve (fitted and held back). */
  readonly tooFew: boolean;
  /** Each kept account's share of the summed weight (a small account's: its part of the pool's). */
  readonly shares: ReadonlyMap<string, number>;
  /** Both kinds among those kept (a model can be fitted). */
  readonly fittable: boolean;
  /** The kept accounts judged and weighed together as the pool of small accounts (one party). */
  readonly pooled: ReadonlySet<string>;
}

/** The pool's key among the parties the cap shares weight between (no account's name: those are never empty). */
const SMALL_POOL = '';

/** The shared fit's outcomes and weights from every account's `examples`. */
export function sharedFit<E extends RankedOutcome>(examples: readonly E[], cap = MAX_ACCOUNT_SHARE): SharedFit<E> {
  const { leftOut, pooled } = judgeAccounts(examples);
  const out = new Set(leftOut);
  const kept = out.size ? examples.filter((e) => !out.has(e.account)) : examples;
  // The small accounts weigh as one party: the pool's outcomes share one account's cap.
  const party = (account: string): string => (pooled.has(account) ? SMALL_POOL : account);
  const counts = new Map<string, number>();
  const perAccount = new Map<string, number>();
  let humans = 0;
  for (const e of kept) {
    counts.set(party(e.account), (counts.get(party(e.account)) ?? 0) + 1);
    perAccount.set(e.account, (perAccount.get(e.account) ?? 0) + 1);
    if (e.human) humans++;
  }
  const weightOf = accountWeights(counts, cap);
  const partyShares = weightedShares(counts, cap);
  const tooFew = leftOut.length > 0 && !trainingDue({ humans, fakes: kept.length - humans, newSinceModel: kept.length }).due;
  return {
    examples: kept.map((e) => ({ ...e, weight: weightOf.get(party(e.account))! })),
    leftOut: [...leftOut],
    tooFew,
    shares: new Map([...perAccount].map(([a, n]) => [a, (partyShares.get(party(a))! * n) / counts.get(party(a))!])),
    fittable: humans > 0 && humans < kept.length,
    pooled,
  };
}

interface PartyTally {
  n: number;
  humans: number;
  model: number;
  baseline: number;
  diffs: number[];
}

/** Each party's held-out log loss beside the baseline's on the same checks, heaviest (most outcomes, then first name) first. */
function partyTallies<E extends RankedOutcome>(fit: SharedFit<E>, heldOut: readonly AccountHeldOut[]): [string, PartyTally][] {
  const party = (account: string): string => (fit.pooled.has(account) ? SMALL_POOL : account);
  const per = new Map<string, PartyTally>();
  for (const { example: e, probability } of heldOut) {
    const t = per.get(party(e.account)) ?? { n: 0, humans: 0, model: 0, baseline: 0, diffs: [] };
    t.n++;
    if (e.human) t.humans++;
    const model = logLossOf(e.human, probability);
    const baseline = logLossOf(e.human, e.baselineProbability);
    t.model += model;
    t.baseline += baseline;
    t.diffs.push(model - baseline);
    per.set(party(e.account), t);
  }
  return [...per].sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Each party's share of the fit (the pool's: its accounts' together). */
function partyShares<E extends RankedOutcome>(fit: SharedFit<E>): Map<string, number> {
  const share = new Map<string, number>();
  for (const [account, s] of fit.shares) {
    const p = fit.pooled.has(account) ? SMALL_POOL : account;
    share.set(p, (share.get(p) ?? 0) + s);
  }
  return share;
}

/**
 * Whether a version does worse than the baseline, beyond chance, on the held-out outcomes of
 * `parties` taken together (each weighed by its share of the fit): the weighed mean difference
 * per outcome above `z` standard errors (the differences taken as independent), once they hold
 * `minPerKind` of each kind. Only the parties whose own outcomes the baseline orders better than
 * chance (beyond `z`) count: their outcomes show what real people and fakes are, on evidence no
 * customer moves. One at chance gains whenever the version follows outcomes like its own: a
 * second account of an actor flipping 40% of its outcomes (150 outcomes: baseline AUC near 0.6)
 * gained 0.24 per outcome on a version that cost the honest customer beside it 0.28, and so
 * covered that loss in the weighed mean (docs/scorecard.md §6, round 21).
 */
function worseOn<E extends RankedOutcome>(fit: SharedFit<E>, parties: readonly [string, PartyTally][], minPerKind: number, z: number, atLeast = 0): boolean {
  const party = (account: string): string => (fit.pooled.has(account) ? SMALL_POOL : account);
  const outcomes = new Map<string, E[]>();
  for (const e of fit.examples) {
    const list = outcomes.get(party(e.account));
    if (list) list.push(e);
    else outcomes.set(party(e.account), [e]);
  }
  const counted = parties.filter(([p]) => (agreementOf(outcomes.get(p) ?? [], minPerKind)?.z ?? 0) > z);
  const humans = counted.reduce((s, [, t]) => s + t.humans, 0);
  const fakes = counted.reduce((s, [, t]) => s + t.n - t.humans, 0);
  if (humans < minPerKind || fakes < minPerKind) return false;
  const share = partyShares(fit);
  // Each outcome weighs its party's share over the party's outcomes.
  const weighed = counted.map(([p, t]) => ({ w: (share.get(p) ?? 0) / t.n, t }));
  const total = weighed.reduce((s, { w, t }) => s + w * t.n, 0);
  if (!(total > 0)) return false;
  const mean = weighed.reduce((s, { w, t }) => s + w * (t.model - t.baseline), 0) / total;
  const variance = weighed.reduce((s, { w, t }) => s + t.diffs.reduce((v, d) => v + (w * (d - mean)) ** 2, 0), 0) / total ** 2;
  return mean > z * Math.sqrt(variance) && mean >= atLeast;
}

/** Whether a party's own held-out log loss is below the baseline's beyond chance (the mean difference per outcome below -z standard errors). */
function gainsBeyondChance(t: PartyTally, z: number): boolean {
  const mean = (t.model - t.baseline) / t.n;
  const sd = Math.sqrt(t.diffs.reduce((v, d) => v + (d - mean) ** 2, 0) / t.n);
  return mean < -z * (sd / Math.sqrt(t.n));
}

/**
 * The held-out log loss per outcome, above the baseline's, that the others must lose on a version
 * before it is taken to follow a party that is not the heaviest. Honest parties gained 0.03-0.09
 * per outcome from each other in the harness (test/model/shared-influence.ts), and versions that
 * followed an account flipping outcomes or reporting people fake made the others lose 0.20-0.36:
 * a loss under 0.05 is within what honest parties' differences give (a small honest party the
 * version learns from most is spared), one above it costs the others more than sharing gave them
 * (docs/scorecard.md §6, round 22).
 */
export const FOLLOWED_MIN_LOSS = 0.05;

/**
 * The account a shared version fitted on `fit` followed at the other parties' expense (pure),
 * or undefined: the heaviest party (most held-out outcomes), when the version does better than
 * the baseline on its own held-out outcomes and worse on the others' (worseOn: those the
 * baseline orders better than chance, weighed by their shares, beyond chance); else, among three
 * or more parties, another that gains beyond chance while the others lose beyond chance and
 * FOLLOWED_MIN_LOSS or more per outcome (the cap can make a party of 105 outcomes weigh what one
 * of 380 does: a version followed it against two honest customers, round 22).
 *
 * Why: an account that reports a share of its outcomes the wrong way round (40% flipped at
 * random) is still ordered better than chance by the baseline, so it is not left out
 * (account-agreement.ts), and with one other customer it weighs half the fit: it moved what a
 * new customer and an honest one under 50 outcomes were served from 91 / 10 (natural names /
 * generated strings) to 76 / 34 (docs/scorecard.md §6, round 20). The account guard spares only
 * accounts with 50 outcomes of their own. What the version does on the other parties' own
 * outcomes is evidence the heaviest cannot supply for them: beside an honest heaviest customer,
 * every other party gained on its own (the harness: held-out log loss 0.04-0.09 per outcome
 * below the baseline's). Only a version that gains on the heaviest's own outcomes follows it at
 * the others' expense; one worse for everyone is the verdict guard's to judge (the Kafka learning
 * suite's seven honest customers of about 34 outcomes). Beyond chance, so that a version
 * differing from the baseline by noise serves as before. Left aside when the pool of small
 * accounts is the heaviest (the others are then accounts the account guard judges already).
 */
export function followedAccount<E extends RankedOutcome>(fit: SharedFit<E>, heldOut: readonly AccountHeldOut[], minPerKind = AGREEMENT_MIN_PER_KIND, z = AGREEMENT_Z): string | undefined {
  const parties = partyTallies(fit, heldOut);
  if (parties.length < 2 || parties[0]![0] === SMALL_POOL) return undefined;
  const [heaviest, own] = parties[0]!;
  if (own.model < own.baseline && worseOn(fit, parties.slice(1), minPerKind, z)) return heaviest;
  // A party that is not the heaviest, among three or more: it gains beyond chance on its own
  // outcomes, and the others lose beyond chance and at least FOLLOWED_MIN_LOSS per outcome. With
  // two parties, one gaining where the other loses is two customers disagreeing, the heaviest's
  // rule above (a small honest customer the version learns from is not left out for it). The
  // first in the order of its share of the fit times its gain per outcome (what it pulls by).
  if (parties.length < 3) return undefined;
  const share = partyShares(fit);
  const pull = ([p, t]: [string, PartyTally]): number => ((share.get(p) ?? 0) * (t.baseline - t.model)) / t.n;
  const candidates = parties.slice(1).filter(([p, t]) => p !== SMALL_POOL && gainsBeyondChance(t, z)).sort((a, b) => pull(b) - pull(a) || (a[0] < b[0] ? -1 : 1));
  for (const [p] of candidates) {
    if (worseOn(fit, parties.filter(([q]) => q !== p), minPerKind, z, FOLLOWED_MIN_LOSS)) return p;
  }
  return undefined;
}

/** Whether a shared version fitted on `fit` followed one account at the others' expense (followedAccount). */
export function worseForOthers<E extends RankedOutcome>(fit: SharedFit<E>, heldOut: readonly AccountHeldOut[], minPerKind = AGREEMENT_MIN_PER_KIND, z = AGREEMENT_Z): boolean {
  return followedAccount(fit, heldOut, minPerKind, z) !== undefined;
}

/** Whether a version does worse than the baseline, beyond chance, on the held-out outcomes of every party of `fit` taken together (worseOn): the refit's test (sharedVersion). */
export function worseForAll<E extends RankedOutcome>(fit: SharedFit<E>, heldOut: readonly AccountHeldOut[], minPerKind = AGREEMENT_MIN_PER_KIND, z = AGREEMENT_Z): boolean {
  return worseOn(fit, partyTallies(fit, heldOut), minPerKind, z);
}

/** What a fit of the shared model gives that sharedVersion judges: the guards' verdict and the held-out probabilities. */
export interface FittedVersion<E> {
  readonly heldBack: boolean;
  readonly heldOut: readonly { readonly example: E; readonly probability: number }[];
}

export interface SharedVersion<E, M> {
  /** The fit the version published was fitted on (without `followed`'s outcomes when there is one). */
  readonly fit: SharedFit<E>;
  readonly model: M;
  /** The account a fit on every account's outcomes followed at the others' expense: its outcomes are left out of `model`. */
  readonly followed?: string;
  /** Held back for the others: the first fit followed one account and too few outcomes remain without it for a model that may serve (`model` is then the first fit), or the refit is worse for its parties (worseForAll). */
  readonly worseForOthers: boolean;
  /** Each of `followed`'s outcomes scored by `model` (which never saw them), for the account guard. */
  readonly followedScored: readonly AccountHeldOut[];
}

/**
 * The shared version to publish from every account's `examples` (pure but for the fitter it is
 * given): a fit on the shared fit's outcomes; when that fit followed one account at the others'
 * expense (followedAccount, judged whether or not the guards held it back), one refit without
 * that account's outcomes, published instead. The refit is held back when it is worse than the
 * baseline for its own parties taken together (worseForAll: the first fit's test without its
 * condition that the heaviest gains, as the refit exists because one account was followed), so
 * an actor's second account cannot take the first one's place; no further refit.
 *
 * Why a refit, not only a hold-back: holding the version back served the baseline to every
 * customer, so one account, lying or just unlike the rest, being the heaviest party cost every
 * other customer what their own outcomes taught (the harness: a heavy account flipping 40% of
 * its outcomes beside three honest customers held back a version the honest three would have
 * been served at 98.6 / 4.3, natural names / generated strings, against the baseline's 91.1 /
 * 10.4). Left out, that account weighs nothing in what the others are served, and keeps its
 * personal model; the refit is never served to it when it does worse than the baseline on its
 * outcomes (`followedScored`, for the account guard).
 */
export async function sharedVersion<E extends RankedOutcome, M extends FittedVersion<E>>(
  examples: readonly E[],
  fitModel: (fit: SharedFit<E>) => Promise<M>,
  probability: (model: M, example: E) => number,
  cap = MAX_ACCOUNT_SHARE,
): Promise<SharedVersion<E, M>> {
  const fit = sharedFit(examples, cap);
  const model = await fitModel(fit);
  const followed = fit.tooFew ? undefined : followedAccount(fit, model.heldOut);
  if (followed === undefined) return { fit, model, worseForOthers: false, followedScored: [] };
  const rest = sharedFit(
    examples.filter((e) => e.account !== followed),
    cap,
  );
  // Too few left for a model that may serve (as for outcomes left out: trainingDue): the version
  // fitted on everyone's outcomes is held back, as before.
  const humans = rest.examples.filter((e) => e.human).length;
  if (!rest.fittable || rest.tooFew || !trainingDue({ humans, fakes: rest.examples.length - humans, newSinceModel: rest.examples.length }).due) {
    return { fit, model, worseForOthers: true, followedScored: [] };
  }
  const refit = await fitModel(rest);
  return {
    fit: rest,
    model: refit,
    followed,
    worseForOthers: !refit.heldBack && worseForAll(rest, refit.heldOut),
    followedScored: examples.filter((e) => e.account === followed).map((example) => ({ example, probability: probability(refit, example) })),
  };
}
