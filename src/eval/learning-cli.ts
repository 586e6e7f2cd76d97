/**
 * `npm run eval -- --learning FILE [--in-order | --order N] [--unseen FILE2|synthetic] [--json]`:
 * one simulated customer of a fresh service checks the first 60% of the file's rows with their
 * outcomes reported (the trainer fitting as it would in service), then the remaining 40%
 * without; the model it was then served is compared with the baseline on those same checks
 * (AUC, AUC inside gmail.com, fakes given review or block, humans given block, log loss).
 * `--unseen` checks other traffic instead of the remaining 40%: every row of FILE2 (in its own
 * order of the same number), or the synthetic humans and bots (`synthetic`, src/eval/synthetic*.ts):
 * kinds the customer's outcomes never showed, as a model that learned from one customer meets
 * another's traffic. Shell: reads the files, runs the simulation (src/roles/learning-simulation.ts),
 * prints. No address is printed.
 */
import { readFileSync } from 'node:fs';
import { simulateLearning, type LearningSimulation } from '../roles/learning-simulation.ts';
import { arrivalOrder, compareOnUnseen, LEARNING_SHARE, splitForLearning, type LearningComparison, type SideFigures } from './learning-comparison.ts';
import { parseLabelledJsonl, type LabelledRow } from './labelled.ts';
import { syntheticBots } from './synthetic-bots.ts';
import { SYNTHETIC_SEED, syntheticHumans } from './synthetic.ts';

const USAGE = 'usage: npm run eval -- --learning <labelled.jsonl> [--in-order | --order <0-999>] [--unseen <labelled.jsonl> | --unseen synthetic] [--json]';

/** Synthetic rows per locale group and per bot pattern checked by `--unseen synthetic` (1,400 humans, 600 bots). */
export const CROSS_KIND_PER_GROUP = 100;

export interface LearningArgs {
  readonly file: string;
  readonly inOrder: boolean;
  /** arrivalOrder's seed (0: the default shuffled order). */
  readonly seed: number;
  readonly json: boolean;
  /** Checked after learning instead of the file's remaining rows: another labelled file, or `synthetic`. */
  readonly unseen?: string;
}

/** The arguments of `--learning`, or undefined when they are not what USAGE says. */
export function parseLearningArgs(argv: readonly string[]): LearningArgs | undefined {
  const at = argv.indexOf('--learning');
  const file = argv[at + 1];
  const orderAt = argv.indexOf('--order');
  const seedText = orderAt >= 0 ? argv[orderAt + 1] : '0';
  const seed = /^\d{1,3}$/.test(seedText ?? '') ? Number(seedText) : NaN;
  const unseenAt = argv.indexOf('--unseen');
  const unseen = unseenAt >= 0 ? argv[unseenAt + 1] : undefined;
  if (unseenAt >= 0 && (unseen === undefined || unseen.startsWith('--'))) return undefined;
  const taken = (i: number, flag: number): boolean => flag >= 0 && (i === flag || i === flag + 1);
  const rest = argv.filter((a, i) => !taken(i, at) && !taken(i, orderAt) && !taken(i, unseenAt));
  if (at < 0 || file === undefined || file.startsWith('--') || Number.isNaN(seed) || rest.some((a) => a !== '--json' && a !== '--in-order')) return undefined;
  const inOrder = rest.includes('--in-order');
  if (inOrder && orderAt >= 0) return undefined;
  return { file, inOrder, seed, json: rest.includes('--json'), ...(unseen !== undefined ? { unseen } : {}) };
}

export async function learningMain(argv: readonly string[]): Promise<number> {
  const args = parseLearningArgs(argv);
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const { file, inOrder, seed } = args;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`eval: cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  const rows = parseLabelledJsonl(text);
  const split = splitForLearning(arrivalOrder(rows.length, inOrder, seed).map((i) => rows[i]!));
  const learn = split.learn;
  let unseen = split.unseen;
  if (args.unseen === 'synthetic') {
    unseen = crossKindSynthetic();
  } else if (args.unseen !== undefined) {
    try {
      const other = parseLabelledJsonl(readFileSync(args.unseen, 'utf8'));
      unseen = arrivalOrder(other.length, inOrder, seed).map((i) => other[i]!);
    } catch (e) {
      console.error(`eval: cannot read ${args.unseen}: ${(e as Error).message}`);
      return 2;
    }
  }
  const sim = await simulateLearning({ learn, unseen, onProgress: (line) => process.stderr.write(`  ${line}\n`) });
  const comparison = compareOnUnseen(sim.checks);
  if (args.json) {
    console.log(JSON.stringify({ file, rows: rows.length, order: inOrder ? 'file' : seed === 0 ? 'shuffled' : `shuffled-${seed}`, learn: learn.length, unseen: unseen.length, ...(args.unseen !== undefined ? { unseen_from: args.unseen } : {}), ...summary(sim), ...comparison }, null, 2));
  } else {
    console.log(formatLearning(file, rows.length, inOrder, learn.length, unseen.length, sim, comparison, seed, args.unseen));
  }
  return 0;
}

/** The synthetic humans and bots as labelled rows, interleaved (a customer's traffic is mixed). */
export function crossKindSynthetic(perGroup = CROSS_KIND_PER_GROUP): LabelledRow[] {
  const humans: LabelledRow[] = syntheticHumans(SYNTHETIC_SEED, perGroup).map((r) => ({ email: r.email, label: 'human', kind: r.group }));
  const bots: LabelledRow[] = syntheticBots(SYNTHETIC_SEED, perGroup).map((r) => ({ email: r.email, label: 'fake', kind: r.group }));
  const all = [...humans, ...bots];
  return arrivalOrder(all.length, false).map((i) => all[i]!);
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
      calibration_scale: m.calibration_scale ?? 1,
      held_out_humans_blocked: m.held_out_humans_blocked ?? null,
      baseline_held_out_humans_blocked: m.baseline_held_out_humans_blocked ?? null,
      held_out_fakes_caught: m.held_out_fakes_caught ?? null,
      baseline_held_out_fakes_caught: m.baseline_held_out_fakes_caught ?? null,
      adjusted: m.adjusted ?? [],
      held_back: m.held_back ?? null,
      held_out_humans_effective: m.held_out_humans_effective ?? null,
      domain_effects: m.domain_effects?.length ?? 0,
      shape_shares: m.shape_shares?.length ?? 0,
    })),
    served_models: sim.servedModels,
    model: sim.model,
  };
}

const f3 = (x: number): string => (Number.isNaN(x) ? '  n/a' : x.toFixed(3));
const pct = (x: number): string => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);

export function formatLearning(file: string, rows: number, inOrder: boolean, learn: number, unseen: number, sim: LearningSimulation, c: LearningComparison, seed = 0, unseenFrom?: string): string {
  const newest = sim.published.at(-1);
  const line = (name: string, s: SideFigures): string =>
    `  ${name.padEnd(10)} ${f3(s.auc).padStart(7)} ${f3(s.gmailAuc).padStart(14)} ${pct(s.fakesCaught).padStart(14)} ${pct(s.humansBlocked).padStart(16)} ${f3(s.logLoss).padStart(9)}`;
  return [
    `learning simulation of ${file}: ${rows} rows in ${inOrder ? 'file order' : seed === 0 ? 'a fixed shuffled order' : `fixed shuffled order ${seed}`}, one customer of a fresh service (mode auto, DNS off)`,
    `  first ${Math.round(LEARNING_SHARE * 100)}%: ${learn} rows checked with outcomes reported (${sim.invalid.learn} invalid); ` +
      (newest ? `the trainer published ${sim.published.length} versions, the newest v${newest.version} on ${newest.examples} outcomes` : 'the trainer published no model'),
    `  ${unseenFrom === undefined ? 'the rest' : unseenFrom === 'synthetic' ? 'then the synthetic humans and bots' : `then ${unseenFrom}`}: ${unseen} rows checked without outcomes (${sim.invalid.unseen} invalid; ${c.humans} human, ${c.fakes} fake), answered by ` +
      Object.entries(sim.servedModels).map(([m, n]) => `${m} ${n}`).join(', '),
    `  /v1/model: serving ${sim.model.serving}, ${sim.model.recommendation}`,
    '',
    `  ${''.padEnd(10)} ${'AUC'.padStart(7)} ${'gmail.com AUC'.padStart(14)} ${'fakes caught'.padStart(14)} ${'humans blocked'.padStart(16)} ${'log loss'.padStart(9)}`,
    line('baseline', c.baseline),
    line('served', c.served),
    ...(c.shared ? [line('shared', c.shared)] : []),
    ...(c.personal ? [line('personal', c.personal)] : []),
    '',
    '  served: what answered each check; shared/personal: the newest learned models, which score every check beside it.',
  ].join('\n');
}
