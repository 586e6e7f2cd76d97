/**
 * `npm run bench:peers`: Mailsift's bulk endpoint over HTTP beside the peer libraries of
 * ../shared/bench/peers (deep-email-validator, @devmehq/email-validator-js, in-process), on the
 * same corpus, the same generated DNS zone served by the same loopback DNS server, at the same
 * concurrency. Each run gets a fresh DNS server (its query count is the run's) and, for
 * Mailsift, a fresh server process (cold DNS cache). Mailsift's bulk is measured twice: on a
 * fresh server, and on a warm one (`mailsift-warm`: the same kind of fresh server first given as
 * many other corpus rows, at none of the measured rows' domains, so it has compiled its code but
 * makes the same DNS lookups); the target ratio is the warm one's. `mailsift check-file` runs on the same corpus
 * (as JSON lines) against its own fresh server, so the list-cleaning command's rate is in the table too. Prints addresses/s, p50/p99, DNS queries,
 * and what each says about domains by zone kind (the peers accept null-MX domains; Mailsift
 * must not).
 *
 *   npm run bench:peers [-- --repeats 1 --concurrency 50 --limit 10000 --runners mailsift,mailsift-warm,check-file,deep-email-validator,devmehq --dist DIR --profile DIR --warm-passes 1 --node-args ARGS]
 * `--limit`: the measured corpus rows (default 10,000, the size of every figure in
 * docs/architecture.md; 0: all of them, which leaves the warm server no rows to warm up on, so
 * only with `--runners` without mailsift-warm). PEERS_DIR: the harness (default ../shared/bench/peers); it is copied to .tmp/peers and its
 * pinned dependencies installed there once. `--runners`: which rows to run (default all; the
 * ratio line needs a peer). `--dist`: another build's dist/ for Mailsift's rows (a before/after
 * pair in one window). `--profile`: the bulk runners' servers (fresh and warm) under `node
 * --cpu-prof`, their threads' shares of named parts within the measured pass printed, profiles
 * kept there. `--warm-passes`: how many times the warm server is given its warm-up rows (more:
 * a server whose compiler has settled, as after days of service). The
 * server's CPU per address of each thread (/proc) is printed for the bulk runner. `--node-args
 * "--trace-gc ..."`: node options of Mailsift's servers (BENCH_DEBUG=1 prints their output).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatShares, profileShares } from './lib/cpu-profile.ts';
import { BULK_API_PARTS, WORKER_PARTS } from './lib/embedded-parts.ts';
import { startProcess, stopProcess, type Started } from './lib/http-load.ts';
import { median, numberArg, stringArg } from './lib/cli.ts';
import { LIFTED_RATE_LIMITS } from './lib/serve-env.ts';
import { cpuPerUnit, processCpu, threadCpu, threadSwitches } from './lib/thread-cpu.ts';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const REPEATS = numberArg('repeats', 1);
const CONCURRENCY = numberArg('concurrency', 50);
const LIMIT = numberArg('limit', 10_000);
const DNS_PORT = 15353;
const KEY = 'peers-bench-key-0123456789';
const ALL_PEERS = ['deep-email-validator', 'devmehq'];
const RUNNERS = (stringArg('runners') ?? ['mailsift', 'mailsift-warm', 'check-file', ...ALL_PEERS].join(',')).split(',');
const PEERS = ALL_PEERS.filter((p) => RUNNERS.includes(p));
const DIST = resolve(stringArg('dist') ?? join(root, 'dist'));
const PROFILE = stringArg('profile');
const WARM_PASSES = numberArg('warm-passes', 1);
const NODE_ARGS = (stringArg('node-args') ?? '').split(' ').filter(Boolean);
const src = resolve(process.env.PEERS_DIR ?? join(root, '..', 'shared', 'bench', 'peers'));
if (!existsSync(join(src, 'lib', 'harness.mjs'))) {
  console.error(`bench:peers: no peers harness at ${src} (set PEERS_DIR)`);
  process.exit(2);
}

const work = join(root, '.tmp', 'peers');
if (!existsSync(join(work, 'lib', 'harness.mjs'))) {
  mkdirSync(work, { recursive: true });
  cpSync(src, work, { recursive: true, filter: (p) => !/\/(node_modules|out)(\/|$)/.test(p.slice(src.length)) });
}
if (!existsSync(join(work, 'node_modules'))) execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: work, stdio: 'inherit' });
if (!existsSync(join(work, 'data', 'corpus.jsonl'))) {
  execFileSync(process.execPath, ['scripts/gen-zone.mjs'], { cwd: work, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/gen-corpus.mjs'], { cwd: work, stdio: 'inherit' });
}
cpSync(join(root, 'bench', 'peers', 'mailsift-runner.mjs'), join(work, 'runners', 'mailsift.mjs'));
const out = join(work, 'out-mailsift');
mkdirSync(out, { recursive: true });

/** A fresh DNS server on DNS_PORT, its query count written to dns-TAG.json when stopped. */
async function startDns(tag: string): Promise<() => Promise<void>> {
  const statsFile = join(out, `dns-${tag}.json`);
  const readyFile = join(out, `dns-${tag}.ready`);
  rmSync(readyFile, { force: true });
  const dns = spawn(process.execPath, ['scripts/dns-server.mjs', '--port', String(DNS_PORT), '--stats', statsFile, '--ready', readyFile, '--max-seconds', '900'], { cwd: work, stdio: 'ignore' });
  const stop = async (): Promise<void> => {
    if (dns.exitCode !== null || dns.signalCode !== null) return;
    const exited = new Promise((r) => dns.once('exit', r));
    dns.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; !existsSync(readyFile); i++) {
    if (i > 150) {
      await stop();
      throw new Error('DNS server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return stop;
}

async function withDns<T>(tag: string, body: () => Promise<T>): Promise<T> {
  const stop = await startDns(tag);
  try {
    return await body();
  } finally {
    await stop();
  }
}

interface RunResult {
  addrs_per_s: number;
  completed: number;
  errors: number;
  latency_ms: { p50: number; p99: number };
  byKind: Record<string, Record<string, number>>;
  server_cpu_s?: number;
  queries: number;
}

function runRunner(runner: string, tag: string, env: Record<string, string>, corpus?: string): RunResult {
  const file = join(out, `run-${tag}.json`);
  const args = ['--expose-gc', '--import', './lib/net-guard.mjs', '--import', './lib/local-dns.mjs', `runners/${runner}.mjs`, '--concurrency', String(CONCURRENCY), '--out', file];
  if (LIMIT) args.push('--limit', String(LIMIT));
  if (corpus) args.push('--corpus', corpus);
  execFileSync(process.execPath, args, { cwd: work, stdio: 'inherit', env: { ...process.env, BENCH_DNS_PORT: String(DNS_PORT), BENCH_NETGUARD_LOG: join(out, 'netguard.jsonl'), ...env }, timeout: 900_000 });
  return JSON.parse(readFileSync(file, 'utf8')) as RunResult;
}

/**
 * `mailsift check-file` on the same corpus (its JSON lines, `--jsonl`) against the same kind of
 * fresh server: the list-cleaning command's addresses/s beside the bulk runner's, in one run.
 */
function runCheckFile(url: string): RunResult {
  const corpus = join(work, 'data', 'corpus.jsonl');
  const input = join(out, 'check-file-in.jsonl');
  const lines = readFileSync(corpus, 'utf8').split('\n').filter(Boolean);
  writeFileSync(input, `${(LIMIT ? lines.slice(0, LIMIT) : lines).join('\n')}\n`);
  const output = join(out, 'check-file-out.jsonl');
  rmSync(output, { force: true });
  rmSync(`${output}.pending`, { force: true });
  const t0 = process.hrtime.bigint();
  execFileSync(process.execPath, [join(DIST, 'src/main.js'), 'check-file', input, '--jsonl', '--column', 'e', '--out', output], { stdio: 'inherit', env: { ...process.env, MAILSIFT_URL: url, MAILSIFT_API_KEY: KEY }, timeout: 900_000 });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const n = readFileSync(output, 'utf8').split('\n').filter(Boolean).length;
  return { addrs_per_s: Math.round(n / s), completed: n, errors: 0, latency_ms: { p50: 0, p99: 0 }, byKind: {}, queries: 0 };
}

/**
 * The warm server's warm-up: as many corpus rows as the measured pass, from after it, at none of
 * its domains. The server has then compiled its hot code (a fresh server spends ~200 µs per
 * address of a 10,000-address run on V8's compiler threads), but its DNS cache holds no domain
 * of the measured rows: the measured pass makes the same lookups as on a cold server.
 */
function warmUpCorpus(): string {
  const rows = readFileSync(join(work, 'data', 'corpus.jsonl'), 'utf8').split('\n').filter(Boolean);
  const domainsOf = (line: string): string[] => {
    const r = JSON.parse(line) as { e: string; d: string | null };
    return [r.d ?? '', r.e.slice(r.e.lastIndexOf('@') + 1).trim().toLowerCase()];
  };
  const measured = LIMIT ? rows.slice(0, LIMIT) : rows;
  const taken = new Set(measured.flatMap(domainsOf));
  const warm = rows.slice(measured.length).filter((line) => !domainsOf(line).some((dom) => taken.has(dom))).slice(0, measured.length);
  if (warm.length === 0) {
    // The harness cannot time an empty run; say what to change instead of failing inside it.
    console.error(`bench:peers: the warm server needs corpus rows after the ${measured.length} measured ones at none of their domains, and none are left: pass a smaller --limit (10000 as documented) or leave mailsift-warm out of --runners`);
    process.exit(2);
  }
  const file = join(out, 'warm-up.jsonl');
  writeFileSync(file, `${warm.join('\n')}\n`);
  console.log(`warm-up: ${warm.length} corpus rows after the measured ones, at none of their domains`);
  return file;
}

const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** The profiled server's threads (API first, then the stream worker), within the runner's window. */
function printProfiles(dir: string, window: { fromUs: number; toUs: number }, addresses: number): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort();
  for (const f of files) {
    const main = /\.0\.\d+\.cpuprofile$/.test(f) || files.length === 1;
    const shares = profileShares(join(dir, f), main ? BULK_API_PARTS : WORKER_PARTS, window);
    if (shares.busyUs > 0) console.log(`\n${formatShares(`${main ? 'API thread' : 'worker thread'} (${f})`, shares, addresses).replace(/per check/g, 'per address')}`);
  }
  console.log(`\nprofiles in ${dir}`);
}

interface Served {
  url: string;
  pid: number;
}

/**
 * A fresh Mailsift server (fresh data dir, cold DNS cache) for `body`, which gets it and runs
 * its own DNS servers (the resolver's address stays the same port).
 */
async function withMailsift<T>(profiled: boolean, body: (svc: Served) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'ms-peers-'));
  let svc: Started | undefined;
  try {
    if (profiled) rmSync(PROFILE!, { recursive: true, force: true });
    const prof = profiled ? ['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', PROFILE!] : [];
    svc = await startProcess([...prof, ...NODE_ARGS, join(DIST, 'src/main.js'), 'serve'], {
      PORT: '0',
      HOST: '127.0.0.1',
      MAILSIFT_DATA_DIR: dir,
      MAILSIFT_API_KEYS: `${KEY}=peers`,
      MAILSIFT_DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
      MAILSIFT_FEEDS: 'off',
      MAILSIFT_LOG_LEVEL: 'info',
      ...LIFTED_RATE_LIMITS,
    }, /"address":"(http:\/\/[^"]+)"/);
    const result = await body({ url: svc.url, pid: svc.proc.pid! });
    await stopProcess(svc);
    return result;
  } finally {
    await stopProcess(svc);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One measured pass against a running Mailsift: its server CPU, per thread for the bulk runners. */
function measureMailsift(runner: string, tag: string, svc: Served, profiled: boolean): RunResult {
  const cpu0 = processCpu(svc.pid);
  const threads0 = threadCpu(svc.pid);
  const switches0 = threadSwitches(svc.pid);
  const fromUs = nowUs();
  const res = runner === 'check-file' ? runCheckFile(svc.url) : runRunner('mailsift', tag, { MAILSIFT_URL: svc.url, MAILSIFT_KEY: KEY });
  const toUs = nowUs();
  const cpu = Math.round((processCpu(svc.pid) - cpu0) * 10) / 10;
  if (runner !== 'check-file') {
    const threads1 = threadCpu(svc.pid);
    const byThread = [...threads1].map(([tid, s]) => [tid, s - (threads0.get(tid) ?? 0)] as const).filter(([, s]) => s > 0).map(([tid, s]) => `${tid === String(svc.pid) ? 'main' : tid} ${Math.round((s * 1e6) / res.completed)}`);
    const switches1 = threadSwitches(svc.pid);
    const perHundred = (n: number): string => ((100 * n) / Math.max(1, res.completed)).toFixed(1);
    console.log(`${runner} bulk server: ${cpuPerUnit(threads0, threads1, String(svc.pid), res.completed).replace('per check', 'per address')}; µs per address by thread (in start order): ${byThread.join(', ')}; API thread switches per 100 addresses: ${perHundred(switches1.voluntary - switches0.voluntary)} slept, ${perHundred(switches1.preempted - switches0.preempted)} preempted`);
  }
  if (profiled) profileWindow = { fromUs, toUs, addresses: res.completed };
  return { ...res, server_cpu_s: cpu };
}

let profileWindow: { fromUs: number; toUs: number; addresses: number } | undefined;

const results: Record<string, RunResult[]> = {};
for (let rep = 1; rep <= REPEATS; rep++) {
  for (const runner of RUNNERS) {
    const tag = `${runner}-c${CONCURRENCY}-r${rep}`;
    let r: RunResult;
    if (runner === 'mailsift' || runner === 'check-file') {
      const profiled = PROFILE !== undefined && runner === 'mailsift';
      r = await withDns(tag, () => withMailsift(profiled, async (svc) => measureMailsift(runner, tag, svc, profiled)));
    } else if (runner === 'mailsift-warm') {
      // Mailsift probes its resolver when it starts (dns/canary.ts), so a DNS server answers
      // from before it starts; the measured pass gets a fresh one (its own query count).
      const warmUp = warmUpCorpus();
      const profiled = PROFILE !== undefined;
      let stopDns = await startDns(`${tag}-warm-up`);
      try {
        r = await withMailsift(profiled, async (svc) => {
          for (let pass = 0; pass < WARM_PASSES; pass++) runRunner('mailsift', `${tag}-warm-up`, { MAILSIFT_URL: svc.url, MAILSIFT_KEY: KEY }, warmUp);
          await stopDns();
          stopDns = await startDns(tag);
          return measureMailsift(runner, tag, svc, profiled);
        });
      } finally {
        await stopDns();
      }
    } else {
      r = await withDns(tag, async () => runRunner(runner, tag, {}));
    }
    if (profileWindow) printProfiles(PROFILE!, profileWindow, profileWindow.addresses);
    profileWindow = undefined;
    const stats = JSON.parse(readFileSync(join(out, `dns-${tag}.json`), 'utf8')) as { queries: number };
    (results[runner] ??= []).push({ ...r, queries: stats.queries });
  }
}

const KINDS = ['mx', 'a_only', 'null_mx', 'nxdomain', 'unlisted'];
// Whether a run said "deliverable" for an address: Mailsift's deliverable_domain, a peer's valid verdict.
const said = (runner: string, counts: Record<string, number>): string => {
  const total = Object.values(counts).reduce((s, n) => s + n, 0);
  const yes = runner.startsWith('mailsift') ? (counts['deliverable:true'] ?? 0) : (counts.valid ?? 0);
  return total ? ((100 * yes) / total).toFixed(1) : '-';
};
const lines: string[] = [];
lines.push(`corpus ${LIMIT || 'all'} addresses, concurrency ${CONCURRENCY}, ${REPEATS} repetition(s), medians`);
lines.push('');
lines.push(`| runner | addresses/s | p50 ms | p99 ms | DNS queries | ${KINDS.map((k) => `${k} %`).join(' | ')} |`);
lines.push(`|---|---:|---:|---:|---:|${KINDS.map(() => '---:').join('|')}|`);
for (const [runner, rs] of Object.entries(results)) {
  // Zone-kind shares come from one run: the one closest to the median throughput.
  const m0 = median(rs.map((x) => x.addrs_per_s));
  const mid = rs.reduce((a, b) => (Math.abs(b.addrs_per_s - m0) < Math.abs(a.addrs_per_s - m0) ? b : a));
  const cpu = mid.server_cpu_s !== undefined ? `, server ${mid.server_cpu_s} CPU s` : '';
  const name = runner === 'mailsift' ? `mailsift (HTTP bulk, fresh server${cpu})` : runner === 'mailsift-warm' ? `mailsift (HTTP bulk, warm server: after a warm-up at other domains${cpu})` : runner === 'check-file' ? `mailsift check-file (CLI, bulk requests of 1,000${cpu}; no latency per address)` : `${runner} (in-process)`;
  lines.push(`| ${name} | ${median(rs.map((r) => r.addrs_per_s))} | ${median(rs.map((r) => r.latency_ms.p50))} | ${median(rs.map((r) => r.latency_ms.p99))} | ${median(rs.map((r) => r.queries))} | ${KINDS.map((k) => said(runner, mid.byKind[k] ?? {})).join(' | ')} |`);
}
lines.push('');
lines.push('Zone-kind columns: share of addresses at domains of that kind said deliverable (Mailsift: deliverable_domain true; peers: valid).');
lines.push('Truth: mx and a_only (RFC 5321 implicit MX) receive mail; null_mx (RFC 7505), nxdomain and unlisted do not.');
const ms = results.mailsift?.[0];
if (ms) {
  const nulls = Object.values(ms.byKind).reduce((s, c) => s + (c['deliverable:null'] ?? 0), 0);
  lines.push(`Mailsift deliverable_domain null (DNS could not tell) on ${nulls} addresses; errors ${ms.errors}.`);
  let agree = 0;
  let judged = 0;
  for (const [kind, c] of Object.entries(ms.byKind)) {
    const truth = kind === 'mx' || kind === 'a_only' ? 'true' : ['null_mx', 'nxdomain', 'unlisted'].includes(kind) ? 'false' : undefined;
    if (!truth) continue;
    judged += (c['deliverable:true'] ?? 0) + (c['deliverable:false'] ?? 0);
    agree += c[`deliverable:${truth}`] ?? 0;
  }
  lines.push(`Mailsift deliverable_domain agrees with the zone on ${agree} of ${judged} syntactically valid addresses (${((100 * agree) / judged).toFixed(2)}%); syntax errors are answered as bulk error entries.`);
}
const fastest = Math.max(...PEERS.map((p) => median((results[p] ?? []).map((r) => r.addrs_per_s))));
const fewest = Math.min(...PEERS.map((p) => median((results[p] ?? []).map((r) => r.queries))));
// The target (issue 19) is the warm server's ratio: a service runs for days, and the fresh
// server's extra is its compiling, a constant per process, not a cost per address; the fresh
// server's ratio is printed too.
for (const [runner, label] of [['mailsift-warm', 'warm server (the target)'], ['mailsift', 'fresh server']] as const) {
  const m = results[runner];
  if (m && PEERS.length) lines.push(`Mailsift over HTTP, ${label} / fastest peer in-process: ${((median(m.map((r) => r.addrs_per_s)) / fastest) * 100).toFixed(0)}% throughput; DNS queries ${median(m.map((r) => r.queries))} vs the fewest peer's ${fewest}.`);
}
console.log(`\n${lines.join('\n')}`);
writeFileSync(join(out, 'table.md'), `${lines.join('\n')}\n`);
