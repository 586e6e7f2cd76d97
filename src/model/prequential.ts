/**
 * Prequential model statistics (pure): every labelled example is scored with the probability
 * the model gave at check time, before any model learns from it. Kept per account so personal
 * models can be judged on an account's own outcomes and the global figure is an exact merge.
 */
export const RECENT_WINDOW = 50;
const EPS = 1e-6;

export interface ScoredExample {
  /** When the label arrived; orders "recent". */
  readonly time: number;
  readonly human: boolean;
  readonly probability: number;
}

export interface ModelTally {
  n: number;
  correct: number;
  sumLogLoss: number;
  /** Per-example log loss of the last RECENT_WINDOW examples, oldest first, with their times. */
  recent: { time: number; loss: number }[];
}

export function emptyTally(): ModelTally {
  return { n: 0, correct: 0, sumLogLoss: 0, recent: [] };
}

export function logLossOf(human: boolean, p: number): number {
  const q = Math.min(1 - EPS, Math.max(EPS, p));
  return human ? -Math.log(q) : -Math.log(1 - q);
}

/** A prediction is correct when P(human) >= 0.5 exactly for humans. */
export function isCorrect(human: boolean, p: number): boolean {
  return p >= 0.5 === human;
}

export function addExample(t: ModelTally, ex: ScoredExample): ModelTally {
  const loss = logLossOf(ex.human, ex.probability);
  const recent = [...t.recent, { time: ex.time, loss }];
  recent.sort((a, b) => a.time - b.time);
  return {
    n: t.n + 1,
    correct: t.correct + (isCorrect(ex.human, ex.probability) ? 1 : 0),
    sumLogLoss: t.sumLogLoss + loss,
    recent: recent.slice(-RECENT_WINDOW),
  };
}

export interface ModelScoreSummary {
  accuracy: number;
  log_loss: number;
  recent_log_loss: number;
}

/** Merges per-account tallies into one global summary (null when there is no example yet). */
export function summarize(tallies: readonly ModelTally[]): ModelScoreSummary | null {
  let n = 0;
  let correct = 0;
  let sum = 0;
  const recent: { time: number; loss: number }[] = [];
  for (const t of tallies) {
    n += t.n;
    correct += t.correct;
    sum += t.sumLogLoss;
    recent.push(...t.recent);
  }
  if (n === 0) return null;
  recent.sort((a, b) => a.time - b.time);
  const last = recent.slice(-RECENT_WINDOW);
  return {
    accuracy: correct / n,
    log_loss: sum / n,
    recent_log_loss: last.reduce((s, x) => s + x.loss, 0) / last.length,
  };
}

/** One account's prequential record (the model-stats store value). */
export interface AccountTallies {
  readonly baseline: ModelTally;
  /** Only probabilities the shared learned model gave. */
  readonly learned: ModelTally;
  /** Only probabilities this account's personal model gave (judged on its own outcomes only). */
  readonly personal: ModelTally;
  readonly humans: number;
  readonly fakes: number;
}

export interface StatsSummary {
  readonly humans: number;
  readonly fakes: number;
  /** Accounts with at least one outcome. */
  readonly customers: number;
  readonly baseline: ModelScoreSummary | null;
  /** The shared learned model's figures. */
  readonly learned: ModelScoreSummary | null;
  /** Examples the shared learned model scored (at check or report time). */
  readonly learnedExamples: number;
  /** The personal model's figures: meaningful for one account's row only (each account has its own). */
  readonly personal: ModelScoreSummary | null;
  readonly personalExamples: number;
}

/** Every account's tallies merged into the global figures /v1/model reports. */
export function summarizeAccounts(rows: readonly AccountTallies[]): StatsSummary {
  const active = rows.filter((r) => r.humans + r.fakes > 0);
  return {
    humans: active.reduce((s, r) => s + r.humans, 0),
    fakes: active.reduce((s, r) => s + r.fakes, 0),
    customers: active.length,
    baseline: summarize(active.map((r) => r.baseline)),
    learned: summarize(active.map((r) => r.learned).filter((t) => t.n > 0)),
    learnedExamples: active.reduce((s, r) => s + r.learned.n, 0),
    personal: summarize(active.map((r) => r.personal).filter((t) => t.n > 0)),
    personalExamples: active.reduce((s, r) => s + r.personal.n, 0),
  };
}
