/**
 * Which accounts' outcomes the shared model leaves out (pure): an account whose outcomes the
 * baseline ranks the wrong way round, its fakes above its real people, beyond what sampling
 * explains. The shared model is pulled towards the baseline and every account shares it; one
 * customer reporting real people as fakes and fakes as real (a mistake or a poisoning) would
 * otherwise flatten or invert what every other account is served, by up to its capped share,
 * which with two or three customers is a half or a third.
 *
 * The baseline, not the other accounts' fit, is the reference: with two accounts "the others"
 * is one account, and each disagrees with the other as much as the other with it; the baseline
 * is the prior every fit starts from, and no customer's outcomes can move it. The test is on
 * ranks (Mann-Whitney), so a customer whose base rate or score level differs from the
 * baseline's, or whose fakes the baseline misses (natural-looking generated names), still
 * counts: only an ordering worse than chance is left out. Its outcomes still train its own
 * personal model.
 *
 * Accounts with few outcomes are also judged together. One account's test needs outcomes: with
 * fewer than 10 of a kind it is not judged at all, and with 10 of each only an ordering near
 * complete reversal is beyond chance; so an attacker spreading reversed outcomes over many small
 * accounts was never tested, and each stayed under the per-account cap (30 accounts of 21
 * outcomes inverted what a new customer was served). Every account with fewer than
 * SMALL_ACCOUNT_OUTCOMES outcomes whose own ordering is within chance either way is in one pool,
 * judged on all their outcomes together (and capped as one account: shared-fit.ts); a pool the
 * baseline orders the wrong way round is left out whole. Honest small accounts in a pool that many
 * reversed ones outnumber lose their share of the shared model with it (each is still served
 * the model fitted on the others' outcomes).
 */

/** Each kind of outcome an account needs before its ordering is judged (a personal model's per-kind minimum). */
export const AGREEMENT_MIN_PER_KIND = 10;
/** Below this many outcomes an account is judged (and capped) in the pool of small accounts: the account guard's and a personal model's minimum. */
export const SMALL_ACCOUNT_OUTCOMES = 50;
/** One-sided z for p < 0.001: an honest customer is left out by chance about once in a thousand fits, if its real ordering is no better than chance. */
export const AGREEMENT_Z = 3.09;

export interface RankedOutcome {
  readonly account: string;
  readonly human: boolean;
  /** P(human) the baseline gave at check time. */
  readonly baselineProbability: number;
}

export interface AccountAgreement {
  readonly humans: number;
  readonly fakes: number;
  /** Share of (real person, fake) pairs the baseline orders the right way round (ties count half): the AUC. */
  readonly auc: number;
  /** (auc − 0.5) over its standard error when the ordering is chance (Mann-Whitney's null). */
  readonly z: number;
}

/** The AUC of the baseline's probabilities over these outcomes, ties counted half; NaN without both kinds. */
export function baselineAuc(outcomes: readonly RankedOutcome[]): number {
  const sorted = [...outcomes].sort((a, b) => a.baselineProbability - b.baselineProbability);
  let humans = 0;
  let rankSum = 0;
  // Ranks 1..n, tied probabilities sharing their mean rank.
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.baselineProbability === sorted[i]!.baselineProbability) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if (sorted[k]!.human) {
        humans++;
        rankSum += rank;
      }
    }
    i = j;
  }
  const fakes = sorted.length - humans;
  if (humans === 0 || fakes === 0) return NaN;
  return (rankSum - (humans * (humans + 1)) / 2) / (humans * fakes);
}

/** The agreement of outcomes (all of one account or one pool), or undefined with fewer than `minPerKind` of either kind. */
export function agreementOf(list: readonly RankedOutcome[], minPerKind: number): AccountAgreement | undefined {
  const humans = list.filter((o) => o.human).length;
  const fakes = list.length - humans;
  if (humans < minPerKind || fakes < minPerKind) return undefined;
  const auc = baselineAuc(list);
  const se = Math.sqrt((humans + fakes + 1) / (12 * humans * fakes));
  return { humans, fakes, auc, z: (auc - 0.5) / se };
}

function byAccount<O extends { readonly account: string }>(outcomes: readonly O[]): Map<string, O[]> {
  const by = new Map<string, O[]>();
  for (const o of outcomes) {
    const list = by.get(o.account);
    if (list) list.push(o);
    else by.set(o.account, [o]);
  }
  return by;
}

/** Each account's agreement with the baseline's ordering; accounts with fewer than `minPerKind` of either kind are not judged (absent). */
export function accountAgreement(outcomes: readonly RankedOutcome[], minPerKind = AGREEMENT_MIN_PER_KIND): Map<string, AccountAgreement> {
  const out = new Map<string, AccountAgreement>();
  for (const [account, list] of byAccount(outcomes)) {
    const a = agreementOf(list, minPerKind);
    if (a) out.set(account, a);
  }
  return out;
}

export interface AccountJudgement {
  /** Accounts (sorted) whose outcomes the baseline orders worse than chance beyond sampling, on their own or as the pool: left out of the shared model. */
  readonly leftOut: readonly string[];
  /** The pool of small accounts kept: weighed as one account (shared-fit.ts). */
  readonly pooled: ReadonlySet<string>;
}

/**
 * Judges each account's ordering on its own, then the pool of small accounts together: those
 * with fewer than `smallBelow` outcomes whose own ordering is within chance either way (a small
 * account whose ordering agrees with the baseline's beyond chance speaks for itself). A pool the
 * baseline orders worse than chance is left out whole.
 */
export function judgeAccounts(outcomes: readonly RankedOutcome[], minPerKind = AGREEMENT_MIN_PER_KIND, z = AGREEMENT_Z, smallBelow = SMALL_ACCOUNT_OUTCOMES): AccountJudgement {
  const out = new Set<string>();
  const pooled = new Set<string>();
  for (const [account, list] of byAccount(outcomes)) {
    const a = agreementOf(list, minPerKind);
    if (a && a.z < -z) out.add(account);
    else if (list.length < smallBelow && !(a && a.z > z)) pooled.add(account);
  }
  // One account alone in the pool was judged on its own already.
  const pool = pooled.size > 1 ? agreementOf(outcomes.filter((o) => pooled.has(o.account)), minPerKind) : undefined;
  if (pool && pool.z < -z) {
    for (const a of pooled) out.add(a);
    pooled.clear();
  }
  return { leftOut: [...out].sort(), pooled };
}

/** Accounts (sorted) whose outcomes are left out of the shared model: judgeAccounts' `leftOut`. */
export function accountsToLeaveOut(outcomes: readonly RankedOutcome[], minPerKind = AGREEMENT_MIN_PER_KIND, z = AGREEMENT_Z, smallBelow = SMALL_ACCOUNT_OUTCOMES): string[] {
  return [...judgeAccounts(outcomes, minPerKind, z, smallBelow).leftOut];
}
