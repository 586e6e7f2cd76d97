/**
 * `npm run eval -- <file.jsonl> [--json] [--halves]`: scores a labelled file through the
 * API's check path and prints ROC AUC (overall, per source, gmail.com slice), the verdict
 * confusion table and the invalid-syntax count. `--halves` adds the headline numbers on two
 * fixed halves of the file (a cross-check that they do not hinge on a few rows). `--learned`
 * fits the trainer's learned model on each half and compares it with the baseline on the other.
 * Shell: reads the file, prints, sets the exit code.
 */
import { readFileSync } from 'node:fs';
import { buildJudgeTables } from '../check/judge.ts';
import { BASELINE_SCORECARD } from '../model/baseline.ts';
import { useTensorflowCpu } from '../platform/tensorflow.ts';
import { evaluate } from './evaluate.ts';
import { compareLearned } from './learned.ts';
import { parseLabelledJsonl, splitHalves } from './labelled.ts';
import { formatReport } from './report.ts';

/** An AUC, or n/a when a slice has only one class (as the main table prints it). */
const auc = (x: number): string => (Number.isNaN(x) ? 'n/a' : x.toFixed(3));

async function main(argv: readonly string[]): Promise<number> {
  const args = argv.filter((a) => a !== '--json' && a !== '--halves' && a !== '--learned');
  if (args.length !== 1) {
    console.error('usage: npm run eval -- <labelled.jsonl> [--json] [--halves] [--learned]');
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
  const tables = buildJudgeTables();
  const report = evaluate(rows, tables, BASELINE_SCORECARD);
  const name = `${BASELINE_SCORECARD.name}-v${BASELINE_SCORECARD.version}`;
  const halves = argv.includes('--halves') ? splitHalves(rows).map((half) => evaluate(half, tables, BASELINE_SCORECARD)) : undefined;
  let learned: Awaited<ReturnType<typeof compareLearned>>['folds'] | undefined;
  if (argv.includes('--learned')) {
    await useTensorflowCpu();
    learned = (await compareLearned(rows, tables, BASELINE_SCORECARD)).folds;
  }
  if (argv.includes('--json')) {
    console.log(JSON.stringify({ model: name, ...report, ...(halves ? { halves } : {}), ...(learned ? { learned } : {}) }, null, 2));
    return 0;
  }
  console.log(formatReport(report, name));
  halves?.forEach((h, i) => {
    console.log(`half ${'AB'[i]}: ${h.scored} scored, AUC overall ${auc(h.overall.auc)}, gmail.com ${auc(h.gmail.auc)}, humans blocked ${(100 * h.humansBlocked).toFixed(1)}%`);
  });
  if (learned) {
    const folds = learned;
    console.log('\nlearned model (the trainer\'s fit on one half, scored on the other; address features only)');
    for (const f of folds) {
      const line = (r: typeof f.baseline): string => `AUC ${auc(r.overall.auc)}, gmail.com ${auc(r.gmail.auc)}, humans blocked ${(100 * r.humansBlocked).toFixed(1)}%`;
      console.log(`  trained on ${f.trainedOn} (${f.examples} outcomes, prior strength ${f.l2}): baseline ${line(f.baseline)} | learned ${line(f.learned)}`);
    }
  }
  return 0;
}

main(process.argv.slice(2)).then((code) => (process.exitCode = code));
