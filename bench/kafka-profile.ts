/**
 * Where a Kafka-mode API instance's CPU goes under `bench:kafka`'s load, beside embedded mode's
 * API thread: starts the same processes as bench/kafka-check.ts (streams, the loaded API, a
 * reading API; embedded mode alone) with `node --cpu-prof` on the API processes, warms each mode
 * up to a steady state (bench:kafka's rule, bench/lib/steady-warmup.ts) and then runs `--duration`
 * s of POST /v1/check at `--connections`, and prints each profile's
 * inclusive shares of the named parts within the load window only (start-up and catch-up left
 * out), per check as well. Profiles stay in `--out` (default a temporary directory) for a
 * closer look (Chrome DevTools, speedscope).
 *
 *   npm run build && npm run infra:up && source .kafka-local/env
 *   npx tsx bench/kafka-profile.ts [--duration 10 --connections 50 --apis 2 --out DIR --kafka-only --warmup-cap 120]
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import { generateAddresses } from './lib/addresses.ts';
import { loadOptions, numberArg, stringArg } from './lib/cli.ts';
import { formatShares, profileShares, type Part } from './lib/cpu-profile.ts';
import { loadChecks, startProcess, stopProcess, type Started } from './lib/http-load.ts';
import { API_LISTENING, benchServeEnv, listeningUrl } from './lib/serve-env.ts';
import { formatWarmUp, STEADY_RULE, warmUntilSteady } from './lib/steady-warmup.ts';
import { processCpu } from './lib/thread-cpu.ts';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const { duration: DURATION, connections: CONNECTIONS } = loadOptions();
const RULE = { ...STEADY_RULE, capSeconds: numberArg('warmup-cap', STEADY_RULE.capSeconds) };
const APIS = numberArg('apis', 2);
/** Kafka mode only (the embedded run left out): for alternating runs of one side. */
const KAFKA_ONLY = process.argv.includes('--kafka-only');
const OUT = stringArg('out') ?? mkdtempSync(join(tmpdir(), 'ms-kprof-'));
const KEY = 'bench-key-0123456789abcdef';
const { KAFKA_BROKERS, SCHEMA_REGISTRY_URL } = process.env;
if (!KAFKA_BROKERS || !SCHEMA_REGISTRY_URL) {
  console.error('kafka-profile needs a broker and a registry: npm run infra:up && source .kafka-local/env');
  process.exit(2);
}
delete process.env.KAFKA_BROKERS;
delete process.env.SCHEMA_REGISTRY_URL;

/** The parts of an API process's time, each matched against every frame of a sample's stack. */
export const PARTS: readonly Part[] = [
  { name: 'HTTP (Fastify, node http, routes)', match: /nm:fastify\/|nm:light-my-request|node:_http_|^(parserOnHeadersComplete|parserOnBody|parserOnMessageComplete) |src\/api\/routes\// },
  { name: '  judgement (check service: prepare, history, decide)', match: /src\/service\/check-service\.js|src\/check\// },
  { name: '  state reads (history, coalescing reader, LevelDB)', match: /src\/streams\/(history|coalescing-reader|commit-cached-reader|stats-queries)\.js|nm:classic-level|nm:abstract-level/ },
  { name: 'event encode (Avro)', match: /^encode src\/bus\/avro\.js/ },
  { name: 'produce path (event writer, batching producer, produce client)', match: /src\/service\/event-writer\.js|src\/bus\/kafka\/(batching-producer|produce-client)\.js|nm:kafkajs\/src\/producer\/| (clients|protocol|network|apis)\// },
  // Its files are under its dist/, which the profile's names drop with the path before it.
  { name: '  @platformatic/kafka (the producer: encoding, network)', match: / (clients|protocol|network|apis)\// },
  { name: '  kafkajs request encoding (produce batches, fetch requests)', match: /nm:kafkajs\/src\/protocol\/(requests\/produce|recordBatch|encoder|crc32)/ },
  { name: 'kafkajs consumer (fetch, decode record batches)', match: /nm:kafkajs\/src\/consumer\// },
  { name: '  kafkajs protocol decode', match: /nm:kafkajs\/src\/protocol\/(decoder|requests\/fetch|recordBatch\/v2\/decoder|messageSet)/ },
  { name: 'kafkajs network (socket, request queue)', match: /nm:kafkajs\/src\/network\// },
  { name: 'replica applies (replica.js, applyPhysical)', match: /src\/streams\/replica\.js|applyPhysical / },
  { name: 'hot-window feed (onBatch)', match: /src\/streams\/hot-window-feed\.js/ },
  { name: '  feed decode (Avro fromBuffer)', match: /^decode src\/bus\/avro\.js/ },
  { name: '  feed apply (HotWindows.add)', match: /^add src\/streams\/hot-windows\.js/ },
  { name: 'own events (OwnEvents)', match: /src\/streams\/own-events\.js/ },
  { name: 'pino logging', match: /nm:pino/ },
  { name: 'GC', match: /^\(garbage collector\) / },
];

const MAIN = join(root, 'dist/src/main.js');
const common = benchServeEnv(`${KEY}=bench`);
const profiled = (name: string): string[] => {
  const dir = join(OUT, name);
  mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', dir];
};
const api = (name: string, env: Record<string, string>): Promise<Started & { url: string }> =>
  startProcess([...profiled(name), MAIN, 'serve'], { ...common, ...env }, API_LISTENING).then((s) => ({ ...s, url: listeningUrl(s.output()) }));
const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);
/** Read and write system calls a process made so far (/proc/<pid>/io): each Kafka request or socket write is one. */
const syscalls = (pid: number): { r: number; w: number } => {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  return { r: Number(/syscr: (\d+)/.exec(io)?.[1] ?? 0), w: Number(/syscw: (\d+)/.exec(io)?.[1] ?? 0) };
};

const bodies = generateAddresses(50_000).map((email) => JSON.stringify({ email }));
const dirs = ['emb', 'streams', 'a', 'b'].map((d) => mkdtempSync(join(tmpdir(), `ms-kprof-${d}-`)));
const namespace = `kprof-${randomBytes(3).toString('hex')}`;
const kafkaEnv = { KAFKA_BROKERS, SCHEMA_REGISTRY_URL, MAILSIFT_SECRET: `bench-secret-${namespace}-0123456789abcdef`, MAILSIFT_KAFKA_NAMESPACE: namespace };
const headers = { authorization: `Bearer ${KEY}` };

/** Warm-up to the steady state, then the measured load; the window and the checks answered in it. */
async function load(url: string, pids: number[], atStart?: () => Promise<void>): Promise<{ fromUs: number; toUs: number; checks: number; cpuUs: number[]; sys: string[] }> {
  const warm = await warmUntilSteady(url, bodies, { connections: CONNECTIONS, headers, rule: RULE, cpuSeconds: () => pids.map(processCpu) });
  console.log(formatWarmUp(url, warm, pids.map(String)));
  await atStart?.();
  const cpu0 = pids.map(processCpu);
  const sys0 = pids.map(syscalls);
  const fromUs = nowUs();
  const res = await loadChecks(url, bodies, { seconds: DURATION, connections: CONNECTIONS, headers });
  const toUs = nowUs();
  console.log(`${url}: ${Math.round(res.requests.average)} checks/s, p99 ${res.latency.p99} ms, ${res['2xx']} answered`);
  const sys = pids.map((pid, i) => {
    const s1 = syscalls(pid);
    return `${((s1.r - sys0[i]!.r) / res['2xx']).toFixed(2)} reads + ${((s1.w - sys0[i]!.w) / res['2xx']).toFixed(2)} writes per check`;
  });
  return { fromUs, toUs, checks: res['2xx'], sys, cpuUs: pids.map((pid, i) => Math.round(((processCpu(pid) - cpu0[i]!) * 1e6) / Math.max(1, res['2xx']))) };
}

/** Every profile a process wrote (one per thread), after it exited. */
function profilesOf(name: string): string[] {
  const dir = join(OUT, name);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .map((f) => join(dir, f));
}

/** Records per changelog topic written between two calls (end offsets, summed over partitions). */
const kafka = new Kafka({ clientId: 'kafka-profile', brokers: KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
const admin = kafka.admin();
async function changelogEnds(): Promise<Map<string, number>> {
  const names = (await admin.listTopics()).filter((t) => t.startsWith(`${namespace}.`) && (t.endsWith('-changelog') || t.endsWith('checks.scored.v1')));
  const out = new Map<string, number>();
  for (const t of names) out.set(t.slice(namespace.length + 1), (await admin.fetchTopicOffsets(t)).reduce((s, x) => s + Number(x.high), 0));
  return out;
}

const procs: Started[] = [];
const report: string[] = [];
try {
  // Embedded first, alone.
  if (!KAFKA_ONLY) {
    const embedded = await api('embedded', { MAILSIFT_DATA_DIR: dirs[0]! });
    procs.push(embedded);
    const e = await load(embedded.url, [embedded.proc.pid!]);
    await stopProcess(embedded);
    procs.pop();
    report.push(`embedded: ${e.checks} checks, CPU per check ${e.cpuUs[0]} µs (process), system calls ${e.sys[0]}`);
    for (const [i, f] of profilesOf('embedded').entries()) report.push(formatShares(`embedded, thread ${i} (${f.split('/').at(-1)})`, profileShares(f, PARTS, e), e.checks));
  }

  const streams = await startProcess([MAIN, 'serve'], { ...common, ...kafkaEnv, MAILSIFT_ROLES: 'streams', MAILSIFT_DATA_DIR: dirs[1]! }, /mailsift streams running/);
  procs.push(streams);
  const names = ['api-loaded', 'api-reader'].slice(0, APIS);
  const apis = await Promise.all(names.map((n, i) => api(n, { ...kafkaEnv, MAILSIFT_ROLES: 'api', MAILSIFT_DATA_DIR: dirs[2 + i]!, MAILSIFT_INSTANCE_ID: `${namespace}-${i}` })));
  procs.push(...apis);
  await admin.connect();
  let ends0 = new Map<string, number>();
  const k = await load(apis[0]!.url, [...apis.map((a) => a.proc.pid!), streams.proc.pid!], async () => void (ends0 = await changelogEnds()));
  const ends1 = await changelogEnds();
  await admin.disconnect();
  const seconds = (k.toUs - k.fromUs) / 1e6;
  report.push(
    ['| topic | records/s | per check |', '|---|---:|---:|', ...[...ends1].sort((a, b) => b[1] - (ends0.get(b[0]) ?? 0) - (a[1] - (ends0.get(a[0]) ?? 0))).map(([t, e]) => `| ${t} | ${Math.round((e - (ends0.get(t) ?? 0)) / seconds)} | ${((e - (ends0.get(t) ?? 0)) / k.checks).toFixed(2)} |`)].join('\n'),
  );
  report.push(`kafka: ${k.checks} checks, CPU per check ${names.map((n, i) => `${n} ${k.cpuUs[i]}`).join(', ')}, streams ${k.cpuUs.at(-1)} µs; system calls ${names.map((n, i) => `${n} ${k.sys[i]}`).join(', ')}`);
  await Promise.all(procs.map((p) => stopProcess(p)));
  procs.length = 0;
  for (const n of names) for (const [i, f] of profilesOf(n).entries()) report.push(formatShares(`${n}, thread ${i}`, profileShares(f, PARTS, k), k.checks));
  console.log(report.join('\n\n'));
  console.log(`\nprofiles in ${OUT}`);
} finally {
  await Promise.all(procs.map((p) => stopProcess(p)));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
