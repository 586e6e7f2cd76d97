/**
 * Bytes allocated per check in embedded mode, per thread, at steady state: starts `mailsift
 * serve` (the build in dist/) under `node --trace-gc-nvp`, loads POST /v1/check for `--warmup`
 * seconds, then for `--duration` seconds, and divides what every garbage collection of the
 * window reported (lib/gc-trace.ts) by the checks answered: allocated and promoted bytes,
 * collections and pause per check, for the API thread's isolate and the stream worker's, with
 * the CPU per check of the threads from /proc.
 *
 *   npm run build && npx tsx bench/http-alloc.ts [--duration 10 --warmup 10 --connections 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAddresses } from './lib/addresses.ts';
import { loadOptions, numberArg } from './lib/cli.ts';
import { sumGcTrace } from './lib/gc-trace.ts';
import { loadChecks, startProcess, stopProcess, type Started } from './lib/http-load.ts';
import { API_LISTENING, benchServeEnv, listeningUrl } from './lib/serve-env.ts';
import { cpuPerUnit, threadCpu } from './lib/thread-cpu.ts';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const { duration: DURATION, connections: CONNECTIONS } = loadOptions();
const WARMUP = numberArg('warmup', 10);
const KEY = 'bench-key-0123456789abcdef';
const bodies = generateAddresses(50_000).map((email) => JSON.stringify({ email }));
const dataDir = mkdtempSync(join(tmpdir(), 'ms-alloc-'));
const headers = { authorization: `Bearer ${KEY}` };
let svc: Started | undefined;
try {
  svc = await startProcess(['--trace-gc-nvp', join(root, 'dist/src/main.js'), 'serve'], benchServeEnv(`${KEY}=bench`, { MAILSIFT_DATA_DIR: dataDir }), API_LISTENING);
  const url = listeningUrl(svc.output());
  const pid = svc.proc.pid!;
  await loadChecks(url, bodies, { seconds: WARMUP, connections: CONNECTIONS, headers });
  const from = svc.output().length;
  const cpu0 = threadCpu(pid);
  const res = await loadChecks(url, bodies, { seconds: DURATION, connections: CONNECTIONS, headers });
  const cpu1 = threadCpu(pid);
  const n = res['2xx'];
  const gcs = sumGcTrace(svc.output().slice(from));
  console.log(`${Math.round(res.requests.average)} checks/s, p99 ${res.latency.p99} ms, ${n} answered; ${cpuPerUnit(cpu0, cpu1, String(pid), n)}`);
  console.log('| thread (isolate) | bytes allocated per check | promoted per check | collections (not scavenges) | pause µs per check |');
  console.log('|---|---:|---:|---:|---:|');
  gcs.forEach((g, i) => {
    const name = i === 0 ? 'API thread' : i === 1 ? 'stream worker' : 'other';
    console.log(`| ${name} (${g.isolate}) | ${Math.round(g.allocated / n)} | ${Math.round(g.promoted / n)} | ${g.collections} (${g.majors}) | ${((g.pauseMs * 1000) / n).toFixed(1)} |`);
  });
} finally {
  await stopProcess(svc);
  rmSync(dataDir, { recursive: true, force: true });
}
