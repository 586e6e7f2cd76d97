/**
 * How long a Kafka-mode API instance takes to start with a backlog in its hot windows' replay
 * (the last 80 minutes of checks.scored.v1, hot-window-feed.ts). Fills a fresh namespace's
 * checks topic with `--events` check events spread over the last 75 minutes (`--domains`
 * domains, `--accounts` accounts, 35 features each, as the API writes them), then starts a
 * fresh API instance and times it until /readyz answers 200, with its CPU. The replay's span
 * comes from the hot windows' catch-up line, its CPU from the difference with an instance
 * started first on the empty topic: events/s and µs of CPU per event. The readiness time at
 * `--rate` checks/s (80 minutes of them) follows.
 *
 *   npm run build && npm run infra:up && source .kafka-local/env
 *   npx tsx bench/kafka-replay.ts [--events 500000 --rate 1000 --domains 20000 --accounts 60 --profile DIR]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountKey, accountPartition } from '../src/bus/account-partition.ts';
import { createCodecs } from '../src/bus/codecs.ts';
import { openKafkaBus } from '../src/bus/kafka/kafka-bus.ts';
import { confluentRegistry } from '../src/bus/kafka/registry.ts';
import { TOPICS } from '../src/bus/topics.ts';
import type { CheckScored } from '../src/domain/events.ts';
import { topicPlan } from '../src/streams/topic-plan.ts';
import { storesOf, TOPOLOGY } from '../src/streams/topology.ts';
import { numberArg, stringArg } from './lib/cli.ts';
import { startProcess, stopProcess } from './lib/http-load.ts';
import { processCpu } from './lib/thread-cpu.ts';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const EVENTS = numberArg('events', 500_000);
const RATE = numberArg('rate', 1000);
const DOMAINS = numberArg('domains', 20_000);
const ACCOUNTS = numberArg('accounts', 60);
/** Where the backlog instance writes its CPU profile (node --cpu-prof), when given. */
const PROFILE = stringArg('profile');
const { KAFKA_BROKERS, SCHEMA_REGISTRY_URL } = process.env;
if (!KAFKA_BROKERS || !SCHEMA_REGISTRY_URL) {
  console.error('kafka-replay needs a broker and a registry: npm run infra:up && source .kafka-local/env');
  process.exit(2);
}
delete process.env.KAFKA_BROKERS;
delete process.env.SCHEMA_REGISTRY_URL;

const MAIN = join(root, 'dist/src/main.js');
const LISTENING = /"address":"(http:\/\/[^"]+)"[^\n]*mailsift API listening|mailsift API listening[^\n]*"address":"(http:\/\/[^"]+)"/;
const namespace = `replay-${randomBytes(3).toString('hex')}`;
const env = {
  PORT: '0',
  HOST: '127.0.0.1',
  MAILSIFT_API_KEYS: 'replay-key-0123456789abcdef=replay',
  MAILSIFT_DNS: 'off',
  MAILSIFT_FEEDS: 'off',
  MAILSIFT_LOG_LEVEL: 'info',
  MAILSIFT_ROLES: 'api',
  KAFKA_BROKERS,
  SCHEMA_REGISTRY_URL,
  MAILSIFT_SECRET: `bench-secret-${namespace}-0123456789abcdef`,
  MAILSIFT_KAFKA_NAMESPACE: namespace,
};
const quiet = { debug() {}, info() {}, warn() {}, error: (o: object, m?: string) => console.error(m, o) };

const CAUGHT_UP = /"part":"hot windows","ms":(\d+)[^\n]*caught up with the log/;

/**
 * Starts a fresh API instance and waits for /readyz 200: wall ms and CPU s until then, and how
 * long the hot windows' replay took (their catch-up line, printed when it took over 3 s).
 */
async function startUntilReady(name: string, nodeArgs: string[] = []): Promise<{ ms: number; cpuS: number; replayMs?: number }> {
  const dir = mkdtempSync(join(tmpdir(), `ms-replay-${name}-`));
  const t0 = performance.now();
  const p = await startProcess([...nodeArgs, MAIN, 'serve'], { ...env, MAILSIFT_DATA_DIR: dir, MAILSIFT_INSTANCE_ID: `${namespace}-${name}` }, LISTENING);
  try {
    const url = LISTENING.exec(p.output())!.slice(1).find(Boolean)!;
    for (;;) {
      const r = await fetch(`${url}/readyz`).catch(() => undefined);
      await r?.text();
      if (r?.status === 200) break;
      if (performance.now() - t0 > 600_000) throw new Error(`not ready after 10 minutes:\n${p.output()}`);
      await new Promise((res) => setTimeout(res, 100));
    }
    const caught = CAUGHT_UP.exec(p.output());
    return { ms: performance.now() - t0, cpuS: processCpu(p.proc.pid!), ...(caught ? { replayMs: Number(caught[1]) } : {}) };
  } finally {
    await stopProcess(p);
    rmSync(dir, { recursive: true, force: true });
  }
}

function event(i: number, now: number, spanMs: number): CheckScored {
  // A long tail of domains (a few large ones), one inbox per event, an IP for most.
  const d = Math.floor(DOMAINS * Math.random() ** 3);
  const features = Array.from({ length: 35 }, (_, j) => (j % 3 === 0 ? Math.random() : j % 3));
  return {
    check_uuid: randomBytes(16),
    account: `account-${i % ACCOUNTS}`,
    time: now - spanMs + Math.floor((i / EVENTS) * spanMs),
    domain: d < 5 ? ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me'][d]! : `company-${d}.example`,
    inbox_hash: randomBytes(16),
    spelling_hash: randomBytes(16),
    ip_hash: i % 5 === 0 ? null : randomBytes(16),
    local_shape: 'first.last',
    account_type: d < 5 ? 'free' : 'work',
    feature_version: 1,
    features,
    baseline_probability: 0.9,
    served_model: 'baseline',
    served_probability: 0.9,
    learned_probability: null,
    verdict: 'allow',
    bulk: false,
  } as CheckScored;
}

const empty = await startUntilReady('empty');
console.log(`empty topic: ready in ${(empty.ms / 1000).toFixed(1)} s, ${empty.cpuS.toFixed(1)} s CPU`);

const bus = await openKafkaBus({ brokers: KAFKA_BROKERS.split(','), clientId: 'kafka-replay', topics: topicPlan(storesOf(TOPOLOGY), 1), logger: quiet, maxQueueMs: 60_000, namespace });
const codecs = await createCodecs(confluentRegistry(SCHEMA_REGISTRY_URL), undefined, `${namespace}.`);
const t0 = performance.now();
const now = Date.now();
const CHUNK = 2000;
for (let i = 0; i < EVENTS; i += CHUNK) {
  const records = [];
  for (let j = i; j < Math.min(EVENTS, i + CHUNK); j++) {
    const e = event(j, now, 75 * 60_000);
    records.push({ key: accountKey(e.account), value: codecs.checks.encode(e), timestamp: e.time, partition: accountPartition(e.account) });
  }
  await bus.producer().send(TOPICS.checks.name, records);
}
await bus.close();
console.log(`wrote ${EVENTS.toLocaleString('en-US')} check events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const full = await startUntilReady('backlog', PROFILE ? ['--cpu-prof', '--cpu-prof-interval', '500', '--cpu-prof-dir', PROFILE] : []);
console.log(`${EVENTS.toLocaleString('en-US')} events: ready in ${(full.ms / 1000).toFixed(1)} s, ${full.cpuS.toFixed(1)} s CPU`);
if (full.replayMs === undefined) throw new Error('the hot windows printed no catch-up line (replay under 3 s): use more --events');
const perSecond = EVENTS / (full.replayMs / 1000);
const cpuUs = ((full.cpuS - empty.cpuS) * 1e6) / EVENTS;
console.log(`replay: ${(full.replayMs / 1000).toFixed(1)} s, ${Math.round(perSecond).toLocaleString('en-US')} events/s, ${cpuUs.toFixed(1)} µs CPU per event (the process's CPU beyond the empty topic's start)`);
const backlog = RATE * 80 * 60;
console.log(`at ${RATE} checks/s (80 minutes = ${backlog.toLocaleString('en-US')} events): ready in about ${((full.ms - full.replayMs) / 1000 + backlog / perSecond).toFixed(0)} s`);
