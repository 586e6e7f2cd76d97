/**
 * `npm run eval -- --learning FILE [--in-order] [--json]`: one simulated customer of a fresh
 * service checks the first 60% of the file's rows with their outcomes reported (the trainer
 * fitting as it would in service), then the remaining 40% without; the model it was then
 * served is compared with the baseline on those same checks (AUC, AUC inside gmail.com, fakes
 * given review or block, humans given block). Shell: reads the file, runs the simulation
 * (src/roles/learning-simulation.ts), prints. No address is printed.
 */
import { readFileSync } from 'node:fs';
import { simulateLearning, type LearningSimulation } from '../roles/learning-simulation.ts';
import { arrivalOrder, compareOnUnseen, LEARNING_SHARE, splitForLearning, type LearningComparison, type SideFigures } from './learning-comparison.ts';
import { parseLabelledJsonl } from './labelled.ts';

const USAGE = 'usage: npm run eval -- --learning <labelled.jsonl> [--in-order] [--json]';

export async function learningMain(argv: readonly string[]): Promise<number> {
  const at = argv.indexOf('--learning');
  const file = argv[at + 1];
  const rest = argv.filter((a, i) => i !== at && i !== at + 1);
  if (file === undefined || file.startsWith('--') || rest.some((a) => a !== '--json' && a !== '--in-order')) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`eval: cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  const rows = parseLabelledJsonl(text);
  const inOrder = rest.includes('--in-order');
  const { learn, unseen } = splitForLearning(arrivalOrder(rows.length, inOrder).map((i) => rows[i]!));
  const sim = await simulateLearning({ learn, unseen, onProgress: (line) => process.stderr.write(`  ${line}\n`) });
  const comparison = compareOnUnseen(sim.checks);
  if (rest.includes('--json')) {
    console.log(JSON.stringify({ file, rows: rows.length, order: inOrder ? 'file' : 'shuffled', learn: learn.length, unseen: unseen.length, ...summary(sim), ...comparison }, null, 2));
  } else {
    console.log(formatLearning(file, rows.length, inOrder, learn.length, unseen.length, sim, comparison));
  }
  return 0;
}

function summary(sim: LearningSimulation) {
  return {
    invalid: sim.invalid,
    published: sim.published.map((m) => ({
      version: m.version,
      account: m.account ?? null,
      examples: m.examples,
      l2: m.l2,
      calibration_shift: m.calibration_shift ?? 0,
      held_out_humans_blocked: m.held_out_humans_blocked ?? null,
      baseline_held_out_humans_blocked: m.baseline_held_out_humans_blocked ?? null,
      held_back: m.held_back ?? null,
    })),
    served_models: sim.servedModels,
    model: sim.model,
  };
}

const f3 = (x: number): string => (Number.isNaN(x) ? '  n/a' : x.toFixed(3));
const pct = (x: number): string => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

export function formatLearning(file: string, rows: number, inOrder: boolean, learn: number, unseen: number, sim: LearningSimulation, c: LearningComparison): string {
  const newest = sim.published.at(-1);
  const line = (name: string, s: SideFigures): string =>
    `  ${name.padEnd(10)} ${f3(s.auc).padStart(7)} ${f3(s.gmailAuc).padStart(14)} ${pct(s.fakesCaught).padStart(14)} ${pct(s.humansBlocked).padStart(16)}`;
  return [
    `learning simulation of ${file}: ${rows} rows in ${inOrder ? 'file order' : 'a fixed shuffled order'}, one customer of a fresh service (mode auto, DNS off)`,
    `  first ${Math.round(LEARNING_SHARE * 100)}%: ${learn} rows checked with outcomes reported (${sim.invalid.learn} invalid); ` +
      (newest ? `the trainer published ${sim.published.length} versions, the newest v${newest.version} on ${newest.examples} outcomes` : 'the trainer published no model'),
    `  the rest: ${unseen} rows checked without outcomes (${sim.invalid.unseen} invalid; ${c.humans} human, ${c.fakes} fake), answered by ` +
      Object.entries(sim.servedModels).map(([m, n]) => `${m} ${n}`).join(', '),
    `  /v1/model: serving ${sim.model.serving}, ${sim.model.recommendation}`,
    '',
    `  ${''.padEnd(10)} ${'AUC'.padStart(7)} ${'gmail.com AUC'.padStart(14)} ${'fakes caught'.padStart(14)} ${'humans blocked'.padStart(16)}`,
    line('baseline', c.baseline),
    line('served', c.served),
    ...(c.shared ? [line('shared', c.shared)] : []),
    ...(c.personal ? [line('personal', c.personal)] : []),
    '',
    '  served: what answered each check; shared/personal: the newest learned models, which score every check beside it.',
  ].join('\n');
}
