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

function sliceOf(name: string, verdicts: readonly Verdict[]): HumanSlice {
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const v of verdicts) counts[v]++;
  const n = verdicts.length;
  return { name, rows: n, verdicts: counts, blocked: n ? counts.block / n : NaN, review: n ? counts.review / n : NaN };
}

function grouped(items: readonly { key: string; verdict: Verdict }[]): HumanSlice[] {
  const by = new Map<string, Verdict[]>();
  for (const { key, verdict } of items) {
    let list = by.get(key);
    if (!list) by.set(key, (list = []));
    list.push(verdict);
  }
  return [...by.entries()].map(([k, v]) => sliceOf(k, v));
}

export function evaluateHumans(rows: readonly HumanRow[], tables: JudgeTables, model: Scorecard): HumansReport {
  let invalid = 0;
  const scored: { group: string; pattern: string; verdict: Verdict }[] = [];
  const negative = new Float64Array(FEATURE_NAMES.length);
  for (const row of rows) {
    const parsed = parseAddress(row.email);
    if (!parsed.ok) {
      invalid++;
      continue;
    }
    const { features, score } = judge(analyze(parsed.address, tables), {}, model);
    for (let i = 0; i < features.length; i++) if (features[i]! * model.weights[i]! < 0) negative[i] = negative[i]! + 1;
    scored.push({ group: row.group, pattern: row.pattern, verdict: score.verdict });
  }
  const n = scored.length;
  const firing = FEATURE_NAMES.map((signal, i) => ({ signal, share: n ? negative[i]! / n : 0 }))
    .filter((f) => f.share > 0)
    .sort((a, b) => b.share - a.share);
  return {
    rows: rows.length,
    invalid,
    overall: sliceOf('all', scored.map((s) => s.verdict)),
    groups: grouped(scored.map((s) => ({ key: s.group, verdict: s.verdict }))),
    patterns: grouped(scored.map((s) => ({ key: s.pattern, verdict: s.verdict }))).sort((a, b) => a.name.localeCompare(b.name)),
    firing,
  };
}
