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

interface Scored {
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
  const invalid: Record<Label, number> = { human: 0, fake: 0 };
  const scored: Scored[] = [];
  for (const row of rows) {
    const parsed = parseAddress(row.email);
    if (!parsed.ok) {
      invalid[row.label]++;
      continue;
    }
    const { score } = judge(analyze(parsed.address, tables), {}, model, thresholds);
    scored.push({
      label: row.label,
      source: row.source ?? '(none)',
      kind: row.kind ?? '(none)',
      gmail: parsed.address.domain === 'gmail.com',
      probability: score.probability,
      humanScore: score.humanScore,
      verdict: score.verdict,
    });
  }

  const labels = scored.map((s) => s.label === 'human');
  const probs = scored.map((s) => s.probability);
  const overall = slice('overall', scored);
  const confusion = overall.verdicts;
  const humans = overall.humans;
  const fakes = overall.fakes;

  return {
    rows: rows.length,
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
