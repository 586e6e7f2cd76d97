/**
 * The arithmetic of `npm run eval -- --learning FILE` (pure): the order in which a simulated
 * customer meets a labelled file's rows, where it stops reporting outcomes, and how the model
 * it was served compares with the baseline on the checks that came after. No address leaves
 * this module: only labels, domains' gmail flag, probabilities and verdicts come in.
 */
import type { Verdict } from '../domain/check.ts';
import { rocAuc } from '../model/metrics.ts';
import { logLossOf } from '../model/prequential.ts';
import type { Label } from './labelled.ts';

/** Share of the rows checked with their outcomes reported (the rest are checked without). */
export const LEARNING_SHARE = 0.6;

/**
 * Row indices in the order the simulated customer checks them. Labelled files are usually
 * grouped by source (every fake, then every human): a customer's traffic is mixed, so a fixed
 * pseudo-random order stands in for arrival order unless the file is already in it (`inOrder`).
 * Each `seed` gives another fixed order (0: the default one), so a result can be checked for
 * hanging on one order of arrival.
 */
export function arrivalOrder(rows: number, inOrder: boolean, seed = 0): number[] {
  const order = Array.from({ length: rows }, (_, i) => i);
  if (inOrder) return order;
  const salt = Math.imul(seed, 0x9e3779b1);
  const key = (i: number): number => Math.imul((i + 7) ^ salt, 2246822519) >>> 0;
  return order.sort((a, b) => key(a) - key(b) || a - b);
}

/** The first `LEARNING_SHARE` of the order (checked with outcomes) and the rest (checked without). */
export function splitForLearning<T>(ordered: readonly T[]): { learn: T[]; unseen: T[] } {
  const cut = Math.round(ordered.length * LEARNING_SHARE);
  return { learn: ordered.slice(0, cut), unseen: ordered.slice(cut) };
}

export interface Judged {
  readonly probability: number;
  readonly verdict: Verdict;
}

/**
 * One check of the unseen part, as the served model and the baseline judged it, and the learned
 * models that scored it beside them (the shared one, the customer's personal one), served or not.
 */
export interface ComparedCheck {
  readonly label: Label;
  readonly gmail: boolean;
  readonly served: Judged;
  readonly baseline: Judged;
  readonly shared?: Judged;
  readonly personal?: Judged;
}

type Side = 'served' | 'baseline' | 'shared' | 'personal';

export interface SideFigures {
  /** ROC AUC of P(human); NaN when a class is empty. */
  readonly auc: number;
  readonly gmailAuc: number;
  /** Share of fakes given `review` or `block`. */
  readonly fakesCaught: number;
  /** Share of humans given `block`. */
  readonly humansBlocked: number;
  /** Mean log loss of P(human): how well calibrated, which is what auto mode judges models by. */
  readonly logLoss: number;
}

export interface LearningComparison {
  readonly humans: number;
  readonly fakes: number;
  readonly served: SideFigures;
  readonly baseline: SideFigures;
  /** The newest shared learned model on the same checks, when it scored every one of them. */
  readonly shared?: SideFigures;
  /** Likewise the customer's personal model. */
  readonly personal?: SideFigures;
}

function figures(checks: readonly ComparedCheck[], side: Side): SideFigures {
  const p = (c: ComparedCheck): Judged => c[side]!;
  const humans = checks.filter((c) => c.label === 'human');
  const fakes = checks.filter((c) => c.label === 'fake');
  const gmail = checks.filter((c) => c.gmail);
  const auc = (xs: readonly ComparedCheck[]): number => rocAuc(xs.map((c) => p(c).probability), xs.map((c) => c.label === 'human'));
  return {
    auc: auc(checks),
    gmailAuc: auc(gmail),
    fakesCaught: fakes.length ? fakes.filter((c) => p(c).verdict !== 'allow').length / fakes.length : NaN,
    humansBlocked: humans.length ? humans.filter((c) => p(c).verdict === 'block').length / humans.length : NaN,
    logLoss: checks.length ? checks.reduce((s, c) => s + logLossOf(c.label === 'human', p(c).probability), 0) / checks.length : NaN,
  };
}

export function compareOnUnseen(checks: readonly ComparedCheck[]): LearningComparison {
  const humans = checks.filter((c) => c.label === 'human').length;
  const everywhere = (side: 'shared' | 'personal'): boolean => checks.length > 0 && checks.every((c) => c[side] !== undefined);
  return {
    humans,
    fakes: checks.length - humans,
    served: figures(checks, 'served'),
    baseline: figures(checks, 'baseline'),
    ...(everywhere('shared') ? { shared: figures(checks, 'shared') } : {}),
    ...(everywhere('personal') ? { personal: figures(checks, 'personal') } : {}),
  };
}
