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

export interface SliceResult {
  readonly name: string;
  readonly humans: number;
  readonly fakes: number;
  /** ROC AUC of P(human); NaN when a class is empty. */
  readonly auc: number;
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
  /** Rows whose domain is gmail.com (where the provider alone tells nothing). */
  readonly gmail: SliceResult;
  readonly confusion: Readonly<Record<Label, Readonly<Record<Verdict, number>>>>;
  /** Share of scored humans whose verdict is block. */
  readonly humansBlocked: number;
}

interface Scored {
  readonly label: Label;
  readonly source: string;
  readonly gmail: boolean;
  readonly probability: number;
  readonly humanScore: number;
  readonly verdict: Verdict;
}

function slice(name: string, items: readonly Scored[]): SliceResult {
  const humans = items.filter((s) => s.label === 'human').length;
  return {
    name,
    humans,
    fakes: items.length - humans,
    auc: rocAuc(items.map((s) => s.probability), items.map((s) => s.label === 'human')),
  };
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
      gmail: parsed.address.domain === 'gmail.com',
      probability: score.probability,
      humanScore: score.humanScore,
      verdict: score.verdict,
    });
  }

  const labels = scored.map((s) => s.label === 'human');
  const probs = scored.map((s) => s.probability);
  const sources = [...new Set(scored.map((s) => s.source))].sort();
  const perSource = sources.map((source) => {
    const own = scored.filter((s) => s.source === source);
    const ownLabels = new Set(own.map((s) => s.label));
    // Mixed-label source: its own AUC. Single-label source: against the other class everywhere.
    const pool = ownLabels.size === 2 ? own : [...own, ...scored.filter((s) => !ownLabels.has(s.label))];
    const r = slice(source, pool);
    return { ...r, humans: own.filter((s) => s.label === 'human').length, fakes: own.filter((s) => s.label === 'fake').length };
  });

  const confusion = { human: zeroVerdicts(), fake: zeroVerdicts() };
  for (const s of scored) confusion[s.label][s.verdict]++;
  const humans = confusion.human.allow + confusion.human.review + confusion.human.block;

  return {
    rows: rows.length,
    scored: scored.length,
    invalid,
    overall: slice('overall', scored),
    aucHumanScore: rocAuc(scored.map((s) => s.humanScore), labels),
    logLoss: logLoss(probs, labels),
    accuracy: accuracy(probs, labels),
    perSource,
    gmail: slice('gmail.com', scored.filter((s) => s.gmail)),
    confusion,
    humansBlocked: humans ? confusion.human.block / humans : NaN,
  };
}

function zeroVerdicts(): Record<Verdict, number> {
  return Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
}
