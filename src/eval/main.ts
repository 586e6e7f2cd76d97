/**
 * `npm run eval -- <file.jsonl> [--json]`: scores a labelled file through the API's check
 * path and prints ROC AUC (overall, per source, gmail.com slice), the verdict confusion
 * table and the invalid-syntax count. Shell: reads the file, prints, sets the exit code.
 */
import { readFileSync } from 'node:fs';
import { buildJudgeTables } from '../check/judge.ts';
import { BASELINE_SCORECARD } from '../model/baseline.ts';
import { evaluate } from './evaluate.ts';
import { parseLabelledJsonl } from './labelled.ts';
import { formatReport } from './report.ts';

function main(argv: readonly string[]): number {
  const args = argv.filter((a) => a !== '--json');
  if (args.length !== 1) {
    console.error('usage: npm run eval -- <labelled.jsonl> [--json]');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(args[0]!, 'utf8');
  } catch (e) {
    console.error(`eval: cannot read ${args[0]}: ${(e as Error).message}`);
    return 2;
  }
  const rows = parseLabelledJsonl(text);
  const report = evaluate(rows, buildJudgeTables(), BASELINE_SCORECARD);
  const name = `${BASELINE_SCORECARD.name}-v${BASELINE_SCORECARD.version}`;
  console.log(argv.includes('--json') ? JSON.stringify({ model: name, ...report }, null, 2) : formatReport(report, name));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
