/**
 * `npm run eval -- --service [--halves] [--json] [file.jsonl ...]`: each labelled file through a
 * fresh running service (src/eval/service.ts), reported with the in-process eval's own tables
 * (report.ts), followed by what differs from the in-process eval row by row, in counts only.
 * Exit 1 when the server cannot be built or started, stops, or check-file fails.
 */
import type { JudgeTables } from '../check/judge.ts';
import type { Scorecard } from '../model/score.ts';
import type { LabelledRow } from './labelled.ts';
import { formatReport, formatServiceDiff, headline } from './report.ts';
import { answersFromService, ensureBuilt } from './service.ts';
import { serviceEval, type ServiceEval } from './service-eval.ts';

export async function serviceMain(sets: readonly { file: string; rows: LabelledRow[] }[], argv: readonly string[], tables: JudgeTables, model: Scorecard, name: string): Promise<number> {
  const results: { file: string; e: ServiceEval }[] = [];
  try {
    ensureBuilt();
    for (const { file, rows } of sets) {
      process.stderr.write(`eval: ${file} through a fresh service\n`);
      results.push({ file, e: serviceEval(rows, await answersFromService(file), tables, model, argv.includes('--halves')) });
    }
  } catch (err) {
    console.error(`eval --service: ${(err as Error).message}`);
    return 1;
  }
  if (argv.includes('--json')) {
    const files = results.map(({ file, e }) => ({ file, ...e.service, ...(e.halves ? { halves: e.halves } : {}), inProcess: e.inProcess, diff: e.diff }));
    console.log(JSON.stringify({ model: name, through: 'service', files }, null, 2));
    return 0;
  }
  for (const [i, { file, e }] of results.entries()) {
    if (i > 0) console.log('');
    console.log(`== ${file} through the service (a fresh mailsift serve, DNS off; the file sent as check-file sends a list: bulk requests in file order)`);
    console.log(formatReport(e.service, `${name} (served)`));
    e.halves?.forEach((h, k) => console.log(`half ${'AB'[k]}: ${h.scored} scored, ${headline(h)}`));
    console.log('');
    console.log(formatServiceDiff(e));
  }
  if (results.length > 1) {
    console.log('\nsummary (through the service | in process)');
    for (const { file, e } of results) console.log(`  ${file}: ${headline(e.service)} | ${headline(e.inProcess)}`);
  }
  return 0;
}
