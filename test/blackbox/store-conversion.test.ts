/**
 * Issue 19, one record per domain, end to end with the built server: a data dir whose state
 * holds a domain's volume and shapes in the two stores of the version before
 * (domain-volume-7d, domain-shapes-180d; written by that version's aggregations,
 * test/helpers/domain-stores-v1.ts) is converted at start into domain-records-180d, and the old
 * stores' data is deleted once every partition is converted.
 *   - Upgrade: the converted dir answers checks exactly as a copy that never had the old layout.
 *   - SIGKILL in the middle of the conversion: the restarted server ends with the records an
 *     uninterrupted conversion writes, byte for byte.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCodecs } from '../../src/bus/codecs.ts';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../../src/bus/embedded-registry.ts';
import { ALL_TOPICS, TOPICS } from '../../src/bus/topics.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import { DAY, HOUR } from '../../src/domain/time.ts';
import { DOMAIN_RECORDS } from '../../src/streams/aggregations/domain-records-180d.ts';
import { convertedMark } from '../../src/streams/runtime.ts';
import { LevelStore } from '../../src/streams/stores/level-store.ts';
import { CONVERTED_STORES } from '../../src/streams/topology.ts';
import { asBeforeDomainRecords, writeDomainStoresV1 } from '../helpers/domain-stores-v1.ts';
import { aCheck, hash } from '../helpers/pipeline.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { call, startServer, type RunningServer } from '../helpers/server.ts';

// One secret for every dir: the copies share their state's keyed hashes.
const UNLIMITED = { MAILSIFT_RATE_LIMIT_RPS: '10000', MAILSIFT_RATE_LIMIT_BURST: '10000', MAILSIFT_SECRET: 'conversion-test-secret-0123456789abcdef' };
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dirs: string[] = [];
const tempDir = (name: string): string => {
  const d = mkdtempSync(join(tmpdir(), `mailsift-conv-${name}-`));
  dirs.push(d);
  return d;
};
let dns: TestDnsServer | undefined;
afterAll(async () => {
  await dns?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** What a stopped server's state holds: its domain records (key=value hex), the old stores' key counts, the conversion marks. */
async function stateOf(dataDir: string): Promise<{ records: string[]; oldKeys: number[]; marks: number[] }> {
  const db = new LevelStore(join(dataDir, 'state'));
  await db.open([DOMAIN_RECORDS, ...CONVERTED_STORES]);
  try {
    const records = (await db.scan(DOMAIN_RECORDS, Date.now())).map((e) => `${e.key.toString()}=${e.value.toString('hex')}`).sort();
    const oldKeys: number[] = [];
    for (const s of CONVERTED_STORES) {
      let n = 0;
      for await (const b of db.keys(s)) n += b.length;
      oldKeys.push(n);
    }
    return { records, oldKeys, marks: await db.offsets(convertedMark(DOMAIN_RECORDS), TOPICS.checks.partitions) };
  } finally {
    await db.close();
  }
}

/** Every check event in a stopped server's log, oldest first. */
async function checksIn(dataDir: string): Promise<CheckScored[]> {
  const bus = await openEmbeddedBus(join(dataDir, 'log'), ALL_TOPICS);
  try {
    const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
    const out: CheckScored[] = [];
    for (let p = 0; p < TOPICS.checks.partitions; p++) for (const r of await bus.log.read(TOPICS.checks.name, p, 0, 1_000_000)) out.push(await codecs.checks.decode(r.value));
    return out.sort((a, b) => a.time - b.time);
  } finally {
    await bus.close();
  }
}

async function ready(s: RunningServer): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if ((await call(s.url, 'GET', '/readyz', { key: null })).status === 200) return;
    await settle(100);
  }
  throw new Error(`not ready:\n${s.output()}`);
}

const FIRST = ['ana', 'ben', 'cara', 'dan', 'eva', 'finn', 'gia', 'hugo', 'ida', 'jon', 'kim', 'leo'];
const LAST = ['silva', 'berg', 'moreau', 'novak', 'ortiz', 'park', 'quinn', 'rossi'];
const COMPANIES = ['northwind-traders.com', 'contoso-foods.com', 'fabrikam-tools.com'];
/** Company addresses in two shapes (first.last mostly, flast at one domain), and free-mail ones. */
const history = [
  ...COMPANIES.flatMap((d, i) => FIRST.slice(0, 6 + 2 * i).map((f, j) => (i === 2 && j % 2 ? `${f[0]}${LAST[j % LAST.length]}@${d}` : `${f}.${LAST[j % LAST.length]}@${d}`))),
  ...FIRST.slice(0, 5).map((f, j) => `${f}.${LAST[j]}${j}@gmail.com`),
];
const probes = [...COMPANIES.flatMap((d) => [`zoe.walker@${d}`, `zwalker@${d}`, `z7k2q9x@${d}`]), 'zoe.walker77@gmail.com'];
/** What a check answers that the domain's record decides or feeds (the check id and request time left out). */
const counted = (r: Record<string, unknown>) => ({ domain_pattern: r.domain_pattern, human_score: r.human_score, verdict: r.verdict, reasons: r.reasons, recent_signups: r.recent_signups, evidence: r.evidence });

describe('a data dir of the version before one record per domain (volume and shapes in two stores)', () => {
  it('When this build serves it, Then it converts the stores, deletes the old ones, and answers with the same counts as a dir that never had them', async () => {
    // Company domains are told apart by their mail servers: a DNS server answers for them.
    dns = await startDnsServer(Object.fromEntries(COMPANIES.flatMap((d) => [[d, { mx: [[10, `mx.${d}`]] }], [`mx.${d}`, { a: ['192.0.2.10'] }]])));
    const env = { ...UNLIMITED, MAILSIFT_DNS: 'on', MAILSIFT_DNS_SERVERS: dns.server, MAILSIFT_DNS_CANARY: COMPANIES[0]! };
    const native = tempDir('native');
    const a = await startServer(env, native);
    try {
      const r = await call(a.url, 'POST', '/v1/check/bulk', { body: { emails: history } });
      expect(r.status).toBe(200);
      await settle(500);
    } finally {
      expect(await a.stop()).toBe(0);
    }
    const built = await stateOf(native);
    expect(built.records.length).toBe(COMPANIES.length + 1);
    // The same dir as the version before left it: the events in its log written to the two old stores, no record, no marks.
    const upgraded = tempDir('upgraded');
    cpSync(native, upgraded, { recursive: true });
    await asBeforeDomainRecords(join(upgraded, 'state'), await checksIn(native));
    const before = await stateOf(upgraded);
    expect(before.records).toEqual([]);
    expect(before.oldKeys.every((n) => n > 0)).toBe(true);

    const b = await startServer(env, upgraded);
    try {
      await ready(b);
      expect(b.output()).toMatch(/store converted from the stores it replaces/);
      expect(b.output()).toMatch(/every partition converted: the data of the stores it replaces is deleted/);
    } finally {
      expect(await b.stop()).toBe(0);
    }
    const after = await stateOf(upgraded);
    expect(after.records).toEqual(built.records);
    expect(after.oldKeys).toEqual([0, 0]);
    expect(after.marks).toEqual(Array(TOPICS.checks.partitions).fill(1));

    // Both dirs answer the same probes alike.
    const answers: unknown[][] = [];
    for (const dir of [native, upgraded]) {
      const s = await startServer(env, dir);
      try {
        await ready(s);
        const out: unknown[] = [];
        for (const email of probes) {
          const r = await call(s.url, 'POST', '/v1/check', { body: { email, explain: true } });
          expect(r.status).toBe(200);
          out.push(counted(r.body));
        }
        answers.push(out);
        // A restart after the conversion converts and deletes nothing again.
        expect(s.output()).not.toMatch(/store converted from the stores it replaces|earlier version are converted/);
      } finally {
        expect(await s.stop()).toBe(0);
      }
    }
    expect(answers[0]!.map((x) => (x as { domain_pattern?: string }).domain_pattern)).toEqual(expect.arrayContaining(['match', 'mismatch']));
    expect(answers[1]).toEqual(answers[0]);
  }, 240_000);

  it('When the server is killed with SIGKILL in the middle of the conversion, Then the restarted server ends with the records of an uninterrupted conversion', async () => {
    // A state the version before left after 24,000 checks over 12,000 domains (no log: it has expired).
    const T = Date.now() - 3 * HOUR;
    const checks = Array.from({ length: 24_000 }, (_, i) =>
      aCheck({ domain: `d${i % 12_000}.example`, account_type: i % 3 ? 'work' : 'free', inbox_hash: hash(`i${i}`), local_shape: i % 5 ? 'first.last' : 'flast', time: T - (i % 40) * 4 * DAY - (i % 24) * HOUR }),
    ).sort((x, y) => x.time - y.time);
    const old = tempDir('old');
    await writeDomainStoresV1(join(old, 'state'), checks, 500);

    const whole = tempDir('whole');
    cpSync(old, whole, { recursive: true });
    const w = await startServer(UNLIMITED, whole);
    try {
      await ready(w);
    } finally {
      expect(await w.stop()).toBe(0);
    }
    const want = await stateOf(whole);
    expect(want.records.length).toBeGreaterThan(8_000); // domains whose volume expired and that have no shapes have no record
    expect(want.oldKeys).toEqual([0, 0]);

    // Kill between the first committed chunk of the conversion and the marks (its records land
    // in chunks of 4,096, the marks with the last). The delay after the conversion's start line
    // is searched: a kill before the first chunk waits longer next time, one after the marks
    // shorter, each with a fresh copy, so the window is found at any machine load.
    let killedMid = false;
    let [early, late, delay] = [0, Infinity, 150];
    for (let attempt = 0; attempt < 12 && !killedMid; attempt++) {
      const dir = tempDir(`killed${attempt}`);
      cpSync(old, dir, { recursive: true });
      const k = await startServer(UNLIMITED, dir, /earlier version are converted as their partitions are assigned/);
      await settle(delay);
      expect(await k.stop('SIGKILL')).toBe(null);
      const left = await stateOf(dir);
      if (left.records.length === 0) early = delay;
      else if (left.marks.every((m) => m === 1)) late = delay;
      else killedMid = true;
      delay = late === Infinity ? Math.max(2 * early, 50) : Math.floor((early + late) / 2);
      if (!killedMid) continue;
      expect(left.marks.every((m) => m === 0)).toBe(true);
      // Every record may already be written: the last store's keys are mostly ones the first listed
      // (converted then), so the chunk that carries the marks can add none.
      expect(left.records.length).toBeLessThanOrEqual(want.records.length);
      expect(left.oldKeys.every((n) => n > 0)).toBe(true);
      const again = await startServer(UNLIMITED, dir);
      try {
        await ready(again);
      } finally {
        expect(await again.stop()).toBe(0);
      }
      const got = await stateOf(dir);
      expect(got.records).toEqual(want.records);
      expect(got.oldKeys).toEqual([0, 0]);
      expect(got.marks).toEqual(Array(TOPICS.checks.partitions).fill(1));
    }
    expect(killedMid).toBe(true);
  }, 300_000);
});
