/**
 * The API thread's LevelDB reads of the state per check under `npm run bench`'s load (issue 19,
 * item 3: "no LevelDB read on the common request path, or one at most"): starts `mailsift serve`
 * (embedded, the stream worker in its thread) with a preloaded counter of the main thread's
 * `getMany` calls and keys (bench/lib/count-state-reads.mjs), runs a warm-up, then `--duration` s
 * of POST /v1/check, and prints the calls and keys per check in the load window, with the CPU per
 * check of each thread from /proc.
 *
 *   npm run build && npx tsx bench/state-reads.ts [--duration 10 --warmup 5 --connections 50 --ips 1000 --rate 0 --root DIR]
 * (--root: the worktree whose build is served, e.g. a base worktree for a base/new pair.)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBodies } from './lib/addresses.ts';
import { loadOptions, numberArg, stringArg } from './lib/cli.ts';
import { loadChecks, startProcess, stopProcess, type Started } from './lib/http-load.ts';
import { API_LISTENING, benchServeEnv, listeningUrl } from './lib/serve-env.ts';
import { cpuPerUnit, threadCpu } from './lib/thread-cpu.ts';

const here = resolve(fileURLToPath(import.meta.url), '..');
const root = resolve(stringArg('root') ?? join(here, '..'));
const { duration: DURATION, warmup: WARMUP, connections: CONNECTIONS } = loadOptions();
const KEY = 'bench-key-0123456789abcdef';
const bodies = checkBodies(50_000, numberArg('ips', 0));
const dataDir = mkdtempSync(join(tmpdir(), 'ms-reads-data-'));
const countsFile = join(dataDir, 'reads.json');
// --rate N: a fixed rate for both builds of a pair, so batching (a written batch, a commit, a
// worker message shared by more checks at a higher rate) does not decide the CPU per check.
const RATE = numberArg('rate', 0);
const headers = { authorization: `Bearer ${KEY}` };
interface Counts {
  calls: number;
  keys: number;
  /** Physical keys read, by store id (key-layout.ts: a timed store's key once per live segment). */
  byStore: Record<string, number>;
}
const counts = (): Counts => JSON.parse(readFileSync(countsFile, 'utf8')) as Counts;
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 300));
let svc: Started | undefined;
try {
  svc = await startProcess(['--import', join(here, 'lib/count-state-reads.mjs'), join(root, 'dist/src/main.js'), 'serve'], benchServeEnv(`${KEY}=bench`, { MAILSIFT_DATA_DIR: join(dataDir, 'data'), BENCH_STATE_READS: countsFile, BENCH_ROOT: root }), API_LISTENING);
  const url = listeningUrl(svc.output());
  const pid = svc.proc.pid!;
  await loadChecks(url, bodies, { seconds: WARMUP, connections: CONNECTIONS, headers, rate: RATE });
  await settle();
  const before = counts();
  const cpu0 = threadCpu(pid);
  const res = await loadChecks(url, bodies, { seconds: DURATION, connections: CONNECTIONS, headers, rate: RATE });
  const cpu1 = threadCpu(pid);
  await settle();
  const after = counts();
  const n = res['2xx'];
  const per = (x: number): string => (x / n).toFixed(3);
  console.log(`${root}: ${Math.round(res.requests.average)} checks/s, p99 ${res.latency.p99} ms, ${n} answered`);
  console.log(`state getMany on the API thread per check: ${per(after.calls - before.calls)} calls, ${per(after.keys - before.keys)} keys`);
  const byStore = Object.entries(after.byStore).map(([id, k]) => `store ${id}: ${per(k - (before.byStore[id] ?? 0))}`);
  console.log(`  physical keys per check by store: ${byStore.join(', ')}`);
  console.log(cpuPerUnit(cpu0, cpu1, String(pid), n));
  console.log(`RSS at the end: ${readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? '?'} kB`);
} finally {
  await stopProcess(svc);
  rmSync(dataDir, { recursive: true, force: true });
}
