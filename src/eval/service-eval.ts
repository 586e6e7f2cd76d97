/**
 * The service mode's figures for one labelled file (pure): the report of the service's answers
 * (the same report, tables and halves as the in-process eval: reportOfRows), the in-process
 * report of the same rows, and the row-by-row difference between the two.
 */
import type { JudgeTables } from '../check/judge.ts';
import type { Scorecard } from '../model/score.ts';
import { judgeRow, reportOfRows, serviceRow, type EvalReport } from './evaluate.ts';
import { splitHalves, type LabelledRow } from './labelled.ts';
import { serviceDiff, type RowAnswer, type ServiceDiff } from './service-diff.ts';

export interface ServiceEval {
  /** What the service answered, as the eval reports it. */
  readonly service: EvalReport;
  /** The same rows scored in process (what `npm run eval` prints). */
  readonly inProcess: EvalReport;
  /** The service's figures on the two fixed halves of the file (`--halves`). */
  readonly halves?: readonly EvalReport[];
  readonly diff: ServiceDiff;
}

export function serviceEval(rows: readonly LabelledRow[], answers: readonly (RowAnswer | undefined)[], tables: JudgeTables, model: Scorecard, withHalves: boolean): ServiceEval {
  if (answers.length !== rows.length) throw new Error(`the service answered ${answers.length} rows of ${rows.length}`);
  const judged = rows.map((row) => judgeRow(row, tables, model));
  const viaService = rows.map((row, i) => (answers[i] === undefined ? undefined : serviceRow(row, answers[i])));
  const halves = withHalves ? splitHalves(rows.map((row, i) => ({ row, scored: viaService[i] }))).map((h) => reportOfRows(h.map((x) => x.row), h.map((x) => x.scored))) : undefined;
  return {
    service: reportOfRows(rows, viaService),
    inProcess: reportOfRows(rows, judged),
    ...(halves ? { halves } : {}),
    diff: serviceDiff(rows.map((r) => r.label), judged, answers),
  };
}
