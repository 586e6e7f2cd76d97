/**
 * Single checks and bulk requests on ONE server, the same addresses, phases alternating in
 * the same window: the CPU per address of each thread (/proc) of `POST /v1/check` at
 * `--inflight` connections against `POST /v1/check/bulk` with `--batch` addresses per request
 * and as many addresses in flight. What a bulk address costs against a single check, with the
 * workload held equal (bench:peers and `npm run bench` differ in DNS, corpus, rate and warmth:
 * docs/architecture.md, issue 19's fifteenth round).
 *
 *   npm run build && npx tsx bench/bulk-single.ts [--seconds 6 --warm 5 --inflight 50 --batch 10 --phases single,bulk,bulk,single --corpus FILE.jsonl --dns HOST:PORT --profile DIR --dist DIR]
 * `--corpus`: JSON lines with the address in `e` (the peers harness' corpus), read in order;
 * default the synthetic addresses of lib/addresses.ts. `--dns`: a DNS server for the server's
 * lookups (e.g. the peers harness' `scripts/dns-server.mjs`); default DNS off, as `npm run
 * bench`. `--profile`: the server under `node --cpu-prof`, the API thread's parts per phase.
 * Every answered address counts, an invalid one (400, or a bulk error entry) too.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { generateAddresses } from './lib/addresses.ts';
import { numberArg, stringArg } from './lib/cli.ts';
import { formatShares, profileShares } from './lib/cpu-profile.ts';
import { BULK_API_PARTS } from './lib/embedded-parts.ts';
import { startProcess, stopProcess } from './lib/http-load.ts';
import { API_LISTENING, benchServeEnv, listeningUrl } from './lib/serve-env.ts';
import { threadCpu, threadSwitches, type ThreadCpu } from './lib/thread-cpu.ts';

const DIST = resolve(stringArg('dist') ?? 'dist');
const SECONDS = numberArg('seconds', 6);
const WARM = numberArg('warm', 5);
const BATCH = numberArg('batch', 10);
const INFLIGHT = numberArg('inflight', 50);
const PHASES = (stringArg('phases') ?? 'single,bulk,bulk,single').split(',');
const CORPUS = stringArg('corpus');
const DNS = stringArg('dns');
const PROFILE = stringArg('profile');
const KEY = 'bench-key-0123456789abcdef';

const emails = CORPUS
  ? readFileSync(CORPUS, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { e: string }).e)
  : generateAddresses(100_000);
let next = 0;
const nextEmail = (): string => emails[next++ % emails.length]!;
const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** `kind` requests for `seconds` with `inflight` addresses in flight (bulk: inflight / batch connections). */
function load(url: string, kind: string, seconds: number, inflight: number): Promise<autocannon.Result> {
  const bulk = kind === 'bulk';
  const body = (): string => (bulk ? JSON.stringify({ emails: Array.from({ length: BATCH }, nextEmail) }) : JSON.stringify({ email: nextEmail() }));
  return new Promise((res, rej) =>
    autocannon(
      {
        url: `${url}/v1/check${bulk ? '/bulk' : ''}`,
        connections: bulk ? Math.max(1, Math.round(inflight / BATCH)) : inflight,
        duration: seconds,
        requests: [{ method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, setupRequest: (req) => ({ ...req, body: body() }) }],
      },
      (err, r) => (err ? rej(err) : res(r)),
    ),
  );
}

/** µs per address: all threads, the API thread, the busiest other (the stream worker), the rest. */
function perAddress(before: ThreadCpu, after: ThreadCpu, pid: number, addresses: number): string {
  const deltas = [...after].map(([tid, s]) => [tid, s - (before.get(tid) ?? 0)] as const);
  const api = deltas.find(([tid]) => tid === String(pid))?.[1] ?? 0;
  const worker = Math.max(0, ...deltas.filter(([tid]) => tid !== String(pid)).map(([, s]) => s));
  const all = deltas.reduce((sum, [, s]) => sum + s, 0);
  const us = (s: number): number => Math.round((s * 1e6) / addresses);
  return `CPU µs per address ${us(all)} (API thread ${us(api)}, stream worker ${us(worker)}, the rest ${us(all - api - worker)})`;
}

const perHundred = (n: number, addresses: number): string => ((100 * n) / Math.max(1, addresses)).toFixed(1);

const dataDir = mkdtempSync(join(tmpdir(), 'ms-bulk-single-'));
const prof = PROFILE ? ['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', PROFILE] : [];
if (PROFILE) rmSync(PROFILE, { recursive: true, force: true });
const svc = await startProcess([...prof, join(DIST, 'src/main.js'), 'serve'], benchServeEnv(`${KEY}=bench`, { MAILSIFT_DATA_DIR: dataDir, ...(DNS ? { MAILSIFT_DNS: 'on', MAILSIFT_DNS_SERVERS: DNS } : {}) }), API_LISTENING);
const windows: { kind: string; fromUs: number; toUs: number; addresses: number }[] = [];
try {
  const url = listeningUrl(svc.output());
  const pid = svc.proc.pid!;
  // Both paths compiled before the first measured phase (a fresh server is still compiling).
  await load(url, 'single', WARM, 50);
  await load(url, 'bulk', WARM, 50);
  for (const kind of PHASES) {
    const before = threadCpu(pid);
    const switches = threadSwitches(pid);
    const fromUs = nowUs();
    const r = await load(url, kind, SECONDS, INFLIGHT);
    const toUs = nowUs();
    const after = threadCpu(pid);
    const switched = threadSwitches(pid);
    const addresses = kind === 'bulk' ? r['2xx'] * BATCH : r['2xx'] + r.non2xx;
    windows.push({ kind, fromUs, toUs, addresses });
    const rate = Math.round(addresses / ((toUs - fromUs) / 1e6));
    console.log(`${kind}: ${rate} addresses/s, request p50 ${r.latency.p50} ms p99 ${r.latency.p99} ms; ${perAddress(before, after, pid, addresses)}; API thread switches per 100 addresses: ${perHundred(switched.voluntary - switches.voluntary, addresses)} slept, ${perHundred(switched.preempted - switches.preempted, addresses)} preempted`);
  }
} finally {
  await stopProcess(svc);
  rmSync(dataDir, { recursive: true, force: true });
}
if (PROFILE) {
  const api = readdirSync(PROFILE).filter((f) => /\.0\.\d+\.cpuprofile$/.test(f));
  for (const f of api) for (const w of windows) console.log(`\n${formatShares(`${w.kind} phase, API thread`, profileShares(join(PROFILE, f), BULK_API_PARTS, w, 25), w.addresses).replace(/per check/g, 'per address')}`);
}
