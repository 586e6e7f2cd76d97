/**
 * `npm run bench`: POST /v1/check under autocannon (50 connections, rotating realistic
 * addresses, DNS off) beside two references measured in the same run, alternating all three so
 * machine noise hits each: a fixed-JSON Fastify route (the framework's ceiling) and the
 * durability floor (lib/durable-floor-server.ts: what a check must do before answering, with
 * no judgement and no windowed state). Prints throughput, p50/p99, each one's ratio to fixed
 * JSON and the server CPU per request, and proves every answered check was durably recorded
 * (usage == 2xx answers).
 *
 *   npm run bench [-- --duration 10 --warmup 10 --repeats 2 --connections 50 --ips 0]
 * (--ips N: each check carries one of N public IPs, lib/addresses.ts checkBodies, so the IP
 * window and ip_burst's read work per check; 0, the default: no check carries one.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBodies } from './lib/addresses.ts';
import { loadChecks, startProcess, stopProcess, usageTotal, type Started } from './lib/http-load.ts';
import { loadOptions, median, numberArg } from './lib/cli.ts';
import { benchServeEnv } from './lib/serve-env.ts';
import { cpuPerUnit, processCpu, threadCpu } from './lib/thread-cpu.ts';


const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const { duration: DURATION, repeats: REPEATS, connections: CONNECTIONS } = loadOptions();
// 10 s by default: after 2-3 s the server is still compiling and its first repeat cost 1.2-1.8x
// the next two (docs/architecture.md, issue 19, ninth and tenth rounds).
const WARMUP = numberArg('warmup', 10);
const KEY = 'bench-key-0123456789abcdef';
const run = (url: string, bodies: string[], seconds: number, headers: Record<string, string>) => loadChecks(url, bodies, { seconds, connections: CONNECTIONS, headers });

const IPS = numberArg('ips', 0);
const bodies = checkBodies(50_000, IPS);
const dataDir = mkdtempSync(join(tmpdir(), 'mailsift-bench-'));
let fixed: Started | undefined;
let floor: Started | undefined;
let svc: Started | undefined;
const rows: { name: string; rps: number; p50: number; p99: number; non2xx: number; total2xx: number; cpuUs: number }[] = [];
const FIXED = 'fixed-json fastify';
const FLOOR = 'durability floor';
const MAILSIFT = 'mailsift POST /v1/check';
try {
  fixed = await startProcess(['--import', 'tsx', join(root, 'bench/lib/fixed-json-server.ts')], {}, /listening (http:\/\/\S+)/);
  floor = await startProcess(['--import', 'tsx', join(root, 'bench/lib/durable-floor-server.ts')], { FLOOR_API_KEYS: `${KEY}=bench` }, /listening (http:\/\/\S+)/);
  svc = await startProcess([join(root, 'dist/src/main.js'), 'serve'], benchServeEnv(`${KEY}=bench`, { MAILSIFT_DATA_DIR: dataDir }), /"address":"(http:\/\/[^"]+)"/);
  const auth = { authorization: `Bearer ${KEY}` };
  if (IPS > 0) console.log(`each check carries one of ${IPS} IPs`);
  await run(fixed.url, bodies, WARMUP, {});
  await run(floor.url, bodies, WARMUP, auth);
  const warm = await run(svc.url, bodies, WARMUP, auth);
  for (let r = 1; r <= REPEATS; r++) {
    for (const [name, server, headers] of [[FIXED, fixed, {}], [FLOOR, floor, auth], [MAILSIFT, svc, auth]] as const) {
      const pid = server.proc.pid!;
      const cpu0 = threadCpu(pid);
      const total0 = processCpu(pid);
      const res = await run(server.url, bodies, DURATION, headers);
      const cpu1 = threadCpu(pid);
      const cpuUs = res['2xx'] > 0 ? ((processCpu(pid) - total0) * 1e6) / res['2xx'] : NaN;
      const detail = server === svc ? cpuPerUnit(cpu0, cpu1, String(pid), res['2xx']) : `CPU per request: ${Math.round(cpuUs)} µs`;
      rows.push({ name, rps: res.requests.average, p50: res.latency.p50, p99: res.latency.p99, non2xx: res.non2xx + res.errors, total2xx: res['2xx'], cpuUs });
      console.log(`${name.padEnd(26)} r${r}: ${Math.round(res.requests.average)} req/s  p50 ${res.latency.p50} ms  p99 ${res.latency.p99} ms  non-2xx ${res.non2xx} errors ${res.errors}  ${detail}`);
    }
  }
  // Durability: every 2xx check is an event in the log, counted by usage once applied.
  const answered = warm['2xx'] + rows.filter((r) => r.name === MAILSIFT).reduce((s, r) => s + r.total2xx, 0);
  let billed = 0;
  for (let i = 0; i < 100; i++) {
    billed = await usageTotal(svc.url, KEY);
    if (billed >= answered) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const med = (name: string, k: 'rps' | 'p99' | 'p50' | 'cpuUs') => median(rows.filter((r) => r.name === name).map((r) => r[k]));
  const ratio = (name: string) => med(name, 'rps') / med(FIXED, 'rps');
  console.log('\n| route | req/s (median) | of fixed JSON | p50 ms | p99 ms | server CPU µs per request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const n of [FIXED, FLOOR, MAILSIFT]) console.log(`| ${n} | ${Math.round(med(n, 'rps'))} | ${(ratio(n) * 100).toFixed(1)}% | ${med(n, 'p50')} | ${med(n, 'p99')} | ${Math.round(med(n, 'cpuUs'))} |`);
  // Targets of issue 19 (the state layer), which replaced the earlier issues' throughput targets.
  console.log(`\ncheck CPU / durability floor CPU: ${(med(MAILSIFT, 'cpuUs') / med(FLOOR, 'cpuUs')).toFixed(2)}x (target <= 2.0x)`);
  console.log(`ratio mailsift / fixed-json: ${(ratio(MAILSIFT) * 100).toFixed(1)}% (target >= 18%), mailsift p99 ${med(MAILSIFT, 'p99')} ms (target < 20 ms)`);
  console.log(`durability floor / fixed-json: ${(ratio(FLOOR) * 100).toFixed(1)}% (hashes, signed id, Avro event fsynced to the log; no judgement, no windowed state)`);
  // Requests still in flight when autocannon stops a run were recorded but not counted as
  // answered: at most one per connection per run.
  const slack = CONNECTIONS * (REPEATS + 1);
  const ok = billed >= answered && billed <= answered + slack;
  console.log(`durability: ${answered} checks answered 2xx (warm-up included), ${billed} recorded and billed (up to ${slack} cut off in flight at the end of runs): ${ok ? 'every answered check was recorded' : 'MISMATCH'}`);
  if (!ok) process.exitCode = 1;
} finally {
  await Promise.all([stopProcess(fixed), stopProcess(floor), stopProcess(svc)]);
  rmSync(dataDir, { recursive: true, force: true });
}
