/**
 * What differs, row by row, between the in-process eval and the same rows answered by a running
 * service (`npm run eval -- --service`), as counts only: no address leaves this function. Pure.
 *
 * The in-process eval scores every row alone; the service scores a list as one customer's
 * sign-ups in order, so a row may carry history (a domain's sign-up wave, spellings of one inbox)
 * that changes its score, its reasons and so its verdict. Which reason codes come and go on the
 * rows whose verdict changed says which part of the service made the difference.
 */
import type { Verdict } from '../domain/check.ts';
import type { Label } from './labelled.ts';

/** One row as either side answered it; undefined: refused as invalid syntax. */
export interface RowAnswer {
  readonly humanScore: number;
  readonly verdict: Verdict;
  readonly reasons: readonly string[];
  /** Each signal's part of the logit, when the side gave it (the in-process eval and `--single`'s explained checks do; bulk does not). */
  readonly evidence?: readonly { readonly signal: string; readonly impact: number }[];
}

/** A signal whose part of the logit differs between the two sides, on rows of one label. */
export interface SignalShift {
  readonly signal: string;
  readonly label: Label;
  /** Rows scored by both, both with evidence, where the signal's impact differs. */
  readonly rows: number;
  /** Mean service minus eval impact (log-odds) over those rows. */
  readonly meanImpactShift: number;
  /** Of those, rows whose verdict differs. */
  readonly verdictMoves: number;
}

export interface ReasonChange {
  readonly code: string;
  /** Rows whose verdict differs where the service gave this code and the eval did not. */
  readonly gained: number;
  /** ... where the eval gave it and the service did not. */
  readonly lost: number;
}

export interface ServiceDiff {
  readonly rows: number;
  /** Same score, verdict and reasons (or both invalid). */
  readonly same: number;
  /** Scored by both with another human_score (any verdict). */
  readonly scoreDiffers: number;
  /** Mean service minus eval human_score over those. */
  readonly meanScoreShift: number;
  /** Same score, other reasons (a code crossing the reason cut, say). */
  readonly reasonsOnly: number;
  /** Scored by both with another verdict, per label and move (`allow -> review`). */
  readonly verdictMoves: readonly { readonly label: Label; readonly move: string; readonly rows: number }[];
  readonly verdictDiffers: number;
  /** Invalid on one side only. */
  readonly invalidInEvalOnly: number;
  readonly invalidInServiceOnly: number;
  /** On the rows whose verdict differs: the codes one side gave and the other did not, most rows first. */
  readonly reasons: readonly ReasonChange[];
  /** The same over every row scored by both whose reasons differ (what a display rule alone changes shows here too). */
  readonly reasonsAnyRow: readonly ReasonChange[];
  /** Which signal moved whom: per signal and label, where both sides gave evidence; most rows first. */
  readonly signals: readonly SignalShift[];
}

export function serviceDiff(labels: readonly Label[], inProcess: readonly (RowAnswer | undefined)[], service: readonly (RowAnswer | undefined)[]): ServiceDiff {
  if (inProcess.length !== labels.length || service.length !== labels.length) throw new Error('serviceDiff: one answer per row on each side');
  let same = 0, scoreDiffers = 0, shift = 0, reasonsOnly = 0, invalidInEvalOnly = 0, invalidInServiceOnly = 0;
  const moves = new Map<string, { label: Label; move: string; rows: number }>();
  const codes = new Map<string, { gained: number; lost: number }>();
  const codesAnyRow = new Map<string, { gained: number; lost: number }>();
  const shifts = new Map<string, { signal: string; label: Label; rows: number; sum: number; verdictMoves: number }>();
  labels.forEach((label, i) => {
    const a = inProcess[i];
    const b = service[i];
    if (a === undefined || b === undefined) {
      if (a === undefined && b === undefined) same++;
      else if (a === undefined) invalidInEvalOnly++;
      else invalidInServiceOnly++;
      return;
    }
    const sameReasons = a.reasons.length === b.reasons.length && a.reasons.every((r, k) => r === b.reasons[k]);
    if (a.humanScore !== b.humanScore) {
      scoreDiffers++;
      shift += b.humanScore - a.humanScore;
    } else if (!sameReasons) reasonsOnly++;
    if (!sameReasons) countCodes(codesAnyRow, a.reasons, b.reasons);
    if (a.evidence && b.evidence) {
      for (const [signal, delta] of impactShifts(a.evidence, b.evidence)) {
        const key = `${signal} ${label}`;
        const t = shifts.get(key) ?? shifts.set(key, { signal, label, rows: 0, sum: 0, verdictMoves: 0 }).get(key)!;
        t.rows++;
        t.sum += delta;
        if (a.verdict !== b.verdict) t.verdictMoves++;
      }
    }
    if (a.verdict === b.verdict) {
      if (a.humanScore === b.humanScore && sameReasons) same++;
      return;
    }
    const move = `${a.verdict} -> ${b.verdict}`;
    const key = `${label} ${move}`;
    const m = moves.get(key) ?? { label, move, rows: 0 };
    m.rows++;
    moves.set(key, m);
    countCodes(codes, a.reasons, b.reasons);
  });
  const verdictMoves = [...moves.values()].sort((x, y) => y.rows - x.rows || x.label.localeCompare(y.label) || x.move.localeCompare(y.move));
  return {
    rows: labels.length,
    same,
    scoreDiffers,
    meanScoreShift: scoreDiffers ? shift / scoreDiffers : 0,
    reasonsOnly,
    verdictMoves,
    verdictDiffers: verdictMoves.reduce((n, m) => n + m.rows, 0),
    invalidInEvalOnly,
    invalidInServiceOnly,
    reasons: ranked(codes),
    reasonsAnyRow: ranked(codesAnyRow),
    signals: [...shifts.values()]
      .map(({ signal, label, rows, sum, verdictMoves }) => ({ signal, label, rows, meanImpactShift: sum / rows, verdictMoves }))
      .sort((x, y) => y.rows - x.rows || x.signal.localeCompare(y.signal) || x.label.localeCompare(y.label)),
  };
}

/** Impacts below this (log-odds) are rounding, not a signal that moved. */
const IMPACT_EPSILON = 1e-6;

/** Each signal whose impact differs between the sides, with service minus eval (a signal one side lacks has impact 0 there). */
function impactShifts(inProcess: NonNullable<RowAnswer['evidence']>, service: NonNullable<RowAnswer['evidence']>): [string, number][] {
  const delta = new Map<string, number>();
  for (const e of service) delta.set(e.signal, (delta.get(e.signal) ?? 0) + e.impact);
  for (const e of inProcess) delta.set(e.signal, (delta.get(e.signal) ?? 0) - e.impact);
  return [...delta.entries()].filter(([, d]) => Math.abs(d) > IMPACT_EPSILON);
}

/** Counts the codes `service` gave and `inProcess` did not (gained), and the reverse (lost). */
function countCodes(into: Map<string, { gained: number; lost: number }>, inProcess: readonly string[], service: readonly string[]): void {
  const count = (code: string): { gained: number; lost: number } => into.get(code) ?? into.set(code, { gained: 0, lost: 0 }).get(code)!;
  for (const code of service) if (!inProcess.includes(code)) count(code).gained++;
  for (const code of inProcess) if (!service.includes(code)) count(code).lost++;
}

const ranked = (codes: ReadonlyMap<string, { gained: number; lost: number }>): ReasonChange[] =>
  [...codes.entries()].map(([code, c]) => ({ code, ...c })).sort((x, y) => y.gained + y.lost - (x.gained + x.lost) || x.code.localeCompare(y.code));
