/**
 * `npm run bench:pipeline`: drives the embedded pipeline as `npm start` runs it (this thread
 * appends check events to the log like the API does and keeps the short windows in memory as
 * the API thread does, hot-windows.ts; the stream runtime applies every other aggregation in
 * its worker thread) with synthetic check events, and reports what it sustains.
 *   phase 1 (saturation): N checks appended as fast as the runtime keeps up (bounded backlog):
 *            checks/s applied, store size on disk, RSS.
 *   phase 2 (the maximum sustainable rate with the state phase 1 built: paced at the rate phase 1
 *   ended at, then 10% lower each time until lag p99 < 1 s, at most 6 paces): materialisation
 *   lag (append -> stores committed) p50/p99 and the rate achieved at the highest pace held.
 * Events spread over 100,000 domains, 10,000 IPs, 20 accounts, with repeats of inboxes and
 * spellings so every counter does real work.
 *
 *   npm run bench:pipeline [-- --checks 1000000 --paced-seconds 20 --paced-rate 4000 --profile-tail main.cpuprofile --arenas 2 --ip-share 0.75 --registrable]
 * (--paced-rate: pace phase 2 at this one rate instead; --profile-tail: a CPU profile of the main
 * thread over the last tenth of phase 1, for `node --cpu-prof`'s readers; --arenas N: the run
 * under glibc's MALLOC_ARENA_MAX=N, lib/glibc-arenas.ts; --ip-share: the share of checks that
 * carry an IP, 0.75 by default; --registrable: each domain its own registrable domain,
 * example.dN.com, the same length as the default dN.example.com, all of one registrable domain,
 * so the IP window files an IP's inboxes in as many categories as they have domains). The last line gives the peak RSS (VmHWM),
 * what issue 19's memory target reads.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { openEmbeddedBus } from '../src/bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../src/bus/embedded-registry.ts';
import { createCodecs } from '../src/bus/codecs.ts';
import { partitionFor } from '../src/bus/partitioner.ts';
import { ALL_TOPICS, TOPICS } from '../src/bus/topics.ts';
import type { CheckScored } from '../src/domain/events.ts';
import { FEATURE_NAMES } from '../src/model/features.ts';
import { startStreamsThread } from '../src/roles/streams-thread.ts';
import { startHotWindowFeed } from '../src/streams/hot-window-feed.ts';
import { LevelStore } from '../src/streams/stores/level-store.ts';
import { EMBEDDED_TOPOLOGY, storesOf } from '../src/streams/topology.ts';
import { numberArg, stringArg } from './lib/cli.ts';
import { arenasInUse, withArenasAsked } from './lib/glibc-arenas.ts';
import { busyShares, cpuPerUnit, threadCpu, type ThreadCpu } from './lib/thread-cpu.ts';

withArenasAsked();
const N = numberArg('checks', 1_000_000);
const PACED_SECONDS = numberArg('paced-seconds', 20);
const PACED_RATE = numberArg('paced-rate', 0);
const DOMAINS = 100_000;
const IPS = 10_000;
const ACCOUNTS = 20;
const IP_SHARE = numberArg('ip-share', 0.75);
const REGISTRABLE = process.argv.includes('--registrable');
const SEND_BATCH = 200;
const MAX_BACKLOG = 20_000;

// Keyed hashes are opaque 16-byte values to the pipeline: derive them cheaply from counters so
// the benchmark measures the pipeline, not its own event generator.
const h16 = (s: string): Buffer => {
  const b = Buffer.alloc(16);
  b.write(s.slice(-16), 0, 'latin1');
  b.writeUInt32BE(s.length, 12);
  return b;
};
// Feature vectors as checks have them: of the 44 columns about 40 are 0 (a signal absent), 2 are 1
// and 2 lie in between (the eval sets' averages, address columns only), the in-between values
// differing from check to check as real ones do (a pool of 1,009, so snappy cannot fold them).
const FEATURES = Array.from({ length: 1009 }, (_, i) => {
  const x = new Array<number>(FEATURE_NAMES.length).fill(0);
  x[(i * 5) % x.length] = 1;
  x[(i * 11 + 3) % x.length] = 1;
  for (let k = 0; k < i % 5; k++) x[(i * 7 + 13 * k + 1) % x.length] = ((i * 7919 + k * 104729) % 100003) / 100003;
  return x;
});
const SHAPES = ['first.last', 'flast', 'first', 'firstlast+digits', 'other', 'words'];
// Answers as a mix of traffic gives them: mostly allow, one or two reasons, now and then a wave.
const VERDICTS = ['allow', 'allow', 'allow', 'allow', 'allow', 'allow', 'allow', 'review', 'block', 'block'];
const REASONS = [['natural_name', 'free_provider'], ['natural_name', 'work_domain'], ['random_local_part'], ['disposable_domain', 'random_local_part'], ['natural_name'], ['role_account', 'work_domain'], ['many_digits', 'free_provider']];
const WAVE = ['random_local_part', 'signup_wave'];

let seq = 0;
// The default share keeps the earlier rounds' sequence (every fourth check without an IP).
const carriesIp = (i: number): boolean => (IP_SHARE === 0.75 ? i % 4 !== 0 : i % 100 < IP_SHARE * 100);
function event(now: number): CheckScored {
  const i = seq++;
  // Zipf-ish domains: a few big ones, a long tail
  const d = Math.floor(DOMAINS * Math.pow((i * 7919) % 1000003 / 1000003, 2.5));
  const inbox = (i * 104729) % (N / 2);
  return {
    check_uuid: h16(`u${i}`),
    account: `acct${i % ACCOUNTS}`,
    time: now,
    domain: REGISTRABLE ? `example.d${d}.com` : `d${d}.example.com`,
    inbox_hash: h16(`i${inbox}`),
    spelling_hash: h16(`s${inbox}:${i % 3}`),
    ip_hash: carriesIp(i) ? h16(`ip${(i * 31) % IPS}`) : null,
    local_shape: SHAPES[i % SHAPES.length]!,
    account_type: d < 50 ? 'free' : 'work',
    feature_version: 1,
    features: FEATURES[i % FEATURES.length]!,
    baseline_probability: 0.7,
    served_model: 'baseline',
    served_probability: 0.7,
    learned_probability: null,
    verdict: VERDICTS[i % VERDICTS.length]!,
    bulk: false,
    reasons: i % 100 === 0 ? WAVE : REASONS[i % REASONS.length]!,
  };
}

/** The process's peak resident memory (the figure issue 19's target reads), from /proc; '?' elsewhere. */
function peakRssMiB(): string {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? String(Math.round(Number(kb) / 1024)) : '?';
  } catch {
    return '?';
  }
}

const dir = mkdtempSync(join(tmpdir(), 'mailsift-pipeline-bench-'));
const bus = await openEmbeddedBus(join(dir, 'log'), ALL_TOPICS, { multithreading: true });
const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
const state = new LevelStore(join(dir, 'state'), { multithreading: true });
await state.open(storesOf(EMBEDDED_TOPOLOGY));
const thread = await startStreamsThread({ dataDir: dir, logLevel: 'warn', prettyLogs: false, trainIntervalMs: 0 }, state, (moved) => {
  for (const x of moved) bus.log.advanceDurable(x.topic, x.partition, x.end);
});
// As embedded mode does (roles/materialized-state.ts): the worker is handed the checks.
bus.log.handOver([TOPICS.checks.name, TOPICS.feedback.name]);
bus.log.onDurable = (moved) => thread.durable(moved);
const hot = await startHotWindowFeed({
  bus,
  codec: codecs.checks,
  groupId: 'mailsift-hot-windows',
  newestTime: (p) => bus.log.newestTime(TOPICS.checks.name, p),
  now: Date.now,
  onError: (err) => console.error('hot windows failed', err),
});
const producer = bus.producer();
// Applied: by the worker's stores and by the hot windows both.
const appliedChecks = (): number => Math.min(thread.applied('checks').reduce((a, b) => a + b, 0), hot.applied().reduce((a, b) => a + b, 0));

async function send(count: number, onSent?: (positions: { partition: number; offset: number }[], t: number) => void): Promise<void> {
  const now = Date.now();
  const records = Array.from({ length: count }, () => {
    const e = event(now);
    const key = Buffer.from(e.account);
    const value = codecs.checks.encode(e);
    hot.remember(value, e); // as the API's event log does
    return { key, value, timestamp: e.time, partition: partitionFor(key, TOPICS.checks.partitions) };
  });
  const pos = await producer.send(TOPICS.checks.name, records);
  onSent?.(pos, now);
}

// Phase 1: saturation
console.log(`phase 1: ${N.toLocaleString()} checks over ${DOMAINS.toLocaleString()} domains${REGISTRABLE ? ' (each its own registrable domain)' : ''}, ${IPS.toLocaleString()} IPs on ${Math.round(IP_SHARE * 100)}% of them, ${ACCOUNTS} accounts; ${arenasInUse()}`);
const t0 = Date.now();
const cpu0 = threadCpu();
let sent = 0;
let lastReport = t0;
// The rate over the last tenth of the run: what the pipeline sustains at the state size reached.
let tailStart: { at: number; applied: number; cpu: ThreadCpu; gcMs: number } | undefined;
// The main thread's GC pauses (this isolate's; the worker's are its own), and a CPU profile of
// the last tenth on request (--profile-tail <file>): where the thread that keeps the windows goes when phase 1 slows.
let gcMs = 0;
// Where the append loop spent the last tenth: waiting for the runtime (backlog full), or for its appends (generated, encoded, fsynced).
const tailWaits = { backlog: 0, send: 0 };
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
});
gcObserver.observe({ entryTypes: ['gc'] });
const profileTail = stringArg('profile-tail');
const profiler = profileTail ? new Session() : undefined;
while (sent < N) {
  if (!tailStart && appliedChecks() >= N * 0.9) {
    tailStart = { at: Date.now(), applied: appliedChecks(), cpu: threadCpu(), gcMs };
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
  }
  const waitFrom = Date.now();
  while (sent - appliedChecks() > MAX_BACKLOG) await new Promise((r) => setTimeout(r, 2));
  const sendFrom = Date.now();
  const n = Math.min(SEND_BATCH, N - sent);
  await send(n);
  sent += n;
  if (tailStart) {
    tailWaits.backlog += sendFrom - waitFrom;
    tailWaits.send += Date.now() - sendFrom;
  }
  if (Date.now() - lastReport > 10_000) {
    lastReport = Date.now();
    console.log(`  ${sent.toLocaleString()} sent, ${appliedChecks().toLocaleString()} applied, ${Math.round(appliedChecks() / ((Date.now() - t0) / 1000))}/s, rss ${Math.round(process.memoryUsage().rss / 1048576)} MB`);
  }
}
while (appliedChecks() < N) await new Promise((r) => setTimeout(r, 5));
const seconds = (Date.now() - t0) / 1000;
const cpu1 = threadCpu();
const cpuLine = cpuPerUnit(cpu0, cpu1, String(process.pid), N);
const tailLine = tailStart ? busyShares(tailStart.cpu, cpu1, String(process.pid), (Date.now() - tailStart.at) / 1000, gcMs - tailStart.gcMs) : '';
if (profiler && profileTail) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(profileTail, JSON.stringify(profile));
  profiler.disconnect();
}
const rate = N / seconds;
const finalRate = tailStart && Date.now() > tailStart.at ? (N - tailStart.applied) / ((Date.now() - tailStart.at) / 1000) : rate;
const rssMb = Math.round(process.memoryUsage().rss / 1048576);
const du = (p: string): string => execSync(`du -sm ${p}`).toString().split('\t')[0]!;
console.log(`  applied ${N.toLocaleString()} checks (every aggregation) in ${seconds.toFixed(1)} s = ${Math.round(rate)} checks/s on average, ${Math.round(finalRate)}/s over the last tenth`);
console.log(`  ${cpuLine} (main thread: this generator, the log writer and the hot windows)`);
if (tailStart && tailLine) {
  const tailMs = Date.now() - tailStart.at;
  const share = (ms: number): string => `${Math.round((100 * ms) / tailMs)}%`;
  console.log(`  over the last tenth: ${tailLine}; ${cpuPerUnit(tailStart.cpu, cpu1, String(process.pid), N - tailStart.applied)}`);
  console.log(`  the append loop over the last tenth: ${share(tailWaits.backlog)} of the time waiting for the runtime (backlog of ${MAX_BACKLOG.toLocaleString()} full), ${share(tailWaits.send)} in its appends (made, encoded, fsynced), the rest draining the backlog`);
}
console.log(`  RSS ${rssMb} MB; disk: log ${du(join(dir, 'log'))} MB, state ${du(join(dir, 'state'))} MB; hot windows: ${hot.windows.domainSignups.size.toLocaleString()} domains, ${hot.windows.ipSignups.size.toLocaleString()} account IPs`);

// Phase 2: the maximum sustainable rate. Paced at the rate the saturated run ended at, then 10%
// lower each time until lag p99 is under 1 s (at most 6 paces): a backlog lets the runtime work
// in big batches, so what it holds at a steady pace can be lower than its saturated rate.
async function pacedRun(paced: number): Promise<{ p50: number; p99: number; samples: number; achieved: number }> {
  console.log(`phase 2: paced at ${paced} checks/s for ${PACED_SECONDS} s`);
  const lags: number[] = [];
  const waiting: { partition: number; offset: number; t: number }[] = [];
  const offCommit = thread.onCommit(() => {
    const applied = thread.applied('checks');
    const now = Date.now();
    for (let i = waiting.length - 1; i >= 0; i--) {
      const w = waiting[i]!;
      if (applied[w.partition]! > w.offset) {
        lags.push(now - w.t);
        waiting.splice(i, 1);
      }
    }
  });
  const perTick = Math.max(1, Math.round(paced / 100));
  const start = Date.now();
  const end = start + PACED_SECONDS * 1000;
  let next = start;
  let count = 0;
  while (Date.now() < end) {
    await send(perTick, (pos, t) => {
      const last = pos.at(-1)!;
      waiting.push({ partition: last.partition, offset: last.offset, t });
    });
    count += perTick;
    next += 10;
    const wait = next - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  // What was really sent: a send waits for its fsync, so a slow disk paces below the target.
  const achieved = Math.round(count / ((Date.now() - start) / 1000));
  while (waiting.length) await new Promise((r) => setTimeout(r, 5));
  offCommit();
  lags.sort((a, b) => a - b);
  const pct = (p: number): number => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))]!;
  console.log(`  sent ${achieved} checks/s; lag (append -> committed to the stores) p50 ${pct(50)} ms, p99 ${pct(99)} ms over ${lags.length} samples`);
  return { p50: pct(50), p99: pct(99), samples: lags.length, achieved };
}

let paced = PACED_RATE > 0 ? PACED_RATE : Math.floor(finalRate);
let lag = await pacedRun(paced);
for (let tries = 1; PACED_RATE === 0 && lag.p99 >= 1000 && tries < 6; tries++) {
  paced = Math.floor(paced * 0.9);
  lag = await pacedRun(paced);
}
const sustained = lag.p99 < 1000 ? `${lag.achieved}` : `< ${lag.achieved}`;
console.log(`  RSS ${Math.round(process.memoryUsage().rss / 1048576)} MB`);
console.log('\n| checks | checks/s (saturated, average) | checks/s (last tenth) | checks/s paced (achieved) | lag p50 | lag p99 | RSS MB | log MB | state MB |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
console.log(`| ${N.toLocaleString()} | ${Math.round(rate)} | ${Math.round(finalRate)} | ${lag.achieved} | ${lag.p50} ms | ${lag.p99} ms | ${rssMb} | ${du(join(dir, 'log'))} | ${du(join(dir, 'state'))} |`);
console.log(`sustained with lag p99 under 1 s: ${sustained} checks/s`);
const mem = process.memoryUsage();
console.log(`memory (both threads share the process): rss ${Math.round(mem.rss / 1048576)} MB, peak ${peakRssMiB()} MiB (VmHWM), this thread's heap ${Math.round(mem.heapUsed / 1048576)} MB, external ${Math.round(mem.external / 1048576)} MB; ${arenasInUse()}`);
await hot.stop();
await thread.close();
await bus.close();
await state.close();
rmSync(dir, { recursive: true, force: true });
