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
 */

/** Each kind of outcome an account needs before its ordering is judged (a personal model's per-kind minimum). */
export const AGREEMENT_MIN_PER_KIND = 10;
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

/** Each account's agreement with the baseline's ordering; accounts with fewer than `minPerKind` of either kind are not judged (absent). */
export function accountAgreement(outcomes: readonly RankedOutcome[], minPerKind = AGREEMENT_MIN_PER_KIND): Map<string, AccountAgreement> {
  const by = new Map<string, RankedOutcome[]>();
  for (const o of outcomes) {
    const list = by.get(o.account);
    if (list) list.push(o);
    else by.set(o.account, [o]);
  }
  const out = new Map<string, AccountAgreement>();
  for (const [account, list] of by) {
    const humans = list.filter((o) => o.human).length;
    const fakes = list.length - humans;
    if (humans < minPerKind || fakes < minPerKind) continue;
    const auc = baselineAuc(list);
    const se = Math.sqrt((humans + fakes + 1) / (12 * humans * fakes));
    out.set(account, { humans, fakes, auc, z: (auc - 0.5) / se });
  }
  return out;
}

/** Accounts (sorted) whose outcomes the baseline orders worse than chance beyond sampling: left out of the shared model. */
export function accountsToLeaveOut(outcomes: readonly RankedOutcome[], minPerKind = AGREEMENT_MIN_PER_KIND, z = AGREEMENT_Z): string[] {
  return [...accountAgreement(outcomes, minPerKind)]
    .filter(([, a]) => a.z < -z)
    .map(([account]) => account)
    .sort();
}
