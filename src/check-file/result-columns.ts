/**
 * What check-file adds to every row (pure): the columns README (Clean a list) names, in its order, from one
 * bulk entry (a CheckResult or `{input, error}`), or from an error decided before any request.
 * CSV cells are strings (`''` when absent); JSON lines keep `human_score` a number and use null
 * for what is absent. `reasons` is `;`-joined in both.
 */

export const RESULT_COLUMNS = ['human_score', 'verdict', 'reasons', 'canonical', 'did_you_mean', 'account_type', 'check_id', 'error'] as const;
export type ResultColumn = (typeof RESULT_COLUMNS)[number];

/** One bulk answer entry as the API sends it (only the fields check-file writes). */
export interface BulkEntry {
  human_score?: number;
  verdict?: string;
  reasons?: string[];
  canonical?: string;
  did_you_mean?: string;
  account_type?: string;
  check_id?: string;
  error?: string;
}

export type ResultValues = Record<ResultColumn, string | number | null>;

export function resultValues(entry: BulkEntry): ResultValues {
  return {
    human_score: typeof entry.human_score === 'number' ? entry.human_score : null,
    verdict: entry.verdict ?? null,
    reasons: Array.isArray(entry.reasons) ? entry.reasons.join(';') : null,
    canonical: entry.canonical ?? null,
    did_you_mean: entry.did_you_mean ?? null,
    account_type: entry.account_type ?? null,
    check_id: entry.check_id ?? null,
    error: entry.error ?? null,
  };
}

export const errorValues = (error: string): ResultValues => resultValues({ error });

/** The same values as CSV cells, in RESULT_COLUMNS order. */
export const csvCells = (v: ResultValues): string[] => RESULT_COLUMNS.map((c) => (v[c] === null ? '' : String(v[c])));
