/**
 * Where embedded mode's CPU goes under `npm run bench`'s load: starts `mailsift serve` (embedded,
 * the stream worker in its thread) with `node --cpu-prof`, which profiles the API thread and the
 * worker thread each, runs a warm-up and then `--duration` s of POST /v1/check at
 * `--connections`, and prints each thread's inclusive shares of the named parts within the load
 * window only (start-up left out), with the CPU per check of every thread from /proc. Profiles
 * stay in `--out` (default a temporary directory) for a closer look.
 *
 *   npm run build && npx tsx bench/http-profile.ts [--duration 10 --warmup 3 --connections 50 --out DIR --ips 0]
 * (--ips N: each check carries one of N public IPs, as in `npm run bench`.)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBodies } from './lib/addresses.ts';
import { loadOptions, numberArg, stringArg } from './lib/cli.ts';
import { formatShares, profileShares } from './lib/cpu-profile.ts';
import { API_PARTS, WORKER_PARTS } from './lib/embedded-parts.ts';
import { loadChecks, startProcess, stopProcess, type Started } from './lib/http-load.ts';
import { API_LISTENING, benchServeEnv, listeningUrl } from './lib/serve-env.ts';
import { cpuPerUnit, threadCpu } from './lib/thread-cpu.ts';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const { duration: DURATION, warmup: WARMUP, connections: CONNECTIONS } = loadOptions();
const OUT = stringArg('out') ?? mkdtempSync(join(tmpdir(), 'ms-hprof-'));
const KEY = 'bench-key-0123456789abcdef';

const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);
const bodies = checkBodies(50_000, numberArg('ips', 0));
const dataDir = mkdtempSync(join(tmpdir(), 'ms-hprof-data-'));
const headers = { authorization: `Bearer ${KEY}` };
let svc: Started | undefined;
try {
  svc = await startProcess(['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', OUT, join(root, 'dist/src/main.js'), 'serve'], benchServeEnv(`${KEY}=bench`, { MAILSIFT_DATA_DIR: dataDir }), API_LISTENING);
  const url = listeningUrl(svc.output());
  const pid = svc.proc.pid!;
  await loadChecks(url, bodies, { seconds: WARMUP, connections: CONNECTIONS, headers });
  const cpu0 = threadCpu(pid);
  const fromUs = nowUs();
  const res = await loadChecks(url, bodies, { seconds: DURATION, connections: CONNECTIONS, headers });
  const toUs = nowUs();
  const cpu1 = threadCpu(pid);
  console.log(`${Math.round(res.requests.average)} checks/s, p99 ${res.latency.p99} ms, ${res['2xx']} answered; ${cpuPerUnit(cpu0, cpu1, String(pid), res['2xx'])}`);
  await stopProcess(svc);
  svc = undefined;
  // The API thread's profile is written first (the process's main thread), the worker's by its thread id.
  const files = readdirSync(OUT).filter((f) => f.endsWith('.cpuprofile')).sort();
  for (const f of files) {
    const main = /\.0\.\d+\.cpuprofile$/.test(f) || files.length === 1;
    const shares = profileShares(join(OUT, f), main ? API_PARTS : WORKER_PARTS, { fromUs, toUs });
    if (shares.busyUs === 0) continue;
    console.log(`\n${formatShares(`${main ? 'API thread' : 'worker thread'} (${f})`, shares, res['2xx'])}`);
  }
  console.log(`\nprofiles in ${OUT}`);
} finally {
  await stopProcess(svc);
  rmSync(dataDir, { recursive: true, force: true });
}
