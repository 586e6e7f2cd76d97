/**
 * What the shared model is fitted on (pure): every account's outcomes but those left out
 * (account-agreement.ts), each weighted so that no account weighs more than its fair share
 * (tenant-weights.ts), and the accounts with few outcomes, together, no more than one account's
 * share: the per-account cap alone let an attacker with many small accounts (each under it)
 * weigh as much as it liked. The trainer composes it before the fit; tests and simulations compose
 * the same, so what they measure is what the trainer fits.
 */
import { judgeAccounts, type RankedOutcome } from './account-agreement.ts';
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
  };
}
