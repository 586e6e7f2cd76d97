/**
 * How the shared learned model stands for one account (pure). Every customer is served the same
 * shared model, but whether it is healthy for an account is judged on outcomes that account can
 * trust, never on one other customer's flood:
 *  - its own outcomes, once the shared model has scored RECENT_WINDOW of them: the newest it
 *    scored, at most HEALTH_WINDOW, against the baseline on the same outcomes;
 *  - before that, a tenant-balanced window: the newest outcomes of every party, newest first,
 *    at most ceil(cap x its size) of any one party (the cap of tenant-weights.ts), as large
 *    as every party's outcomes allow up to HEALTH_WINDOW, at least RECENT_WINDOW. However many
 *    outcomes one customer reports, they fill at most its share of the window; with too few
 *    customers' outcomes to fill RECENT_WINDOW, the model is not judged (not healthy) yet.
 * A party is an account with SMALL_ACCOUNT_OUTCOMES outcomes or more, or all the accounts with
 * fewer together (one pool), as in the shared fit (shared-fit.ts): with a quota per account,
 * k new accounts of a few outcomes each, one actor's, filled k quotas (five of ten outcomes
 * each made the whole 50-outcome window), deciding for every account under 50 outcomes whether
 * the shared model is healthy. Honest small customers share one quota too (each still counts
 * for the model through the fit, and is judged on its own outcomes from RECENT_WINDOW scored).
 * The overall figures beside the window (accuracy, log loss) weigh parties the same way.
 */
import { HEALTH_WINDOW, pairedRecent, RECENT_WINDOW, type AccountTallies, type ModelScoreSummary, type ModelTally } from './prequential.ts';
import TinyQueue from 'tinyqueue';
import { SMALL_ACCOUNT_OUTCOMES } from './account-agreement.ts';
import { accountWeights, capFor, MAX_ACCOUNT_SHARE } from './tenant-weights.ts';

export interface SharedJudgement {
  /** Whose outcomes: the account's own, or the tenant-balanced window. */
  readonly scope: 'own' | 'balanced';
  readonly baseline: ModelScoreSummary | null;
  /** Null while the shared model has scored none of these outcomes. */
  readonly learned: ModelScoreSummary | null;
  /** Outcomes it is judged on: own scope, those of the account's it scored; balanced, the window's (judging needs RECENT_WINDOW). */
  readonly examples: number;
  /** The shared model's recent log loss is below the baseline's on the same outcomes, at least RECENT_WINDOW of them. */
  readonly healthy: boolean;
  /** Balanced scope: the most outcomes one account (or the accounts under SMALL_ACCOUNT_OUTCOMES together) may put in the window. */
  readonly perAccount?: number;
  /** The outcomes the recent figures are over, the same for both models (0: none yet). */
  readonly window: number;
}

/** The judgement for an account: its own outcomes when they suffice, else the balanced one (computed once for all). */
export function sharedJudgementFor(own: AccountTallies | undefined, balanced: SharedJudgement): SharedJudgement {
  if (!own || own.learned.n < RECENT_WINDOW) return balanced;
  // The recent figures of both over the same outcomes: the newest the shared model scored.
  const pair = pairedRecent(own.learned, own.baseline);
  const learned = summaryOf(own.learned);
  const baseline = summaryOf(own.baseline);
  const recent = (x: ModelScoreSummary | null, r: number | undefined): ModelScoreSummary | null => (x && r !== undefined ? { ...x, recent_log_loss: r } : x);
  return {
    scope: 'own',
    baseline: recent(baseline, pair?.other),
    learned: recent(learned, pair?.model),
    examples: own.learned.n,
    healthy: pair !== null && pair.n >= RECENT_WINDOW && pair.model < pair.other,
    window: pair?.n ?? 0,
  };
}

export interface Entry {
  readonly time: number;
  readonly account: number;
  readonly learned: number | undefined;
  readonly baseline: number;
}

/** The tenant-balanced judgement over every account's tallies. */
export function balancedJudgement(rows: readonly AccountTallies[], cap = MAX_ACCOUNT_SHARE): SharedJudgement {
  const active = rows.filter((r) => r.humans + r.fakes > 0);
  const scored = active.some((r) => r.learned.n > 0);
  // Each account with SMALL_ACCOUNT_OUTCOMES or more is its own party, the smaller ones one party together.
  const big = active.filter((r) => r.humans + r.fakes >= SMALL_ACCOUNT_OUTCOMES).length;
  let nextParty = 0;
  const partyOf = active.map((r) => (r.humans + r.fakes >= SMALL_ACCOUNT_OUTCOMES ? nextParty++ : big));
  const parties = big + (big < active.length ? 1 : 0);
  // Each account's recent outcomes: those the shared model scored, each beside the baseline's
  // loss on the same outcome (same label time); before any was scored, the baseline's alone.
  // No party can put more than its share of the largest window in it: its older outcomes are left out at once.
  const share = capFor(parties, cap);
  const most = Math.ceil(share * HEALTH_WINDOW);
  const perAccount: Entry[][] = active.map((r, i) => {
    const account = partyOf[i]!;
    if (!scored) return r.baseline.recent.slice(-most).map((x) => ({ time: x.time, account, learned: undefined, baseline: x.loss }));
    // Both lists are in time order: one merge pass from the newest, `most` pairs at most.
    const a = r.learned.recent;
    const b = r.baseline.recent;
    const out: Entry[] = [];
    for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0 && out.length < most; ) {
      if (a[i]!.time > b[j]!.time) i--;
      else if (b[j]!.time > a[i]!.time) j--;
      else out.push({ time: a[i]!.time, account, learned: a[i--]!.loss, baseline: b[j--]!.loss });
    }
    return out.reverse();
  });
  // The pool's list: the newest `most` of its accounts' entries, in time order (merged, not sorted: there may be many).
  const small = perAccount.filter((_, i) => partyOf[i] === big);
  const entries = perAccount.filter((_, i) => partyOf[i]! < big);
  if (small.length) entries.push(newestWithQuota(small, most, most).reverse());
  // Every account that reported counts, whether or not the shared model has scored its outcomes
  // yet: while only one party's outcomes have been scored, they fill its share and no more.
  // The window is as large as the parties' outcomes fill with no party above its share of
  // it, up to HEALTH_WINDOW (at least RECENT_WINDOW, else it is not judged).
  const available = entries.map((e) => e.length);
  const fills = (size: number): boolean => available.reduce((s, a) => s + Math.min(a, Math.ceil(share * size)), 0) >= size;
  let size = HEALTH_WINDOW;
  while (size > RECENT_WINDOW && !fills(size)) size--;
  const quota = Math.ceil(share * size);
  const window = newestWithQuota(entries, size, quota);
  const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
  // The recent figures are the window's; an overall one is only needed when the window is empty.
  const baselineOverall = merged(active.map((r) => r.baseline), partyOf, cap, window.length === 0);
  const learnedOverall = merged(active.map((r) => r.learned), partyOf, cap, window.length === 0 || !scored);
  const baseline = baselineOverall && window.length ? { ...baselineOverall, recent_log_loss: mean(window.map((e) => e.baseline)) } : baselineOverall;
  const learned = learnedOverall && window.length && scored ? { ...learnedOverall, recent_log_loss: mean(window.map((e) => e.learned!)) } : learnedOverall;
  return {
    scope: 'balanced',
    baseline,
    learned,
    examples: scored ? window.length : 0,
    healthy: scored && window.length >= RECENT_WINDOW && learned !== null && baseline !== null && learned.recent_log_loss < baseline.recent_log_loss,
    perAccount: quota,
    window: scored ? window.length : 0,
  };
}

/**
 * The newest `size` entries over all accounts, at most `quota` of any one: newest first, an
 * earlier account first at equal times, and an account's entries of equal time in their list
 * order. Each account's list is in time order, so this merges from their ends (a heap of one
 * head per account) and stops at `size`, instead of sorting every account's entries.
 */
export function newestWithQuota(entries: readonly (readonly Entry[])[], size: number, quota: number): Entry[] {
  const next = entries.map((list) => newestFirst(list, quota));
  const pos = next.map(() => 0);
  const heads = new TinyQueue<number>(
    next.flatMap((list, account) => (list.length ? [account] : [])),
    (a, b) => next[b]![pos[b]!]!.time - next[a]![pos[a]!]!.time || a - b,
  );
  const window: Entry[] = [];
  while (window.length < size && heads.length) {
    const account = heads.pop()!;
    window.push(next[account]![pos[account]!++]!);
    if (pos[account]! < next[account]!.length) heads.push(account);
  }
  return window;
}

/** An account's newest `n` entries, newest first; entries of equal time keep their list order. */
function newestFirst(list: readonly Entry[], n: number): Entry[] {
  const out: Entry[] = [];
  for (let end = list.length; end > 0 && out.length < n; ) {
    let start = end - 1;
    while (start > 0 && list[start - 1]!.time === list[end - 1]!.time) start--;
    for (let i = start; i < end && out.length < n; i++) out.push(list[i]!);
    end = start;
  }
  return out;
}

function summaryOf(t: ModelTally): ModelScoreSummary | null {
  if (t.n === 0) return null;
  return { accuracy: t.correct / t.n, log_loss: t.sumLogLoss / t.n, recent_log_loss: t.recent.reduce((s, x) => s + x.loss, 0) / t.recent.length };
}

/** Accuracy and log loss over every account, each party's share (`parties[i]`: tallies[i]'s) capped as in training; recent over all when `withRecent` (else replaced by the window's). */
function merged(tallies: readonly ModelTally[], parties: readonly number[], cap: number, withRecent: boolean): ModelScoreSummary | null {
  const withExamples = tallies.flatMap((t, i) => (t.n > 0 ? [{ t, party: String(parties[i]) }] : []));
  if (withExamples.length === 0) return null;
  const counts = new Map<string, number>();
  for (const { t, party } of withExamples) counts.set(party, (counts.get(party) ?? 0) + t.n);
  const w = accountWeights(counts, cap);
  let n = 0;
  let correct = 0;
  let loss = 0;
  for (const { t, party } of withExamples) {
    const m = w.get(party)!;
    n += m * t.n;
    correct += m * t.correct;
    loss += m * t.sumLogLoss;
  }
  if (!withRecent) return { accuracy: correct / n, log_loss: loss / n, recent_log_loss: NaN };
  const recent = withExamples.flatMap(({ t }) => t.recent).sort((a, b) => a.time - b.time).slice(-HEALTH_WINDOW);
  return { accuracy: correct / n, log_loss: loss / n, recent_log_loss: recent.reduce((s, x) => s + x.loss, 0) / recent.length };
}
