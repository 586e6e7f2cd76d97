/**
 * Prequential model statistics (pure): every labelled example is scored with the probability
 * the model gave at check time, before any model learns from it. Kept per account so personal
 * models can be judged on an account's own outcomes and the global figure is an exact merge.
 *
 * Recent figures, and the health that compares them, are over the newest outcomes both models
 * scored, paired (the same outcomes for both): at least RECENT_WINDOW of them to judge at all,
 * and as many as HEALTH_WINDOW once there are. A learned model's advantage is a few hundredths
 * of a nat per outcome while one outcome's difference between two models varies by a few
 * tenths, so over 50 outcomes the sign of the difference is often noise; over 500 its standard
 * error is a third of that (docs/scorecard.md §6).
 */
/** The fewest scored outcomes a model is judged on. */
export const RECENT_WINDOW = 50;
/** The most recent outcomes a tally keeps, and recent figures and health are over. */
export const HEALTH_WINDOW = 500;
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
  /** Per-example log loss of the newest examples (RECENT_WINDOW, or HEALTH_WINDOW for an account's running tallies), oldest first, with their times. */
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

/** `keep`: how many of the newest examples the tally keeps (an account's running tallies keep HEALTH_WINDOW, a day's RECENT_WINDOW). */
export function addExample(t: ModelTally, ex: ScoredExample, keep = RECENT_WINDOW): ModelTally {
  const loss = logLossOf(ex.human, ex.probability);
  const recent = [...t.recent, { time: ex.time, loss }];
  recent.sort((a, b) => a.time - b.time);
  return {
    n: t.n + 1,
    correct: t.correct + (isCorrect(ex.human, ex.probability) ? 1 : 0),
    sumLogLoss: t.sumLogLoss + loss,
    recent: recent.slice(-keep),
  };
}

export interface ModelScoreSummary {
  accuracy: number;
  log_loss: number;
  recent_log_loss: number;
}

/** Merges per-account tallies into one global summary (null when there is no example yet), the recent figure over the newest `window`. */
export function summarize(tallies: readonly ModelTally[], window = RECENT_WINDOW): ModelScoreSummary | null {
  let n = 0;
  let correct = 0;
  let sum = 0;
  for (const t of tallies) {
    n += t.n;
    correct += t.correct;
    sum += t.sumLogLoss;
  }
  if (n === 0) return null;
  // One tally's examples are kept in time order already (addExample); several are merged.
  const last = tallies.length === 1 ? tallies[0]!.recent.slice(-window) : tallies.flatMap((t) => t.recent).sort((a, b) => a.time - b.time).slice(-window);
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
  /** One account's summary only (null for a merge of several): its models compared on the same own outcomes. */
  readonly comparisons: OwnComparisons | null;
}

/** Every account's tallies merged into the global figures /v1/model reports. */
export function summarizeAccounts(rows: readonly AccountTallies[]): StatsSummary {
  const active = rows.filter((r) => r.humans + r.fakes > 0);
  return {
    humans: active.reduce((s, r) => s + r.humans, 0),
    fakes: active.reduce((s, r) => s + r.fakes, 0),
    customers: active.length,
    baseline: summarize(active.map((r) => r.baseline), HEALTH_WINDOW),
    learned: summarize(active.map((r) => r.learned).filter((t) => t.n > 0), HEALTH_WINDOW),
    learnedExamples: active.reduce((s, r) => s + r.learned.n, 0),
    personal: summarize(active.map((r) => r.personal).filter((t) => t.n > 0), HEALTH_WINDOW),
    personalExamples: active.reduce((s, r) => s + r.personal.n, 0),
    comparisons: active.length === 1 ? ownComparisons(active[0]!) : null,
  };
}

/** Two models' mean log loss over the same recent outcomes. */
export interface PairedRecent {
  /** Outcomes both scored, the newest HEALTH_WINDOW at most. */
  readonly n: number;
  readonly model: number;
  readonly other: number;
}

/**
 * `model` against `other` over the newest outcomes both scored (matched by label time), at most
 * HEALTH_WINDOW; null when none. Each tally keeps its own newest HEALTH_WINDOW, so a model that
 * started later is compared on the outcomes since it started, never on older ones of the other.
 */
export function pairedRecent(model: ModelTally, other: ModelTally): PairedRecent | null {
  // Both lists are in time order (addExample): one merge pass, newest first, equal times matched in order.
  const a = model.recent;
  const b = other.recent;
  let i = a.length - 1;
  let j = b.length - 1;
  let n = 0;
  let sumModel = 0;
  let sumOther = 0;
  while (i >= 0 && j >= 0 && n < HEALTH_WINDOW) {
    const ta = a[i]!.time;
    const tb = b[j]!.time;
    if (ta > tb) i--;
    else if (tb > ta) j--;
    else {
      sumModel += a[i--]!.loss;
      sumOther += b[j--]!.loss;
      n++;
    }
  }
  return n === 0 ? null : { n, model: sumModel / n, other: sumOther / n };
}

/** One account's comparisons on its own outcomes, each over the outcomes both models scored. */
export interface OwnComparisons {
  /** The shared model against the baseline. */
  readonly shared: PairedRecent | null;
  /** The personal model against the baseline. */
  readonly personal: PairedRecent | null;
  /** The shared model against the personal one. */
  readonly sharedVsPersonal: PairedRecent | null;
}

export function ownComparisons(t: AccountTallies): OwnComparisons {
  return { shared: pairedRecent(t.learned, t.baseline), personal: pairedRecent(t.personal, t.baseline), sharedVsPersonal: pairedRecent(t.learned, t.personal) };
}

/**
 * A personal model's figures and the baseline's on its account's own outcomes, the recent ones
 * over the outcomes both scored (what its health compares): from one account's summary.
 */
export function personalFigures(own: StatsSummary): { baseline: ModelScoreSummary | null; personal: ModelScoreSummary | null } {
  const p = own.comparisons?.personal;
  if (!p || !own.baseline || !own.personal) return { baseline: own.baseline, personal: own.personal };
  return { baseline: { ...own.baseline, recent_log_loss: p.other }, personal: { ...own.personal, recent_log_loss: p.model } };
}
