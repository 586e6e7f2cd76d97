/**
 * `npm run bench:neighbour`: what one account's bulk does to another account's single checks.
 * One server, two accounts. The quiet account sends single checks at a steady pace (open
 * loop: each is sent on schedule whether or not the previous one was answered, so waiting
 * shows up as latency, not as fewer requests) and its latency is measured from the moment the
 * request is sent. Phases alternate in the same run: quiet alone, then quiet while the bulky
 * account loops `--loops` bulk requests of `--bulk` addresses each (honouring 429's
 * Retry-After, as a client should). Prints each phase's p50/p90/p99/max, the with/without p99
 * ratio, the bulk addresses answered per second and the server CPU.
 *
 * By default the per-account address rate is lifted, so what is measured is the fair share
 * alone (bounded bulk work per account, slices that yield to single checks): the case of a
 * deployment whose limits allow the bulk, or of several bulky accounts. `--default-limits`
 * runs with the service's default limits instead. `--dist <dir>` runs another build (e.g. the
 * previous commit's) for a before/after comparison.
 *
 *   npm run bench:neighbour [-- --seconds 8 --repeats 3 --rate 50 --loops 3 --bulk 1000 --slots 8 --slice 8 --default-limits --dist ../other/dist]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAddresses } from './lib/addresses.ts';
import { median, numberArg } from './lib/cli.ts';
import { percentile, startProcess, stopProcess, type Started } from './lib/http-load.ts';
import { processCpu } from './lib/thread-cpu.ts';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const SECONDS = numberArg('seconds', 8);
const REPEATS = numberArg('repeats', 3);
const RATE = numberArg('rate', 50);
const LOOPS = numberArg('loops', 3);
const BULK = numberArg('bulk', 1000);
const DEFAULT_LIMITS = process.argv.includes('--default-limits');
const SLOTS = numberArg('slots', 0);
const SLICE = numberArg('slice', 0);
const distArg = process.argv.indexOf('--dist');
const DIST = distArg > 0 ? resolve(process.argv[distArg + 1]!) : join(root, 'dist');
const QUIET = 'quiet-key-0123456789abcdef';
const BULKY = 'bulky-key-0123456789abcdef';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function post(url: string, key: string, path: string, body: string): Promise<{ status: number; retryAfter: number; ms: number }> {
  const started = performance.now();
  return new Promise((res, rej) => {
    const req = request(`${url}${path}`, { method: 'POST', agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (r) => {
      r.resume();
      r.on('end', () => res({ status: r.statusCode ?? 0, retryAfter: Number(r.headers['retry-after'] ?? 0), ms: performance.now() - started }));
    });
    req.on('error', rej);
    req.end(body);
  });
}

const singles = generateAddresses(200_000, 101).map((email) => JSON.stringify({ email }));
const bulkPool = generateAddresses(200_000, 202);
let nextSingle = 0;
let nextBulk = 0;

/** The quiet account: RATE single checks per second for `seconds`; latencies of the answered ones. */
async function quietPhase(url: string, seconds: number): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const n = Math.round(seconds * RATE);
  for (let i = 0; i < n; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      post(url, QUIET, '/v1/check', singles[nextSingle++ % singles.length]!).then(
        (r) => (r.status === 200 ? void latencies.push(r.ms) : void failed++),
        () => void failed++,
      ),
    );
  }
  await Promise.all(pending);
  return { latencies: latencies.sort((a, b) => a - b), failed };
}

/** The bulky account: LOOPS loops of bulk requests until `stop`; addresses answered and 429s. */
function bulkLoops(url: string): { stop(): Promise<{ addresses: number; limited: number }> } {
  let running = true;
  let addresses = 0;
  let limited = 0;
  const loop = async (): Promise<void> => {
    while (running) {
      const emails = Array.from({ length: BULK }, () => bulkPool[nextBulk++ % bulkPool.length]!);
      const r = await post(url, BULKY, '/v1/check/bulk', JSON.stringify({ emails })).catch(() => ({ status: 0, retryAfter: 1, ms: 0 }));
      if (r.status === 200) addresses += BULK;
      else {
        limited++;
        // Retry-After, but never past the end of the phase.
        const until = performance.now() + Math.max(1, r.retryAfter) * 1000;
        while (running && performance.now() < until) await new Promise((s) => setTimeout(s, 50));
      }
    }
  };
  const loops = Array.from({ length: LOOPS }, loop);
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { addresses, limited };
    },
  };
}

const fmt = (x: number): string => x.toFixed(1);
const dataDir = mkdtempSync(join(tmpdir(), 'mailsift-bench-neighbour-'));
let svc: Started | undefined;
try {
  const lifted: Record<string, string> = DEFAULT_LIMITS ? {} : { MAILSIFT_RATE_LIMIT_ADDRESSES: '1000000', MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '1000000' };
  svc = await startProcess([join(DIST, 'src/main.js'), 'serve'], {
    PORT: '0',
    MAILSIFT_DATA_DIR: dataDir,
    MAILSIFT_API_KEYS: `${QUIET}=quiet,${BULKY}=bulky`,
    MAILSIFT_DNS: 'off',
    MAILSIFT_FEEDS: 'off',
    MAILSIFT_LOG_LEVEL: 'info',
    ...lifted,
    ...(SLOTS > 0 ? { MAILSIFT_BULK_SLOTS: String(SLOTS) } : {}),
    ...(SLICE > 0 ? { MAILSIFT_BULK_SLICE: String(SLICE) } : {}),
  }, /"address":"(http:\/\/[^"]+)"/);
  const url = svc.url;
  const pid = svc.proc.pid!;
  console.log(`server: ${DIST}${SLOTS > 0 ? ` (MAILSIFT_BULK_SLOTS=${SLOTS})` : ''}${SLICE > 0 ? ` (MAILSIFT_BULK_SLICE=${SLICE})` : ''}; ${DEFAULT_LIMITS ? 'default rate limits' : 'address rate limit lifted (fair share alone)'}; quiet account ${RATE} checks/s; bulky account ${LOOPS} loops of ${BULK} addresses; ${SECONDS} s per phase, ${REPEATS} repeats (alternating)`);
  await quietPhase(url, 2); // warm-up
  const rows: { phase: string; p50: number; p90: number; p99: number; max: number; failed: number; bulkPerS: number; limited: number; cpu: number }[] = [];
  for (let r = 1; r <= REPEATS; r++) {
    for (const withBulk of [false, true]) {
      const cpu0 = processCpu(pid);
      const loops = withBulk ? bulkLoops(url) : undefined;
      const t0 = performance.now();
      const q = await quietPhase(url, SECONDS);
      const b = loops ? await loops.stop() : { addresses: 0, limited: 0 };
      const elapsed = (performance.now() - t0) / 1000;
      const l = q.latencies;
      const row = {
        phase: withBulk ? 'with bulk loop' : 'alone',
        p50: percentile(l, 50),
        p90: percentile(l, 90),
        p99: percentile(l, 99),
        max: l.at(-1) ?? NaN,
        failed: q.failed,
        bulkPerS: b.addresses / elapsed,
        limited: b.limited,
        cpu: (processCpu(pid) - cpu0) / elapsed,
      };
      rows.push(row);
      console.log(`r${r} ${row.phase.padEnd(15)} p50 ${fmt(row.p50)} ms  p90 ${fmt(row.p90)}  p99 ${fmt(row.p99)}  max ${fmt(row.max)}  non-200 ${row.failed}  bulk ${Math.round(row.bulkPerS)} addresses/s (${row.limited} bulk 429s)  server CPU ${(row.cpu * 100).toFixed(0)}%`);
      // Let the bulk's events drain through the stream processors before the next quiet phase.
      if (withBulk) await new Promise((s) => setTimeout(s, 2000));
    }
  }
  const med = (phase: string, k: 'p50' | 'p90' | 'p99' | 'max' | 'bulkPerS') => median(rows.filter((x) => x.phase === phase).map((x) => x[k]));
  console.log('\n| quiet account | p50 ms | p90 ms | p99 ms | max ms | bulky account addresses/s |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const phase of ['alone', 'with bulk loop']) console.log(`| ${phase} | ${fmt(med(phase, 'p50'))} | ${fmt(med(phase, 'p90'))} | ${fmt(med(phase, 'p99'))} | ${fmt(med(phase, 'max'))} | ${Math.round(med(phase, 'bulkPerS'))} |`);
  const ratio = med('with bulk loop', 'p99') / med('alone', 'p99');
  console.log(`\nneighbour p99 with / without the bulk loop: ${ratio.toFixed(2)}x (target <= 3x; medians of ${REPEATS} alternating runs; shared machine)`);
} finally {
  await stopProcess(svc);
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
