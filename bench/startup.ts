/**
 * `npm run bench:startup`: how long `node dist/src/main.js serve` (embedded, DNS and feeds off, a
 * fresh data dir each start) takes from spawn to the API's "listening" line and to its first
 * answered POST /v1/check, and the CPU (user+sys of the whole process, every thread, from /proc)
 * it spent by each point. What every blackbox test and a user's `npm start` wait for.
 *
 *   npm run bench:startup [-- --starts 5 --main dist/src/main.js --main /tmp/base/dist/src/main.js]
 *
 * With several `--main`, the starts alternate between them (A B A B ...) so that the machine's
 * load hits each alike; the load average is printed per round and the ratio to the first
 * `--main` per round and as the median of those. Run `npm run build` first (the script does not).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, numberArg } from './lib/cli.ts';
import { startProcess, stopProcess } from './lib/http-load.ts';
import { API_LISTENING, benchServeEnv, listeningUrl } from './lib/serve-env.ts';
import { processCpu } from './lib/thread-cpu.ts';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const STARTS = numberArg('starts', 5);
const KEY = 'bench-key-0123456789abcdef';
const mains = process.argv.flatMap((a, i) => (a === '--main' && process.argv[i + 1] ? [resolve(process.argv[i + 1]!)] : []));
if (mains.length === 0) mains.push(join(root, 'dist', 'src', 'main.js'));

interface Start {
  listenMs: number;
  listenCpu: number;
  firstCheckMs: number;
  firstCheckCpu: number;
}

async function oneStart(main: string): Promise<Start> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mailsift-bench-start-'));
  const t0 = performance.now();
  const s = await startProcess([main, 'serve'], benchServeEnv(`${KEY}=bench`, { MAILSIFT_DATA_DIR: dataDir }), API_LISTENING);
  try {
    const listenMs = performance.now() - t0;
    const listenCpu = processCpu(s.proc.pid!);
    const res = await fetch(`${listeningUrl(s.output())}/v1/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ email: 'maria.lindqvist@example.org' }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`first check answered ${res.status}`);
    return { listenMs, listenCpu, firstCheckMs: performance.now() - t0, firstCheckCpu: processCpu(s.proc.pid!) };
  } finally {
    await stopProcess(s);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = new Map<string, Start[]>(mains.map((m) => [m, []]));
const ratios = new Map<string, number[]>(mains.map((m) => [m, []]));
const fmt = (x: Start): string => `listening ${(x.listenMs / 1000).toFixed(2)} s (CPU ${x.listenCpu.toFixed(2)} s), first check ${(x.firstCheckMs / 1000).toFixed(2)} s (CPU ${x.firstCheckCpu.toFixed(2)} s)`;
for (let round = 1; round <= STARTS; round++) {
  const load = loadavg()[0]!.toFixed(1);
  const first: Start[] = [];
  for (const main of mains) {
    const x = await oneStart(main);
    results.get(main)!.push(x);
    first.push(x);
    const ratio = x.firstCheckCpu / first[0]!.firstCheckCpu;
    ratios.get(main)!.push(ratio);
    console.log(`round ${round} (load ${load}) ${main}: ${fmt(x)}${mains.length > 1 ? `; CPU ratio to the first ${ratio.toFixed(2)}` : ''}`);
  }
}
console.log('\nmedians:');
for (const main of mains) {
  const xs = results.get(main)!;
  const m: Start = {
    listenMs: median(xs.map((x) => x.listenMs)),
    listenCpu: median(xs.map((x) => x.listenCpu)),
    firstCheckMs: median(xs.map((x) => x.firstCheckMs)),
    firstCheckCpu: median(xs.map((x) => x.firstCheckCpu)),
  };
  console.log(`${main}: ${fmt(m)}${mains.length > 1 ? `; CPU ratio to the first (median of rounds) ${median(ratios.get(main)!).toFixed(2)}` : ''}`);
}
