/**
 * `npm run eval -- --service [--single [--order file|shuffled] [--seed N] [--concurrency N]
 * [--ip ADDRESS] [--times N]] [--halves] [--json] [file.jsonl ...]`: each labelled file through a
 * fresh running service, as a list (check-file's bulk requests: src/eval/service.ts) or with
 * `--single` as a judge may send it, one `POST /v1/check` per address (service-single.ts, planned
 * by replay-plan.ts), reported with the in-process eval's own tables (report.ts), followed by
 * what differs from the in-process eval row by row, in counts only.
 * Exit 1 when the server cannot be built or started, stops, or a check fails.
 */
import type { JudgeTables } from '../check/judge.ts';
import type { Scorecard } from '../model/score.ts';
import type { LabelledRow } from './labelled.ts';
import { formatReport, formatServiceDiff, headline } from './report.ts';
import { answersFromService, ensureBuilt } from './service.ts';
import { answersFromSingleChecks } from './service-single.ts';
import { replayPlan, type ReplayOrder } from './replay-plan.ts';
import { localPartSignals } from '../signals/local-part.ts';
import { serviceEval, type ServiceEval } from './service-eval.ts';

/** `--single`'s options (each takes a value: `--order shuffled` or `--order=shuffled`). */
export interface SingleArgs {
  readonly order: ReplayOrder;
  readonly seed: number;
  readonly concurrency: number;
  readonly ip?: string;
  /** The file sent this many times as large (made-up inboxes at its domains: replay-plan.ts). */
  readonly times: number;
}

export const SINGLE_VALUE_OPTIONS = ['--order', '--seed', '--concurrency', '--ip', '--times'] as const;
/** A few in flight, as a judge's script with a small pool would send them. */
export const SINGLE_DEFAULTS: SingleArgs = { order: 'file', seed: 18, concurrency: 4, times: 1 };
const MAX_CONCURRENCY = 64;
const MAX_TIMES = 5;

/**
 * Takes `--single`'s value options out of argv (pure): the rest, and the options or the first
 * error (naming the option and the rule).
 */
export function splitSingleArgs(argv: readonly string[]): { rest: string[]; single: SingleArgs } | { rest: string[]; error: string } {
  const rest: string[] = [];
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const name = SINGLE_VALUE_OPTIONS.find((o) => a === o || a.startsWith(`${o}=`));
    if (name === undefined) {
      rest.push(a);
      continue;
    }
    const value = a === name ? argv[++i] : a.slice(name.length + 1);
    if (value === undefined || value === '' || value.startsWith('--')) return { rest, error: `${name}: needs a value` };
    values.set(name, value);
  }
  if (values.size > 0 && !rest.includes('--single')) return { rest, error: `${[...values.keys()][0]}: only with --service --single` };
  const order = values.get('--order') ?? SINGLE_DEFAULTS.order;
  if (order !== 'file' && order !== 'shuffled') return { rest, error: '--order: must be file or shuffled' };
  const whole = (name: string, min: number, max: number, dflt: number): number | string => {
    const v = values.get(name);
    if (v === undefined) return dflt;
    const n = Number(v);
    return /^\d+$/.test(v) && n >= min && n <= max ? n : `${name}: must be a whole number from ${min} to ${max}`;
  };
  const seed = whole('--seed', 0, 2 ** 31 - 1, SINGLE_DEFAULTS.seed);
  const concurrency = whole('--concurrency', 1, MAX_CONCURRENCY, SINGLE_DEFAULTS.concurrency);
  const times = whole('--times', 1, MAX_TIMES, SINGLE_DEFAULTS.times);
  for (const v of [seed, concurrency, times]) if (typeof v === 'string') return { rest, error: v };
  const ip = values.get('--ip');
  return { rest, single: { order, seed: seed as number, concurrency: concurrency as number, times: times as number, ...(ip === undefined ? {} : { ip }) } };
}

export async function serviceMain(sets: readonly { file: string; rows: LabelledRow[] }[], argv: readonly string[], tables: JudgeTables, model: Scorecard, name: string, single?: SingleArgs): Promise<number> {
  const results: { file: string; e: ServiceEval; copies?: { copies: number; sameShape: number } }[] = [];
  try {
    ensureBuilt();
    for (const { file, rows } of sets) {
      if (single) {
        process.stderr.write(`eval: ${file} through a fresh service, one check per address (${describeSingle(single)})\n`);
        const plan = replayPlan(rows, single.order, single.seed, single.times, (local) => shapeOfLocal(local, tables));
        const answers = await answersFromSingleChecks(rows.length, plan, single);
        results.push({ file, e: serviceEval(rows, answers, tables, model, argv.includes('--halves')), copies: { copies: plan.copies, sameShape: plan.copiesSameShape } });
      } else {
        process.stderr.write(`eval: ${file} through a fresh service\n`);
        results.push({ file, e: serviceEval(rows, await answersFromService(file), tables, model, argv.includes('--halves')) });
      }
    }
  } catch (err) {
    console.error(`eval --service: ${(err as Error).message}`);
    return 1;
  }
  if (argv.includes('--json')) {
    const files = results.map(({ file, e, copies }) => ({ file, ...e.service, ...(e.halves ? { halves: e.halves } : {}), inProcess: e.inProcess, diff: e.diff, ...(copies ? { madeUpCopies: copies } : {}) }));
    console.log(JSON.stringify({ model: name, through: single ? 'service, one check per address' : 'service', ...(single ? { single } : {}), files }, null, 2));
    return 0;
  }
  for (const [i, { file, e, copies }] of results.entries()) {
    if (i > 0) console.log('');
    const how = single ? `one POST /v1/check per address: ${describeSingle(single)}` : 'the file sent as check-file sends a list: bulk requests in file order';
    console.log(`== ${file} through the service (a fresh mailsift serve, DNS off; ${how})`);
    if (copies && copies.copies > 0) console.log(`made-up inboxes sent beside the file's (history only, not reported): ${copies.copies}, of the row's local-part shape ${copies.sameShape}`);
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

function describeSingle(s: SingleArgs): string {
  const order = s.order === 'file' ? 'file order' : `shuffled (seed ${s.seed})`;
  const size = s.times > 1 ? `, the file ${s.times}x as large with made-up inboxes at its domains (seed ${s.seed})` : '';
  return `${order}, ${s.concurrency} in flight, ${s.ip === undefined ? 'no IP' : 'one fixed IP for every check'}${size}`;
}

/** The service's shape of a local part (LocalPartSignals.shape), for the made-up copies. */
const shapeOfLocal = (local: string, tables: JudgeTables): string => localPartSignals(local, tables.names).shape;
