/** Plain-text rendering of an EvalReport (no addresses: only counts and metrics). Pure. */
import { VERDICTS } from '../domain/check.ts';
import type { EvalReport, SliceResult } from './evaluate.ts';

const f3 = (x: number) => (Number.isNaN(x) ? '  n/a' : x.toFixed(3));
const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

function sliceLine(s: SliceResult, width: number): string {
  return `  ${s.name.padEnd(width)}  AUC ${f3(s.auc)}   humans ${String(s.humans).padStart(5)}   fakes ${String(s.fakes).padStart(5)}`;
}

export function formatReport(r: EvalReport, modelName: string): string {
  const width = Math.max(12, ...r.perSource.map((s) => s.name.length));
  const out: string[] = [];
  out.push(`model ${modelName}: ${r.rows} rows, ${r.scored} scored, invalid syntax: ${r.invalid.human} human + ${r.invalid.fake} fake`);
  out.push('');
  out.push('ROC AUC (P(human); per source: that source against every row of the other label)');
  out.push(sliceLine(r.overall, width));
  out.push(sliceLine(r.gmail, width));
  for (const s of r.perSource) out.push(sliceLine(s, width));
  out.push(`  ${'human_score'.padEnd(width)}  AUC ${f3(r.aucHumanScore)}   (integer score as returned by the API)`);
  out.push('');
  out.push(`log loss ${f3(r.logLoss)}   accuracy@0.5 ${pct(r.accuracy)}`);
  out.push('');
  out.push('verdicts      ' + VERDICTS.map((v) => v.padStart(8)).join(''));
  for (const label of ['human', 'fake'] as const) {
    const row = r.confusion[label];
    const total = VERDICTS.reduce((a, v) => a + row[v], 0);
    out.push(`  ${label.padEnd(10)}  ` + VERDICTS.map((v) => String(row[v]).padStart(8)).join('') + '   ' +
      VERDICTS.map((v) => `${v} ${pct(total ? row[v] / total : NaN)}`).join('  '));
  }
  out.push('');
  out.push(`humans blocked: ${pct(r.humansBlocked)}`);
  return out.join('\n');
}
