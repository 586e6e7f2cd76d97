/**
 * Scores labelled rows through the API's own path (parseAddress -> analyze -> judge, with
 * no DNS, IP or history facts) and measures ranking and verdict quality. Pure: rows,
 * tables and model in, a report object out; no address leaves this function.
 */
import { VERDICTS, type Verdict, type VerdictThresholds } from '../domain/check.ts';
import { analyze, judge, type JudgeTables } from '../check/judge.ts';
import { accuracy, logLoss, rocAuc } from '../model/metrics.ts';
import type { Scorecard } from '../model/score.ts';
import { parseAddress } from '../signals/syntax.ts';
import type { Label, LabelledRow } from './labelled.ts';

/** Verdict counts per label. */
export type VerdictCounts = Readonly<Record<Label, Readonly<Record<Verdict, number>>>>;

export interface SliceResult {
  readonly name: string;
  /** The slice's own rows of each label. */
  readonly humans: number;
  readonly fakes: number;
  /** ROC AUC of P(human); NaN when a class is empty. */
  readonly auc: number;
  /** Verdicts of the slice's own rows, per label. */
  readonly verdicts: VerdictCounts;
}

export interface EvalReport {
  readonly rows: number;
  readonly scored: number;
  readonly invalid: Readonly<Record<Label, number>>;
  readonly overall: SliceResult;
  /** AUC of the integer human_score (what the API returns; ties from rounding). */
  readonly aucHumanScore: number;
  readonly logLoss: number;
  readonly accuracy: number;
  /**
   * One entry per `source`. A source usually holds one label only, so its AUC ranks that
   * source's rows against every scored row of the other label.
   */
  readonly perSource: readonly SliceResult[];
  /** One entry per `kind` (rows without one: `(none)`), AUC as for sources. */
  readonly perKind: readonly SliceResult[];
  /** Rows whose domain is gmail.com (where the provider alone tells nothing). */
  readonly gmail: SliceResult;
  readonly confusion: VerdictCounts;
  /** Share of scored humans whose verdict is block. */
  readonly humansBlocked: number;
  /** Share of scored fakes whose verdict is review or block (not let through unseen). */
  readonly fakesCaught: number;
}

/** One scored row: what the report needs of it, from the in-process judge or from a service's answer. */
export interface Scored {
  readonly label: Label;
  readonly source: string;
  readonly kind: string;
  readonly gmail: boolean;
  readonly probability: number;
  readonly humanScore: number;
  readonly verdict: Verdict;
}

function slice(name: string, items: readonly Scored[]): SliceResult {
  return sliceOf(name, items, items);
}

/** AUC over `pool`, counts and verdicts over `own` (the slice's rows; `pool` includes them). */
function sliceOf(name: string, own: readonly Scored[], pool: readonly Scored[]): SliceResult {
  const verdicts = { human: zeroVerdicts(), fake: zeroVerdicts() };
  for (const s of own) verdicts[s.label][s.verdict]++;
  return {
    name,
    humans: own.filter((s) => s.label === 'human').length,
    fakes: own.filter((s) => s.label === 'fake').length,
    auc: rocAuc(pool.map((s) => s.probability), pool.map((s) => s.label === 'human')),
    verdicts,
  };
}

/**
 * One slice per value of `key`. A mixed-label group gets its own AUC; a single-label group is
 * ranked against every scored row of the other label (what separating it means).
 */
function groupSlices(scored: readonly Scored[], key: (s: Scored) => string): SliceResult[] {
  const names = [...new Set(scored.map(key))].sort();
  return names.map((name) => {
    const own = scored.filter((s) => key(s) === name);
    const ownLabels = new Set(own.map((s) => s.label));
    const pool = ownLabels.size === 2 ? own : [...own, ...scored.filter((s) => !ownLabels.has(s.label))];
    return sliceOf(name, own, pool);
  });
}

export function evaluate(rows: readonly LabelledRow[], tables: JudgeTables, model: Scorecard, thresholds?: VerdictThresholds): EvalReport {
  return reportOfRows(rows, rows.map((row) => judgeRow(row, tables, model, thresholds)));
}

/** The report of rows scored one by one (`scored[i]` is row i's; undefined: invalid syntax). */
export function reportOfRows(rows: readonly LabelledRow[], scored: readonly (Scored | undefined)[]): EvalReport {
  return reportOf(rows.length, scored.filter((s) => s !== undefined), invalidOf(rows, scored));
}

/** One row through the API's check path with no DNS, IP or history facts; undefined when its syntax is invalid. */
export function judgeRow(row: LabelledRow, tables: JudgeTables, model: Scorecard, thresholds?: VerdictThresholds): JudgedRow | undefined {
  const parsed = parseAddress(row.email);
  if (!parsed.ok) return undefined;
  const { score } = judge(analyze(parsed.address, tables), {}, model, thresholds);
  return {
    ...sliceKeys(row, parsed.address.domain),
    probability: score.probability,
    humanScore: score.humanScore,
    verdict: score.verdict,
    reasons: score.reasons,
    evidence: score.evidence,
  };
}

/**
 * A row as a service answered it (`npm run eval -- --service`). The API returns human_score, an
 * integer, not the probability: P(human) is human_score / 100 there, so its AUC is the integer
 * score's (ties included) and its log loss that of the rounded probability.
 */
export function serviceRow(row: LabelledRow, answer: { readonly humanScore: number; readonly verdict: Verdict; readonly reasons: readonly string[] }): JudgedRow {
  const parsed = parseAddress(row.email);
  return {
    ...sliceKeys(row, parsed.ok ? parsed.address.domain : undefined),
    probability: answer.humanScore / 100,
    humanScore: answer.humanScore,
    verdict: answer.verdict,
    reasons: answer.reasons,
  };
}

/** What places a row in the report's slices. */
const sliceKeys = (row: LabelledRow, domain: string | undefined) => ({
  label: row.label,
  source: row.source ?? '(none)',
  kind: row.kind ?? '(none)',
  gmail: domain === 'gmail.com',
});

/** A scored row with its reason codes (what the service mode compares row by row). */
export interface JudgedRow extends Scored {
  readonly reasons: readonly string[];
  /** Each signal's part of the logit (in process only: the service's bulk answers carry none). */
  readonly evidence?: readonly { readonly signal: string; readonly impact: number }[];
}

/** Rows not scored (undefined at their position), per label. */
export function invalidOf(rows: readonly LabelledRow[], scored: readonly (Scored | undefined)[]): Record<Label, number> {
  const invalid: Record<Label, number> = { human: 0, fake: 0 };
  rows.forEach((row, i) => {
    if (scored[i] === undefined) invalid[row.label]++;
  });
  return invalid;
}

/**
 * The report of scored rows (`rows`: how many were read, `invalid`: those not scored, per
 * label). The one place every figure of the eval is computed, whoever scored the rows.
 */
export function reportOf(rows: number, scored: readonly Scored[], invalid: Readonly<Record<Label, number>>): EvalReport {
  const labels = scored.map((s) => s.label === 'human');
  const probs = scored.map((s) => s.probability);
  const overall = slice('overall', scored);
  const confusion = overall.verdicts;
  const humans = overall.humans;
  const fakes = overall.fakes;

  return {
    rows,
    scored: scored.length,
    invalid,
    overall,
    aucHumanScore: rocAuc(scored.map((s) => s.humanScore), labels),
    logLoss: logLoss(probs, labels),
    accuracy: accuracy(probs, labels),
    perSource: groupSlices(scored, (s) => s.source),
    perKind: groupSlices(scored, (s) => s.kind),
    gmail: slice('gmail.com', scored.filter((s) => s.gmail)),
    confusion,
    humansBlocked: humans ? confusion.human.block / humans : NaN,
    fakesCaught: fakes ? (confusion.fake.review + confusion.fake.block) / fakes : NaN,
  };
}

function zeroVerdicts(): Record<Verdict, number> {
  return Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
}
