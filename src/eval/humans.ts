/**
 * Verdicts on rows that are all people (the synthetic corpus): per group and per pattern the
 * allow/review/block shares, and how often each signal that lowers a score fires on them. A
 * signal that fires on many of these is one that would cost real people nobody labelled.
 * Pure: rows, tables and model in, counts out; no address leaves this function.
 */
import { VERDICTS, type Verdict } from '../domain/check.ts';
import { analyze, judge, type JudgeTables } from '../check/judge.ts';
import { FEATURE_NAMES } from '../model/features.ts';
import type { Scorecard } from '../model/score.ts';
import { parseAddress } from '../signals/syntax.ts';

export interface HumanRow {
  readonly email: string;
  readonly group: string;
  readonly pattern: string;
}

export interface HumanSlice {
  readonly name: string;
  readonly rows: number;
  readonly verdicts: Readonly<Record<Verdict, number>>;
  /** Share of the slice's rows whose verdict is block. */
  readonly blocked: number;
  /** Share of the slice's rows whose verdict is review. */
  readonly review: number;
  /** Mean human_score of the slice's rows (moves before any verdict does). */
  readonly meanScore: number;
}

export interface SignalFiring {
  readonly signal: string;
  /** Share of rows where the signal lowered the score. */
  readonly share: number;
}

export interface HumansReport {
  readonly rows: number;
  /** Rows the parser refused (a generator bug if ever above 0). */
  readonly invalid: number;
  readonly overall: HumanSlice;
  readonly groups: readonly HumanSlice[];
  readonly patterns: readonly HumanSlice[];
  /** Signals with a negative impact on at least one row, most frequent first. */
  readonly firing: readonly SignalFiring[];
}

interface Scored {
  readonly verdict: Verdict;
  readonly humanScore: number;
}

function sliceOf(name: string, scored: readonly Scored[]): HumanSlice {
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  let sum = 0;
  for (const s of scored) {
    counts[s.verdict]++;
    sum += s.humanScore;
  }
  const n = scored.length;
  return { name, rows: n, verdicts: counts, blocked: n ? counts.block / n : NaN, review: n ? counts.review / n : NaN, meanScore: n ? sum / n : NaN };
}

function grouped(items: readonly (Scored & { key: string })[]): HumanSlice[] {
  const by = new Map<string, Scored[]>();
  for (const item of items) {
    let list = by.get(item.key);
    if (!list) by.set(item.key, (list = []));
    list.push(item);
  }
  return [...by.entries()].map(([k, v]) => sliceOf(k, v));
}

export function evaluateHumans(rows: readonly HumanRow[], tables: JudgeTables, model: Scorecard): HumansReport {
  let invalid = 0;
  const scored: (Scored & { group: string; pattern: string })[] = [];
  const negative = new Float64Array(FEATURE_NAMES.length);
  for (const row of rows) {
    const parsed = parseAddress(row.email);
    if (!parsed.ok) {
      invalid++;
      continue;
    }
    const { features, score } = judge(analyze(parsed.address, tables), {}, model);
    for (let i = 0; i < features.length; i++) if (features[i]! * model.weights[i]! < 0) negative[i] = negative[i]! + 1;
    scored.push({ group: row.group, pattern: row.pattern, verdict: score.verdict, humanScore: score.humanScore });
  }
  const n = scored.length;
  const firing = FEATURE_NAMES.map((signal, i) => ({ signal, share: n ? negative[i]! / n : 0 }))
    .filter((f) => f.share > 0)
    .sort((a, b) => b.share - a.share);
  return {
    rows: rows.length,
    invalid,
    overall: sliceOf('all', scored),
    groups: grouped(scored.map((s) => ({ ...s, key: s.group }))),
    patterns: grouped(scored.map((s) => ({ ...s, key: s.pattern }))).sort((a, b) => a.name.localeCompare(b.name)),
    firing,
  };
}
