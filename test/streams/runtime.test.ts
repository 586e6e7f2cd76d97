import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS } from '../../src/bus/topics.ts';
import type { CheckLabelled } from '../../src/domain/events.ts';
import { DAY } from '../../src/domain/time.ts';
import { dayOf } from '../../src/streams/aggregations/usage-daily.ts';
import { OwnEvents } from '../../src/streams/own-events.ts';
import { createQueries } from '../../src/streams/queries.ts';
import { partitionFor } from '../../src/bus/partitioner.ts';
import { aCheck, aFeedback, embeddedBusFactory, hash, openPipeline, removeDir, type BusFactory, type Pipeline } from '../helpers/pipeline.ts';
import type { BusProducer } from '../../src/bus/ports.ts';
import { ChangeLoggingStore } from '../../src/streams/stores/changelogging-store.ts';
import { INBOX_RECORDS } from '../../src/streams/aggregations/inbox-records-90d.ts';
import { builtMark } from '../../src/streams/runtime.ts';
import type { LevelStore } from '../../src/streams/stores/level-store.ts';
import { forgetStore } from '../helpers/forget-store.ts';
import { asBeforeDomainRecords } from '../helpers/domain-stores-v1.ts';
import { DOMAIN_RECORDS } from '../../src/streams/aggregations/domain-records-180d.ts';
import { convertedMark } from '../../src/streams/runtime.ts';
import { WrappedStore } from '../../src/streams/stores/wrapped-store.ts';
import type { CommittedPosition, StateStore } from '../../src/streams/stores/state-store.ts';
import type { PendingWrite } from '../../src/streams/stores/tx.ts';
import type { StoreSpec } from '../../src/streams/stores/store-spec.ts';
import type { Bus, OutRecord } from '../../src/bus/ports.ts';
import { APP_ID, changelogTopic } from '../../src/bus/topics.ts';
import { CONVERTED_STORES, TOPOLOGY } from '../../src/streams/topology.ts';
import { decodeStoreKey, domainKey } from '../../src/streams/stores/key-layout.ts';
import { commitCachedReader } from '../../src/streams/commit-cached-reader.ts';
import { HANDED_STORES, REQUEST_PATH_HAND_OVER } from '../../src/streams/handed-stores.ts';
import { DOMAIN_OUTCOMES } from '../../src/streams/aggregations/domain-outcomes.ts';
import { inboxRecordKey } from '../../src/streams/aggregations/inbox-records-90d.ts';
import type { StateReader } from '../../src/streams/stores/state-reader.ts';
import { ReadSet } from '../../src/streams/stores/tx.ts';

const open: Pipeline[] = [];
afterEach(async () => {
  for (const p of open.splice(0)) {
    await p.close().catch(() => undefined);
    removeDir(p.dir);
  }
});
async function pipeline(dir?: string): Promise<Pipeline> {
  const p = await openPipeline(dir);
  open.push(p);
  return p;
}
const T = Date.UTC(2026, 10, 21, 12);

describe('stream runtime over the embedded log', () => {
  it('given checks, then usage per day and the latest check per inbox are materialised', async () => {
    const p = await pipeline();
    const q = createQueries(p.state, new OwnEvents());
    const a1 = aCheck({ time: T });
    const a2 = aCheck({ time: T + 1000 });
    const b = aCheck({ time: T + DAY, inbox_hash: hash('inbox-b') });
    for (const c of [a1, a2, b, aCheck({ account: 'globex', time: T })]) await p.sendCheck(c);
    expect(await p.runtime.caughtUp()).toBe(true);

    const usage = await q.usage('acme', [dayOf(T), dayOf(T + DAY), dayOf(T + 2 * DAY)], T + DAY);
    expect([...usage.values()]).toEqual([2, 1, 0]);
    const latest = await q.latestInboxCheck('acme', hash('inbox-a'), T + 2000);
    expect(latest?.uuid.equals(a2.check_uuid)).toBe(true);
    expect(await q.latestInboxCheck('globex', hash('inbox-b'), T)).toBeUndefined();
  });

  it('when feedback arrives, then the first label wins, is joined with its check, and tallies update once', async () => {
    const p = await pipeline();
    const q = createQueries(p.state, new OwnEvents());
    const c = aCheck({ time: T, baseline_probability: 0.8 });
    await p.sendCheck(c);
    await p.sendFeedback(aFeedback(c, { outcome: 'fake', time: T + 10 }));
    await p.sendFeedback(aFeedback(c, { outcome: 'real', time: T + 20 }));
    expect(await p.runtime.caughtUp()).toBe(true);

    expect(await q.isLabelled('acme', c.check_uuid, T + 30)).toBe(true);
    const stats = await q.modelStats(T + 30);
    expect(stats).toHaveLength(1);
    expect(stats[0]!.stats.baseline.n).toBe(1);
    expect(stats[0]!.stats.fakes).toBe(1);
    expect(stats[0]!.stats.baseline.correct).toBe(0); // 0.8 said human; it was fake
    expect(stats[0]!.stats.baseline.sumLogLoss).toBeCloseTo(-Math.log(0.2), 9);

    const labelled = await p.bus.consumer('x').endOffsets(TOPICS.labelled.name);
    expect(labelled.reduce((a, b) => a + b, 0)).toBe(1);
    const part = partitionFor(Buffer.from('example.com'), TOPICS.labelled.partitions);
    const [rec] = await p.bus.log!.read(TOPICS.labelled.name, part, 0, 10);
    const ex = (await p.codecs.labelled.decode(rec!.value)) as CheckLabelled;
    expect(ex.outcome).toBe('fake');
    expect(ex.human).toBe(false);
    expect(ex.features.length).toBe(3);
  });

  it('applies feedback only after the checks of its partition (the join never misses)', async () => {
    const p = await pipeline();
    const q = createQueries(p.state, new OwnEvents());
    const checks = Array.from({ length: 300 }, (_, i) => aCheck({ time: T + i }));
    await Promise.all(checks.map((c) => p.sendCheck(c)));
    await Promise.all(checks.map((c) => p.sendFeedback(aFeedback(c, { time: T + 1000 }))));
    expect(await p.runtime.caughtUp()).toBe(true);
    const stats = await q.modelStats(T + 2000);
    expect(stats[0]!.stats.baseline.n).toBe(300);
  });

  it('a batch whose outputs fail to be produced is retried without applying it twice', async () => {
    let failures = 3;
    const flaky: BusFactory = async (dir) => {
      const { bus, codecs } = await embeddedBusFactory(dir);
      const real = bus.producer();
      const producer: BusProducer = {
        send: (topic, records) => (topic === TOPICS.labelled.name && failures-- > 0 ? Promise.reject(new Error('broker away')) : real.send(topic, records)),
      };
      return { bus: Object.assign(bus, { producer: () => producer }), codecs };
    };
    const p = await openPipeline(undefined, undefined, undefined, flaky);
    open.push(p);
    const checks = Array.from({ length: 40 }, (_, i) => aCheck({ time: T + i }));
    for (const c of checks) await p.sendCheck(c);
    for (const c of checks) await p.sendFeedback(aFeedback(c, { time: T + 100 }));
    expect(await p.runtime.caughtUp()).toBe(true);
    expect(failures).toBeLessThan(0);
    const stats = await createQueries(p.state, new OwnEvents()).modelStats(T + 200);
    expect(stats[0]!.stats.baseline.n).toBe(40);
    // and no output was lost: every first label became one labelled example
    expect((await p.bus.endOffsets(TOPICS.labelled.name)).reduce((a, b) => a + b, 0)).toBe(40);
  });

  it('a commit that fails (e.g. the changelog cannot be written) is retried on a quiet topic, without waiting for another record', async () => {
    let failures = 2;
    const brokerAway: BusProducer = {
      send: async () => {
        if (failures-- > 0) throw new Error('broker away');
        return [];
      },
    };
    const p = await openPipeline(undefined, undefined, undefined, undefined, (engine) => new ChangeLoggingStore(engine, brokerAway, Date.now));
    open.push(p);
    // One record, more than a commit interval after the last commit (so the batch commits
    // inline), and nothing after it: the retry has to come from the runtime itself.
    await new Promise((r) => setTimeout(r, 400));
    await p.sendCheck(aCheck({ time: T }));
    expect(await p.runtime.caughtUp(10_000)).toBe(true);
    expect(failures).toBeLessThan(0);
    const usage = await createQueries(p.state, new OwnEvents()).usage('acme', [dayOf(T)], T);
    expect(usage.get(dayOf(T))).toBe(1);
  });

  it('survives a restart: state and offsets agree, nothing is applied twice', async () => {
    const p = await pipeline();
    for (let i = 0; i < 5; i++) await p.sendCheck(aCheck({ time: T + i }));
    expect(await p.runtime.caughtUp()).toBe(true);
    await p.close();
    open.splice(open.indexOf(p), 1);
    const again = await pipeline(p.dir);
    await again.sendCheck(aCheck({ time: T + 10 }));
    expect(await again.runtime.caughtUp()).toBe(true);
    const usage = await createQueries(again.state, new OwnEvents()).usage('acme', [dayOf(T)], T);
    expect(usage.get(dayOf(T))).toBe(6);
  });

  it("hands each commit's writes to the stores checks read to its listeners: a cache that takes them answers as the state does, without reading them back", async () => {
    const p = await openPipeline(undefined, undefined, undefined, undefined, undefined, { handOver: HANDED_STORES });
    open.push(p);
    let asked = 0;
    const counting: StateReader = {
      fetch: (reads, now) => {
        asked += reads.entries.size;
        return p.state.fetch(reads, now);
      },
      scan: (store, now) => p.state.scan(store, now),
    };
    const reader = commitCachedReader(counting, (l) => p.runtime.onCommit(l), REQUEST_PATH_HAND_OVER);
    const domains = ['a.example', 'b.example', 'c.example'];
    const reads = new ReadSet();
    for (const d of domains) {
      reads.add(DOMAIN_RECORDS, domainKey(d));
      reads.add(DOMAIN_OUTCOMES, domainKey(d));
      for (const n of [0, 1]) reads.add(INBOX_RECORDS, inboxRecordKey('acme', hash(`${d}-${n}`)));
    }
    for (let round = 0; round < 4; round++) {
      const at = T + round * 60_000;
      for (const d of domains) {
        const c = aCheck({ time: at, domain: d, inbox_hash: hash(`${d}-${round % 2}`) });
        await p.sendCheck(c);
        if (round === 2) await p.sendFeedback(aFeedback(c));
      }
      expect(await p.runtime.caughtUp()).toBe(true);
      asked = 0;
      const got = await reader.fetch(reads, at);
      const want = await p.state.fetch(reads, at);
      for (const [mk, v] of want) expect(got.get(mk)?.toString('hex'), mk).toBe(v?.toString('hex'));
      // Every key was read once at the first round; each since is what the commits handed over.
      if (round > 0) expect(asked).toBe(0);
    }
  });

  it('rebuilds a deleted state directory by replaying the log', async () => {
    const p = await pipeline();
    for (let i = 0; i < 7; i++) await p.sendCheck(aCheck({ time: T + i }));
    const c = aCheck({ time: T + 100 });
    await p.sendCheck(c);
    await p.sendFeedback(aFeedback(c));
    expect(await p.runtime.caughtUp()).toBe(true);
    await p.close();
    open.splice(open.indexOf(p), 1);
    removeDir(`${p.dir}/state`);
    const again = await pipeline(p.dir);
    expect(await again.runtime.caughtUp()).toBe(true);
    const q = createQueries(again.state, new OwnEvents());
    expect((await q.usage('acme', [dayOf(T)], T)).get(dayOf(T))).toBe(8);
    expect(await q.isLabelled('acme', c.check_uuid, T + 200)).toBe(true);
    // The labelled topic is downstream output: replay re-emits it, consumers dedupe by check.
  });

  it('a state that lacks a replayable store (an upgrade added it) builds it from the log, and nothing else is applied twice', async () => {
    const p = await pipeline();
    const checks = Array.from({ length: 40 }, (_, i) =>
      aCheck({ account: `acct-${i % 7}`, inbox_hash: hash(`inbox-${i % 11}`), spelling_hash: hash(`${i % 3}-spelling`), time: T + i * 1000 }),
    );
    for (const c of checks) await p.sendCheck(c);
    await p.sendFeedback(aFeedback(checks[0]!));
    expect(await p.runtime.caughtUp()).toBe(true);
    const records = async (s: LevelStore): Promise<string[]> => (await s.scan(INBOX_RECORDS, T)).map((e) => `${e.key.toString('hex')}=${e.value.toString('hex')}`).sort();
    const built = await records(p.state);
    expect(built).toHaveLength(new Set(checks.map((c) => `${c.account}/${c.inbox_hash.toString('hex')}`)).size);
    const labelledBefore = (await p.bus.endOffsets(TOPICS.labelled.name)).reduce((a, b) => a + b, 0);
    await p.close();
    open.splice(open.indexOf(p), 1);

    // The state as a version without the store left it: no record, no mark.
    await forgetStore(`${p.dir}/state`, INBOX_RECORDS);

    const again = await pipeline(p.dir);
    expect(await again.runtime.caughtUp()).toBe(true);
    expect(await records(again.state)).toEqual(built);
    expect(await again.state.offsets(builtMark(INBOX_RECORDS), TOPICS.checks.partitions)).toEqual(Array(TOPICS.checks.partitions).fill(1));
    const q = createQueries(again.state, new OwnEvents());
    expect((await q.latestInboxCheck('acct-0', hash('inbox-0'), T + 100_000))?.uuid.equals(checks[0]!.check_uuid)).toBe(true);
    // Only the replayable aggregations saw the old records again: counts and outputs are unchanged.
    const usage = await q.usage('acct-0', [dayOf(T)], T);
    expect(usage.get(dayOf(T))).toBe(checks.filter((c) => c.account === 'acct-0').length);
    expect((await again.bus.endOffsets(TOPICS.labelled.name)).reduce((a, b) => a + b, 0)).toBe(labelledBefore);
  });

  it('a new state marks its replayable stores built at once (nothing to replay)', async () => {
    const p = await pipeline();
    expect(await p.runtime.caughtUp()).toBe(true);
    expect(await p.state.offsets(builtMark(INBOX_RECORDS), TOPICS.checks.partitions)).toEqual(Array(TOPICS.checks.partitions).fill(1));
  });

  describe('a state that kept the domain volume and shapes as two stores (an upgrade converts them into domain records)', () => {
    const domains = Array.from({ length: 40 }, (_, i) => `d${i}.example`);
    const checks = domains.flatMap((domain, i) =>
      Array.from({ length: 1 + (i % 3) }, (_, j) => aCheck({ domain, account_type: i % 4 ? 'work' : 'free', inbox_hash: hash(`${domain}/${j}`), local_shape: j ? 'flast' : 'first.last', time: T + i * 1000 + j })),
    );
    const records = async (s: LevelStore): Promise<string[]> => (await s.scan(DOMAIN_RECORDS, T)).map((e) => `${e.key.toString()}=${e.value.toString('hex')}`).sort();
    /** Keys the old stores still hold, per store. */
    const oldKeys = async (s: StateStore): Promise<number[]> => {
      const counts: number[] = [];
      for (const spec of CONVERTED_STORES) {
        let n = 0;
        for await (const batch of s.keys(spec)) n += batch.length;
        counts.push(n);
      }
      return counts;
    };
    /** The records this version builds from the checks, and a state dir holding only the old stores of the same checks. */
    async function upgradeFixture(): Promise<{ dir: string; native: string[] }> {
      const p = await pipeline();
      for (const c of checks) await p.sendCheck(c);
      expect(await p.runtime.caughtUp()).toBe(true);
      const native = await records(p.state);
      expect(native).toHaveLength(domains.length);
      await p.close();
      open.splice(open.indexOf(p), 1);
      await asBeforeDomainRecords(`${p.dir}/state`, checks);
      return { dir: p.dir, native };
    }

    it('converts them, byte for byte what this version builds, and applies nothing twice', async () => {
      const { dir, native } = await upgradeFixture();
      const again = await pipeline(dir);
      expect(await again.runtime.caughtUp()).toBe(true);
      expect(await records(again.state)).toEqual(native);
      // Every partition is converted: the old stores' data is deleted, not left to its retention.
      expect(await oldKeys(again.state)).toEqual([0, 0]);
      expect(await again.state.offsets(convertedMark(DOMAIN_RECORDS), TOPICS.checks.partitions)).toEqual(Array(TOPICS.checks.partitions).fill(1));
      expect((await createQueries(again.state, new OwnEvents()).usage('acme', [dayOf(T)], T)).get(dayOf(T))).toBe(checks.length);
    });

    it('killed in the middle of a conversion (some chunks committed, not the mark), converts again at restart to the same records', async () => {
      const { dir, native } = await upgradeFixture();
      // Dies after the conversion's second chunk is committed: nothing reaches the state after it.
      let chunks = 0;
      class Killed extends WrappedStore {
        override async commit(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void> {
          if (chunks >= 2) throw new Error('killed');
          if (writes.some((w) => w.store.id === DOMAIN_RECORDS.id)) chunks++;
          await this.inner.commit(writes, positions);
        }
      }
      const dying = await openPipeline(dir, undefined, undefined, undefined, (engine) => new Killed(engine), { conversionChunk: 7 });
      // Waits for the kill itself, not a fixed time: on a loaded machine two chunks can take longer than any bound.
      for (let i = 0; i < 2_000 && chunks < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(await dying.runtime.caughtUp(200)).toBe(false);
      expect(chunks).toBe(2);
      expect(await dying.state.offsets(convertedMark(DOMAIN_RECORDS), TOPICS.checks.partitions)).toEqual(Array(TOPICS.checks.partitions).fill(0));
      expect((await records(dying.state)).length).toBe(14);
      expect((await oldKeys(dying.state)).every((n) => n > 0)).toBe(true); // never deleted before the marks
      await dying.close().catch(() => undefined);
      const again = await openPipeline(dir, undefined, undefined, undefined, undefined, { conversionChunk: 7 });
      open.push(again);
      expect(await again.runtime.caughtUp()).toBe(true);
      expect(await records(again.state)).toEqual(native);
      expect(await oldKeys(again.state)).toEqual([0, 0]);
      expect((await createQueries(again.state, new OwnEvents()).usage('acme', [dayOf(T)], T)).get(dayOf(T))).toBe(checks.length);
    });

    it('killed while deleting the old stores (every mark committed), the next start deletes what is left and converts nothing again', async () => {
      const { dir, native } = await upgradeFixture();
      // Dies after the first old store's data is deleted, before the second's.
      let cleared = 0;
      class Killed extends WrappedStore {
        override async clear(spec: StoreSpec): Promise<void> {
          if (cleared >= 1) throw new Error('killed');
          cleared++;
          await this.inner.clear(spec);
        }
      }
      const dying = await openPipeline(dir, undefined, undefined, undefined, (engine) => new Killed(engine));
      for (let i = 0; i < 200 && (await dying.state.offsets(convertedMark(DOMAIN_RECORDS), TOPICS.checks.partitions)).some((m) => m === 0); i++) await new Promise((r) => setTimeout(r, 25));
      for (let i = 0; i < 200 && cleared === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await dying.state.offsets(convertedMark(DOMAIN_RECORDS), TOPICS.checks.partitions)).toEqual(Array(TOPICS.checks.partitions).fill(1));
      const left = await oldKeys(dying.state);
      expect(left[0]).toBe(0);
      expect(left[1]).toBeGreaterThan(0);
      await dying.close().catch(() => undefined);
      const again = await openPipeline(dir);
      open.push(again);
      expect(await again.runtime.caughtUp()).toBe(true);
      expect(await oldKeys(again.state)).toEqual([0, 0]);
      expect(await records(again.state)).toEqual(native);
      expect((await createQueries(again.state, new OwnEvents()).usage('acme', [dayOf(T)], T)).get(dayOf(T))).toBe(checks.length);
    });

    it('converting with a slow deletion of the old stores, the caught-up answer comes after the deletion', async () => {
      const { dir } = await upgradeFixture();
      class Slow extends WrappedStore {
        override async clear(spec: StoreSpec): Promise<void> {
          await new Promise((r) => setTimeout(r, 300));
          await this.inner.clear(spec);
        }
      }
      const slow = await openPipeline(dir, undefined, undefined, undefined, (engine) => new Slow(engine));
      open.push(slow);
      expect(await slow.runtime.caughtUp()).toBe(true);
      expect(await oldKeys(slow.state)).toEqual([0, 0]);
    });

    it("Kafka mode's topology: each partition's owner converts the domains keyed to it, at its assignment, and changelogs them there; the rest waits for its owner", async () => {
      const { dir } = await upgradeFixture();
      const owned = new Set([0, 1, 2]);
      // This instance is given partitions 0-2 of the repartition topic; another instance owns the rest.
      const owning = async (d: string) => {
        const b = await embeddedBusFactory(d);
        const bus: Bus = Object.create(b.bus);
        bus.consumer = (group) => {
          const c = b.bus.consumer(group);
          return {
            start: (topics, h) =>
              c.start(topics, { ...h, position: async (tp) => (tp.topic === TOPICS.domainSightings.name && !owned.has(tp.partition) ? (await b.bus.endOffsets(tp.topic))[tp.partition]! : h.position(tp)) }),
            endOffsets: (t) => c.endOffsets(t),
            stop: () => c.stop(),
          };
        };
        return { ...b, bus };
      };
      const sent: { topic: string; records: readonly OutRecord[] }[] = [];
      const producer: BusProducer = { send: async (topic, records) => (sent.push({ topic, records }), []) };
      const p = await openPipeline(dir, TOPOLOGY, undefined, owning, (engine) => new ChangeLoggingStore(engine, producer, Date.now));
      open.push(p);
      const marks = () => p.state.offsets(convertedMark(DOMAIN_RECORDS), TOPICS.domainSightings.partitions);
      for (let i = 0; i < 200 && (await marks()).some((m, part) => m !== (owned.has(part) ? 1 : 0)); i++) await new Promise((r) => setTimeout(r, 25));
      expect(await marks()).toEqual([1, 1, 1, 0, 0, 0]);
      // Partitions 3-5 may still be assigned here and converted from the old stores: they are kept.
      expect((await oldKeys(p.state)).every((n) => n > 0)).toBe(true);
      const partitionOf = (domain: string) => partitionFor(domainKey(domain), TOPICS.domainSightings.partitions);
      const converted = (await records(p.state)).map((r) => r.split('=')[0]!).sort();
      expect(converted).toEqual(domains.filter((d) => owned.has(partitionOf(d))).sort());
      expect(converted.length).toBeGreaterThan(0);
      const logged = sent.filter((x) => x.topic === changelogTopic(APP_ID, DOMAIN_RECORDS.name)).flatMap((x) => x.records);
      expect(logged).toHaveLength(converted.length);
      for (const r of logged) expect(r.partition).toBe(partitionOf(decodeStoreKey(r.key)!.userKey.toString()));
    });
  });

  it('read-your-writes: own events past the committed offset count once', async () => {
    const p = await pipeline();
    await p.runtime.stop(); // freeze materialisation
    const own = new OwnEvents(0);
    const q = createQueries(p.state, own);
    const c = aCheck({ time: T });
    const pos = await p.sendCheck(c);
    own.addCheck({ event: c, ...pos });
    expect((await q.usage('acme', [dayOf(T)], T)).get(dayOf(T))).toBe(1);
    expect((await q.latestInboxCheck('acme', c.inbox_hash, T))?.uuid.equals(c.check_uuid)).toBe(true);
  });

  it('read-your-writes: an own event the state already includes is not counted again', async () => {
    const p = await pipeline();
    const own = new OwnEvents(60_000); // kept well past materialisation
    const q = createQueries(p.state, own);
    const c = aCheck({ time: T });
    own.addCheck({ event: c, ...(await p.sendCheck(c)) });
    expect(await p.runtime.caughtUp()).toBe(true);
    expect(own.size).toBe(1);
    expect((await q.usage('acme', [dayOf(T)], T)).get(dayOf(T))).toBe(1);
  });
});
