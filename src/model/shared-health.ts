/**
 * How the shared learned model stands for one account (pure). Every customer is served the same
 * shared model, but whether it is healthy for an account is judged on outcomes that account can
 * trust, never on one other customer's flood:
 *  - its own outcomes, once the shared model has scored RECENT_WINDOW of them: the newest it
 *    scored, at most HEALTH_WINDOW, against the baseline on the same outcomes;
 *  - before that, a tenant-balanced window: the newest outcomes of every account, newest first,
 *    at most ceil(cap x its size) of any one account (the cap of tenant-weights.ts), as large
 *    as every account's outcomes allow up to HEALTH_WINDOW, at least RECENT_WINDOW. However many
 *    outcomes one customer reports, they fill at most its share of the window; with too few
 *    customers' outcomes to fill RECENT_WINDOW, the model is not judged (not healthy) yet.
 * The overall figures beside the window (accuracy, log loss) weigh accounts the same way.
 */
import { HEALTH_WINDOW, pairedRecent, RECENT_WINDOW, type AccountTallies, type ModelScoreSummary, type ModelTally } from './prequential.ts';
import TinyQueue from 'tinyqueue';
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
  /** Balanced scope: the most outcomes one account may put in the window. */
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
  // Each account's recent outcomes: those the shared model scored, each beside the baseline's
  // loss on the same outcome (same label time); before any was scored, the baseline's alone.
  // No account can put more than its share of the largest window in it: its older outcomes are left out at once.
  const share = capFor(active.length, cap);
  const most = Math.ceil(share * HEALTH_WINDOW);
  const entries: Entry[][] = active.map((r, account) => {
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
  // Every account that reported counts, whether or not the shared model has scored its outcomes
  // yet: while only one customer's outcomes have been scored, they fill its share and no more.
  // The window is as large as the accounts' outcomes fill with no account above its share of
  // it, up to HEALTH_WINDOW (at least RECENT_WINDOW, else it is not judged).
  const available = entries.map((e) => e.length);
  const fills = (size: number): boolean => available.reduce((s, a) => s + Math.min(a, Math.ceil(share * size)), 0) >= size;
  let size = HEALTH_WINDOW;
  while (size > RECENT_WINDOW && !fills(size)) size--;
  const quota = Math.ceil(share * size);
  const window = newestWithQuota(entries, size, quota);
  const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
  // The recent figures are the window's; an overall one is only needed when the window is empty.
  const baselineOverall = merged(active.map((r) => r.baseline), cap, window.length === 0);
  const learnedOverall = merged(active.map((r) => r.learned), cap, window.length === 0 || !scored);
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

/** Accuracy and log loss over every account, each account's share capped as in training; recent over all when `withRecent` (else replaced by the window's). */
function merged(tallies: readonly ModelTally[], cap: number, withRecent: boolean): ModelScoreSummary | null {
  const withExamples = tallies.filter((t) => t.n > 0);
  if (withExamples.length === 0) return null;
  const w = accountWeights(new Map(withExamples.map((t, i) => [String(i), t.n])), cap);
  let n = 0;
  let correct = 0;
  let loss = 0;
  withExamples.forEach((t, i) => {
    const m = w.get(String(i))!;
    n += m * t.n;
    correct += m * t.correct;
    loss += m * t.sumLogLoss;
  });
  if (!withRecent) return { accuracy: correct / n, log_loss: loss / n, recent_log_loss: NaN };
  const recent = withExamples.flatMap((t) => t.recent).sort((a, b) => a.time - b.time).slice(-HEALTH_WINDOW);
  return { accuracy: correct / n, log_loss: loss / n, recent_log_loss: recent.reduce((s, x) => s + x.loss, 0) / recent.length };
}
