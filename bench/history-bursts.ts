/**
 * `npm run bench:history`: the eval's IP-bursts sequences (src/eval/ip-bursts.ts) sent to the
 * real built server (embedded mode, DNS and feeds off) one check at a time over loopback HTTP,
 * and every answer compared with the eval's replay of all the checks the server was sent
 * (src/eval/replayed-checks.ts, as a deployment just started sees them). Prints, per line, how
 * many answers agree (score and verdict) and the service's review-or-block shares by position.
 * Not a speed bench: the figures are the service's judgement, not its throughput.
 *
 * Differences from the eval section, by design: the sequences arrive within minutes rather than
 * spread over 10 or 60 minutes (the windows hold them all either way), the deployment is fresh
 * (at free mail no wave in its first hour) and all sequences share the domains' counts.
 *
 *   npm run bench:history [-- --sequences 10]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildJudgeTables } from '../src/check/judge.ts';
import { farmBatches, IP_FARM_KINDS, IP_LAYOUTS, IP_PEOPLE_KINDS, peopleGroups } from '../src/eval/ip-bursts.ts';
import { replayChecks, type SentCheck } from '../src/eval/replayed-checks.ts';
import { BASELINE_SCORECARD } from '../src/model/baseline.ts';
import { numberArg } from './lib/cli.ts';
import { startProcess, stopProcess, type Started } from './lib/http-load.ts';
import { benchServeEnv } from './lib/serve-env.ts';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const SEQUENCES = numberArg('sequences', 10);
const SEED = 16;
const KEY = 'history-bench-key-0123456789';
const POSITIONS = [1, 2, 3, 5, 10, 20, 30, 50];

interface Line {
  readonly label: string;
  readonly size: number;
  /** Indexes into `sent` of each sequence's checks. */
  readonly sequences: number[][];
}

/** Made-up public IPs, distinct per line, sequence and turn (the documentation ranges would be ignored). */
const ipOf = (line: number, seq: number, turn: number): string => `203.${10 + line}.${seq}.${10 + turn}`;

async function post(url: string, body: unknown): Promise<any> {
  const res = await fetch(`${url}/v1/check`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`POST /v1/check answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const dataDir = mkdtempSync(join(tmpdir(), 'mailsift-history-'));
let svc: Started | undefined;
try {
  svc = await startProcess([join(root, 'dist/src/main.js'), 'serve'], benchServeEnv(`${KEY}=bench`, { MAILSIFT_DATA_DIR: dataDir, MAILSIFT_DOMAIN_AGE: 'off' }), /"address":"(http:\/\/[^"]+)"/);
  const sent: SentCheck[] = [];
  const answers: any[] = [];
  const lines: Line[] = [];
  const send = async (email: string, ip: string | undefined): Promise<number> => {
    const before = Date.now();
    answers.push(await post(svc!.url, { email, ...(ip ? { ip } : {}) }));
    sent.push({ account: 'bench', email, ...(ip ? { ip } : {}), time: Math.round((before + Date.now()) / 2) });
    return sent.length - 1;
  };
  const runLine = async (label: string, batches: readonly (readonly string[])[], ips: number): Promise<void> => {
    const at = lines.length;
    const sequences: number[][] = [];
    for (const [j, emails] of batches.entries()) {
      const idx: number[] = [];
      for (const [i, email] of emails.entries()) idx.push(await send(email, ips ? ipOf(at, j, i % ips) : undefined));
      sequences.push(idx);
    }
    lines.push({ label, size: Math.min(...batches.map((b) => b.length)), sequences });
    process.stderr.write(`sent ${label}\n`);
  };
  const started = Date.now();
  for (const kind of IP_FARM_KINDS) {
    const batches = farmBatches(kind, SEED, SEQUENCES, 20);
    for (const layout of Object.keys(IP_LAYOUTS) as (keyof typeof IP_LAYOUTS)[]) await runLine(`${kind} ${layout}`, batches, IP_LAYOUTS[layout]);
  }
  for (const kind of IP_PEOPLE_KINDS) for (const size of [20, 50]) await runLine(`${kind} one IP ${size}`, peopleGroups(kind, SEED, SEQUENCES, size), 1);

  const replayed = replayChecks(sent, buildJudgeTables(), BASELINE_SCORECARD, started);
  const pct = (x: number, n: number): string => `${((100 * x) / n).toFixed(0)}%`;
  console.log(`history through the service: ${sent.length} checks, ${SEQUENCES} sequences per line (seed ${SEED}), one account, a fresh deployment`);
  console.log(`  line                        agree    review or block at position ${POSITIONS.join(' / ')}   | all: review or block, block`);
  let agreeAll = 0;
  for (const l of lines) {
    const flat = l.sequences.flat();
    const agree = flat.filter((i) => answers[i].human_score === replayed[i]!.score.humanScore && answers[i].verdict === replayed[i]!.score.verdict).length;
    agreeAll += agree;
    const caughtAt = POSITIONS.filter((p) => p <= l.size).map((p) => pct(l.sequences.filter((s) => answers[s[p - 1]!].verdict !== 'allow').length, l.sequences.length));
    const caught = flat.filter((i) => answers[i].verdict !== 'allow').length;
    const blocked = flat.filter((i) => answers[i].verdict === 'block').length;
    console.log(`  ${l.label.padEnd(28)}${`${agree}/${flat.length}`.padStart(9)}    ${caughtAt.join(' / ')}   | ${pct(caught, flat.length)}, ${pct(blocked, flat.length)}`);
  }
  console.log(`  the service and the eval's replay agree on ${agreeAll} of ${sent.length} answers`);
  if (agreeAll !== sent.length) process.exitCode = 1;
} finally {
  await stopProcess(svc);
  rmSync(dataDir, { recursive: true, force: true });
}
