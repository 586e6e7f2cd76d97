/**
 * Micro-benchmark of the request path's pure judgement: parseAddress + analyze + judge
 * (signals, features, scorecard) on one core. Input: the `e` field of
 * .tmp/peers/data/corpus.jsonl (the peers corpus `npm run bench:peers` generates), or the file
 * given as argument, when present; else a
 * synthetic mix. Domain-level results (suffix parse, typo search, list lookups) are memoised
 * per domain in the service as here, so the figure holds for traffic concentrated on a few
 * thousand domains, as sign-up traffic is. Bounded: at most ~2 s of timed work. Prints addresses per second only
 * (never an address).
 *
 *   npm run bench:signals            (compiled, as the service runs: the figure to quote)
 *   npx tsx bench/signals.ts [file]  (quick, slower: tsx adds per-call overhead)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze, buildJudgeTables, judge } from '../src/check/judge.ts';
import { BASELINE_SCORECARD } from '../src/model/baseline.ts';
import { parseAddress } from '../src/signals/syntax.ts';

// npm scripts run at the repository root.
const DEFAULT_CORPUS = join(process.cwd(), '.tmp', 'peers', 'data', 'corpus.jsonl');
const MAX_INPUTS = 100_000;
const TIME_BUDGET_MS = 2_000;

function loadInputs(): { inputs: string[]; from: string } {
  const path = process.argv[2] ?? DEFAULT_CORPUS;
  if (existsSync(path)) {
    const inputs: string[] = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line) continue;
      const e = (JSON.parse(line) as { e?: unknown }).e;
      if (typeof e === 'string') inputs.push(e);
      if (inputs.length >= MAX_INPUTS) break;
    }
    return { inputs, from: path };
  }
  return { inputs: syntheticMix(20_000), from: 'synthetic mix' };
}

/** Deterministic mix of name-like, generated, role and numeric addresses over common domains. */
function syntheticMix(n: number): string[] {
  const first = ['anna', 'john', 'wei', 'maria', 'olusegun', 'priya', 'jan', 'sofia', 'li', 'ahmed'];
  const last = ['smith', 'garcia', 'chen', 'kowalski', 'nguyen', 'okafor', 'schmidt', 'rossi'];
  const domains = ['gmail.com', 'outlook.com', 'yahoo.com', 'acme-corp.com', 'uni-example.edu', 'mailinator.com', 'qq.com'];
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  const letters = () => Array.from({ length: 6 + Math.floor(rnd() * 8) }, () => String.fromCharCode(97 + Math.floor(rnd() * 26))).join('');
  const makers = [
    () => `${pick(first)}.${pick(last)}`,
    () => `${pick(first)[0]}${pick(last)}`,
    () => `${pick(first)}${pick(last)}${Math.floor(rnd() * 100)}`,
    () => `${letters()}${Math.floor(rnd() * 100)}`,
    () => pick(['info', 'support', 'admin', 'webmaster.helpdesk']),
    () => String(100000 + Math.floor(rnd() * 9e8)),
  ];
  return Array.from({ length: n }, () => `${pick(makers)()}@${pick(domains)}`);
}

const { inputs, from } = loadInputs();
const valid = inputs.filter((e) => parseAddress(e).ok).length;
const t0 = performance.now();
const tables = buildJudgeTables();
const buildMs = performance.now() - t0;

let sink = 0;
const pass = () => {
  for (const input of inputs) {
    const p = parseAddress(input);
    if (!p.ok) continue;
    sink += judge(analyze(p.address, tables), {}, BASELINE_SCORECARD).score.humanScore;
  }
};
pass(); // warm-up (JIT)
let done = 0;
const start = performance.now();
const cpuStart = process.cpuUsage();
while (performance.now() - start < TIME_BUDGET_MS) {
  pass();
  done += inputs.length;
}
const seconds = (performance.now() - start) / 1000;
// CPU time of this (single-threaded) process: steadier than wall time on a shared machine.
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(`input: ${inputs.length} addresses (${valid} valid, the rest stop at parse) from ${from}; tables built in ${buildMs.toFixed(0)} ms`);
const rate = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`parse + analyze + judge: ${rate(done / seconds)} addresses/s wall, ${rate(done / cpuSeconds)} per CPU-second, one core (${done} in ${seconds.toFixed(2)} s, checksum ${sink % 997})`);
