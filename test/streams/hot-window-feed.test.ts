import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCodecs } from '../../src/bus/codecs.ts';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../../src/bus/embedded-registry.ts';
import { partitionFor } from '../../src/bus/partitioner.ts';
import { ALL_TOPICS, TOPICS } from '../../src/bus/topics.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import { MINUTE } from '../../src/domain/time.ts';
import { total } from '../../src/streams/aggregations/distinct-counter.ts';
import { domainCategory, IP_RATE_WINDOW_MS } from '../../src/streams/aggregations/ip-signups-1h.ts';
import { accountHashKey } from '../../src/streams/stores/key-layout.ts';
import { startHotWindowFeed, type HotWindowFeed } from '../../src/streams/hot-window-feed.ts';
import { aCheck, hash, removeDir } from '../helpers/pipeline.ts';

const T = Date.UTC(2026, 10, 21, 12);
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

/** `kind`: 'kafka' runs the feed as in Kafka mode (own events by position, not by Buffer) over the same log. */
async function openLog(dir: string, kind: 'embedded' | 'kafka' = 'embedded') {
  const embedded = await openEmbeddedBus(join(dir, 'log'), ALL_TOPICS);
  const bus = kind === 'kafka' ? { ...embedded, kind } : embedded;
  const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
  const decoded: Buffer[] = [];
  const feed = (): Promise<HotWindowFeed> =>
    startHotWindowFeed({
      bus,
      codec: { ...codecs.checks, decode: (b: Buffer) => (decoded.push(b), codecs.checks.decode(b)) },
      groupId: 'mailsift-hot-windows',
      ...(kind === 'embedded' ? { newestTime: (p: number) => bus.log.newestTime(TOPICS.checks.name, p) } : {}),
      now: () => T,
      onError: () => undefined,
    });
  const send = async (e: CheckScored, remember?: HotWindowFeed): Promise<void> => {
    const key = Buffer.from(e.account);
    const value = codecs.checks.encode(e);
    remember?.remember(value, e);
    await bus.producer().send(TOPICS.checks.name, [{ key, value, timestamp: e.time, partition: partitionFor(key, TOPICS.checks.partitions) }]);
  };
  return { bus, codecs, feed, send, decoded };
}

const ip = hash('ip-1');
const counts = (f: HotWindowFeed, at: number) => ({
  wave: total(f.windows.domainSignups.counts(Buffer.from('wave.example'), at, [])),
  acmeIp: total(f.windows.ipSignups.counts(accountHashKey('acme', ip), at, [])),
  globexIp: total(f.windows.ipSignups.counts(accountHashKey('globex', ip), at, [])),
});
/** With the IP's rate: the same sets over their last 10 minutes (what ip_burst judges). */
const withRate = (f: HotWindowFeed, at: number) => ({ ...counts(f, at), acmeIpRate: f.windows.ipSignups.total(accountHashKey('acme', ip), at, [], IP_RATE_WINDOW_MS) });

describe('hot window feed (Given checks in the log, When the windows are fed and rebuilt, Then they count the same)', () => {
  it('counts what is written to the log, and a restart (even after a kill: nothing but the log is kept) reads back only the last retention of it, counting the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-hot-'));
    dirs.push(dir);
    const a = await openLog(dir);
    const live = await a.feed();
    // Three hours of checks, one a minute, from two accounts at one IP and one domain.
    for (let m = 0; m < 180; m++) {
      await a.send(aCheck({ account: m % 3 ? 'acme' : 'globex', domain: 'wave.example', inbox_hash: hash(`in${m % 50}`), ip_hash: ip, time: T - 180 * MINUTE + m * MINUTE }));
    }
    expect(await live.caughtUp(10_000)).toBe(true);
    const before = { now: withRate(live, T), earlier: withRate(live, T - 30 * MINUTE) };
    // The last 10 minutes (10 inboxes, acme's 7 of them); the last hour: acme's 40 checks hold 3 repeated inboxes, globex's 20 none.
    expect(before.now).toEqual({ wave: 10, acmeIp: 37, acmeIpRate: 7, globexIp: 20 });
    // No stop: a process killed keeps nothing; the next start rebuilds from the log.
    const restarted = await a.feed();
    expect(await restarted.caughtUp(10_000)).toBe(true);
    expect({ now: withRate(restarted, T), earlier: withRate(restarted, T - 30 * MINUTE) }).toEqual(before);
    // It read the last 80 minutes (the IP hour's retention), not three hours.
    const read = restarted.applied().reduce((s, n) => s + n, 0) - (await Promise.all(restarted.applied().map((_, p) => a.bus.log.offsetForTime(TOPICS.checks.name, p, T - 180 * MINUTE + 100 * MINUTE)))).reduce((s, n) => s + n, 0);
    expect(read).toBe(80);
    // New checks reach both.
    await a.send(aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('newcomer'), ip_hash: ip, time: T }));
    expect(await restarted.caughtUp(10_000)).toBe(true);
    expect(withRate(restarted, T)).toEqual({ wave: 11, acmeIp: 38, acmeIpRate: 8, globexIp: 20 });
    await live.stop();
    await restarted.stop();
    await a.bus.close();
  });

  it("an IP's domains of its 10 minutes (ip_burst's spread) are rebuilt from the log alike: a restart reads the same categories", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-hot-'));
    dirs.push(dir);
    const a = await openLog(dir);
    const live = await a.feed();
    const domains = Array.from({ length: 12 }, (_, i) => `shop${i}.example`);
    // 24 people in 8 minutes at 12 domains, behind one IP.
    for (let i = 0; i < 24; i++) await a.send(aCheck({ account: 'acme', domain: domains[i % 12]!, inbox_hash: hash(`p${i}`), ip_hash: ip, time: T - 8 * MINUTE + i * 20_000 }));
    expect(await live.caughtUp(10_000)).toBe(true);
    const spread = (f: HotWindowFeed) => f.windows.ipSignups.spread(accountHashKey('acme', ip), T, [], IP_RATE_WINDOW_MS);
    const before = spread(live);
    expect(before).toEqual({ members: 24, categories: new Set(domains.map(domainCategory)).size });
    const restarted = await a.feed();
    expect(await restarted.caughtUp(10_000)).toBe(true);
    expect(spread(restarted)).toEqual(before);
    await live.stop();
    await restarted.stop();
    await a.bus.close();
  });

  it("the events this thread writes are taken as they are, not decoded again; one remembered but never written never counts", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-hot-'));
    dirs.push(dir);
    const a = await openLog(dir);
    const f = await a.feed();
    await a.send(aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('mine'), ip_hash: ip, time: T }), f);
    await a.send(aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('other'), ip_hash: ip, time: T })); // another writer's
    f.remember(a.codecs.checks.encode(aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('withdrawn'), time: T })), aCheck({ inbox_hash: hash('withdrawn') }));
    expect(await f.caughtUp(10_000)).toBe(true);
    expect(counts(f, T)).toEqual({ wave: 2, acmeIp: 2, globexIp: 0 });
    expect(a.decoded).toHaveLength(1);
    await f.stop();
    await a.bus.close();
  });

  it('Kafka mode: an own event is taken by its position, not decoded again; a position never written never counts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-hot-'));
    dirs.push(dir);
    const a = await openLog(dir, 'kafka');
    const f = await a.feed();
    const at = async (e: CheckScored): Promise<[number, number]> => {
      const p = partitionFor(Buffer.from(e.account), TOPICS.checks.partitions);
      return [p, (await a.bus.endOffsets(TOPICS.checks.name))[p]!];
    };
    const mine = aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('mine'), ip_hash: ip, time: T });
    const [p, offset] = await at(mine);
    f.rememberAt(p, offset, mine);
    await a.send(mine);
    await a.send(aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('other'), ip_hash: ip, time: T })); // another writer's
    f.rememberAt(p, offset + 5, aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('withdrawn'), ip_hash: ip, time: T }));
    expect(await f.caughtUp(10_000)).toBe(true);
    expect(counts(f, T)).toEqual({ wave: 2, acmeIp: 2, globexIp: 0 });
    expect(a.decoded).toHaveLength(1);
    await f.stop();
    await a.bus.close();
  });

  it('a log that lost its records behind the state (ends moved past them): waits at the ends, caught up, and counts what comes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-hot-'));
    dirs.push(dir);
    const a = await openLog(dir);
    for (let p = 0; p < TOPICS.checks.partitions; p++) a.bus.log.skipTo(TOPICS.checks.name, p, 40);
    const f = await a.feed();
    expect(f.applied().every((n) => n === 40)).toBe(true);
    expect(await f.caughtUp(2_000)).toBe(true);
    await a.send(aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('a'), ip_hash: ip, time: T }));
    expect(await f.caughtUp(10_000)).toBe(true);
    expect(counts(f, T)).toEqual({ wave: 1, acmeIp: 1, globexIp: 0 });
    await f.stop();
    await a.bus.close();
  });

  it('an empty log: nothing to replay, then every check counts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-hot-'));
    dirs.push(dir);
    const a = await openLog(dir);
    const f = await a.feed();
    expect(f.applied().every((n) => n === 0)).toBe(true);
    await a.send(aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('a'), ip_hash: ip, time: T }));
    expect(await f.caughtUp(10_000)).toBe(true);
    expect(counts(f, T)).toEqual({ wave: 1, acmeIp: 1, globexIp: 0 });
    await f.stop();
    await a.bus.close();
  });
});
