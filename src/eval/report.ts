/** Plain-text rendering of an EvalReport (no addresses: only counts and metrics). Pure. */
import { VERDICTS } from '../domain/check.ts';
import type { EvalReport, SliceResult } from './evaluate.ts';
import type { HumanSlice, HumansReport } from './humans.ts';
import type { Label } from './labelled.ts';
import type { ServiceEval } from './service-eval.ts';

const f3 = (x: number) => (Number.isNaN(x) ? '  n/a' : x.toFixed(3));
const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

/** Count and allow/review/block shares of one label's rows in a slice (blank when it has none). */
function shares(s: SliceResult, label: Label): string {
  const n = label === 'human' ? s.humans : s.fakes;
  if (n === 0) return `${'0'.padStart(6)}${''.padEnd(24)}`;
  const v = s.verdicts[label];
  return String(n).padStart(6) + VERDICTS.map((k) => pct(v[k] / n).padStart(8)).join('');
}

function sliceLine(s: SliceResult, width: number): string {
  return `  ${s.name.padEnd(width)}  AUC ${f3(s.auc)}  ${shares(s, 'human')}   ${shares(s, 'fake')}`;
}

/** The headline figures of a report in one line (used for halves and for several files). */
export function headline(r: EvalReport): string {
  return `AUC overall ${f3(r.overall.auc)}, gmail.com ${f3(r.gmail.auc)}, fakes caught ${pct(r.fakesCaught)}, humans blocked ${pct(r.humansBlocked)}`;
}

export function formatReport(r: EvalReport, modelName: string): string {
  const names = [...r.perKind.map((s) => `kind ${s.name}`), ...r.perSource.map((s) => `source ${s.name}`)];
  const width = Math.max(12, ...names.map((n) => n.length));
  const out: string[] = [];
  out.push(`model ${modelName}: ${r.rows} rows, ${r.scored} scored, invalid syntax: ${r.invalid.human} human + ${r.invalid.fake} fake`);
  out.push('');
  out.push('ROC AUC of P(human) (a single-label kind or source: its rows against every row of the other label)');
  out.push('and the verdicts of each slice\'s own rows');
  const triple = VERDICTS.map((v) => v.padStart(8)).join('');
  out.push(`  ${''.padEnd(width)}           ${'humans'.padStart(6)}${triple}   ${'fakes'.padStart(6)}${triple}`);
  out.push(sliceLine(r.overall, width));
  out.push(sliceLine(r.gmail, width));
  for (const s of r.perKind) out.push(sliceLine({ ...s, name: `kind ${s.name}` }, width));
  for (const s of r.perSource) out.push(sliceLine({ ...s, name: `source ${s.name}` }, width));
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
  out.push(`fakes caught (review or block): ${pct(r.fakesCaught)}   humans blocked: ${pct(r.humansBlocked)}`);
  return out.join('\n');
}

/** One line of a humans-only slice: rows and allow/review/block shares. */
function humanLine(s: HumanSlice, width: number): string {
  return `  ${s.name.padEnd(width)}${String(s.rows).padStart(7)}` + VERDICTS.map((v) => pct(s.rows ? s.verdicts[v] / s.rows : NaN).padStart(8)).join('');
}

/** The synthetic humans section: per locale group, per pattern, and the signals that cost them. */
export function formatHumansReport(r: HumansReport, title: string): string {
  const width = Math.max(14, ...r.groups.map((g) => g.name.length), ...r.patterns.map((p) => p.name.length)) + 2;
  const header = `  ${''.padEnd(width)}${'rows'.padStart(7)}${VERDICTS.map((v) => v.padStart(8)).join('')}`;
  const out: string[] = [title, ''];
  out.push('per locale group', header);
  for (const g of r.groups) out.push(humanLine(g, width));
  out.push(humanLine(r.overall, width), '');
  out.push('per pattern', header);
  for (const p of r.patterns) out.push(humanLine(p, width));
  out.push('');
  const worst = r.groups.reduce((a, b) => (b.blocked > a.blocked ? b : a), r.groups[0] ?? r.overall);
  out.push(`humans blocked ${pct(r.overall.blocked)} (worst group ${worst.name}: ${pct(worst.blocked)}), review ${pct(r.overall.review)}, invalid syntax ${r.invalid}`);
  const firing = r.firing.filter((f) => f.share >= 0.005).map((f) => `${f.signal} ${pct(f.share)}`).join(', ');
  out.push(`signals lowering the score (share of rows, 0.5% and up): ${firing || 'none'}`);
  return out.join('\n');
}

/** Per-group and per-pattern lines of a report with one extra column after the verdict shares. */
function tablesWithColumn(r: HumansReport, groupsTitle: string, column: string, value: (s: HumanSlice) => string): string[] {
  const width = Math.max(14, ...r.groups.map((g) => g.name.length), ...r.patterns.map((p) => p.name.length)) + 2;
  const header = `  ${''.padEnd(width)}${'rows'.padStart(7)}${VERDICTS.map((v) => v.padStart(8)).join('')}${column.padStart(8)}`;
  const line = (s: HumanSlice) => `${humanLine(s, width)}${value(s).padStart(8)}`;
  const out: string[] = [groupsTitle, header];
  for (const g of r.groups) out.push(line(g));
  out.push(line(r.overall), '');
  out.push('per pattern', header);
  for (const p of r.patterns) out.push(line(p));
  return out;
}

/** The synthetic bots section: per generator kind and pattern, verdict shares and the share caught (review or block). */
export function formatBotsReport(r: HumansReport, title: string): string {
  const caught = (s: HumanSlice) => pct(s.rows ? (s.verdicts.review + s.verdicts.block) / s.rows : NaN);
  const out: string[] = [title, '', ...tablesWithColumn(r, 'per kind', 'caught', caught)];
  out.push('', `fakes caught (review or block) ${pct(r.overall.review + r.overall.blocked)}, invalid syntax ${r.invalid}`);
  return out.join('\n');
}

/** The cross-source people section: per group and pattern, verdict shares and the mean human_score. */
export function formatCrossSourceReport(r: HumansReport, title: string): string {
  const mean = (s: HumanSlice) => (Number.isNaN(s.meanScore) ? 'n/a' : s.meanScore.toFixed(1));
  const out: string[] = [title, '', ...tablesWithColumn(r, 'per group', 'mean', mean), ''];
  for (const g of r.groups) out.push(`${g.name}: review ${pct(g.review)}, blocked ${pct(g.blocked)}, mean score ${mean(g)}`);
  out.push(`invalid syntax ${r.invalid}`);
  return out.join('\n');
}

const f5 = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(5));

/** One side's figures to five places (the two sides often differ in the fourth). */
function sideLine(name: string, r: EvalReport): string {
  return `  ${name.padEnd(12)}AUC ${f5(r.overall.auc)}  human_score AUC ${f5(r.aucHumanScore)}  gmail.com ${f5(r.gmail.auc)}  fakes caught ${pct(r.fakesCaught)}  humans blocked ${pct(r.humansBlocked)}  invalid ${r.invalid.human + r.invalid.fake}`;
}

/** The service mode's difference section: both sides' figures, then what differs row by row (counts only). */
export function formatServiceDiff(e: ServiceEval): string {
  const d = e.diff;
  const out: string[] = ['in process vs through the service, the same rows:'];
  out.push(sideLine('in process', e.inProcess), sideLine('service', e.service));
  out.push('  (the API returns human_score, not the probability: the service\'s AUC is the integer score\'s; compare human_score AUCs for like with like)');
  const shift = `${d.meanScoreShift >= 0 ? '+' : ''}${d.meanScoreShift.toFixed(1)}`;
  out.push(`rows answered alike (score, verdict, reasons): ${d.same} of ${d.rows}; another human_score: ${d.scoreDiffers} (mean shift ${shift}); same score, other reasons: ${d.reasonsOnly}`);
  out.push(`invalid in process only: ${d.invalidInEvalOnly}; invalid through the service only: ${d.invalidInServiceOnly}`);
  out.push(`another verdict: ${d.verdictDiffers} rows`);
  for (const m of d.verdictMoves) out.push(`  ${m.label.padEnd(6)} ${m.move.padEnd(18)}${String(m.rows).padStart(6)}`);
  const codes = (list: ServiceEval['diff']['reasons']): string => `  ${list.map((r) => `${r.code} +${r.gained}/-${r.lost}`).join(', ')}`;
  if (d.reasons.length > 0) out.push('reason codes on those rows, given by the service only (+) and by the eval only (-):', codes(d.reasons));
  if (d.reasonsAnyRow.length > 0) out.push('the same on every row whose reasons differ (any verdict; the service names work_domain only when DNS showed the domain takes mail):', codes(d.reasonsAnyRow));
  if (d.signals.length > 0) {
    out.push('signals whose part of the score differs (service - in process), per label: rows, mean log-odds, of which another verdict:');
    for (const s of d.signals) out.push(`  ${s.signal.padEnd(24)}${s.label.padEnd(6)}${String(s.rows).padStart(6)}  ${s.meanImpactShift >= 0 ? '+' : ''}${s.meanImpactShift.toFixed(2).padStart(6)}${String(s.verdictMoves).padStart(6)}`);
  }
  return out.join('\n');
}
