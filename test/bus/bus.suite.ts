/**
 * Behaviour every Bus adapter must have (README: How it works; docs/architecture.md: Roles and processes). Run by
 * embedded-bus.test.ts always and by test/kafka/bus.test.ts against a real broker.
 */
import { describe, expect, it } from 'vitest';
import { RecordsWithdrawnError, type Bus, type ConsumedRecord, type TopicPartition } from '../../src/bus/ports.ts';
import { partitionFor } from '../../src/bus/partitioner.ts';
import { sharedConsumer } from '../../src/bus/shared-consumer.ts';

export interface BusFixture {
  /** Opens a bus over the given topics (fresh state unless `reopen` of the same fixture). */
  open(topics: { name: string; partitions: number; retentionMs: number }[]): Promise<Bus>;
  /** A topic name unique to this test run. */
  topic(name: string): string;
}

async function collect(bus: Bus, topic: string, want: number, from = 0, group = 'g'): Promise<ConsumedRecord[]> {
  const got: ConsumedRecord[] = [];
  const c = bus.consumer(`${group}-${Math.random().toString(36).slice(2)}`);
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  await c.start([topic], {
    position: async () => from,
    onBatch: async (_tp: TopicPartition, recs) => {
      got.push(...recs);
      if (got.length >= want) done();
    },
  });
  await Promise.race([finished, new Promise((_, rej) => setTimeout(() => rej(new Error(`only ${got.length}/${want}`)), 20_000))]);
  await c.stop();
  return got;
}

export function busContract(name: string, fx: BusFixture): void {
  describe(`bus contract: ${name}`, () => {
    it('acknowledges positions and delivers every record once, per-partition in order', async () => {
      const topic = fx.topic('order');
      const bus = await fx.open([{ name: topic, partitions: 3, retentionMs: 86_400_000 }]);
      const p = bus.producer();
      const sent = [];
      for (let i = 0; i < 60; i++) {
        const key = Buffer.from(`k${i % 7}`);
        const [pos] = await p.send(topic, [{ key, value: Buffer.from(String(i)), timestamp: 1000 + i }]);
        expect(pos!.partition).toBe(partitionFor(key, 3));
        sent.push({ i, ...pos! });
      }
      const got = await collect(bus, topic, 60);
      expect(got).toHaveLength(60);
      for (let part = 0; part < 3; part++) {
        const values = got.filter((r) => r.partition === part).map((r) => Number(r.value.toString()));
        const expected = sent.filter((s) => s.partition === part).map((s) => s.i);
        expect(values).toEqual(expected);
        const offsets = got.filter((r) => r.partition === part).map((r) => r.offset);
        expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      }
      const r0 = got.find((r) => r.value.toString() === '0')!;
      expect(r0.timestamp).toBe(1000);
      expect(r0.key.toString()).toBe('k0');
      await bus.close();
    });

    it('starts from the position the consumer asks for', async () => {
      const topic = fx.topic('position');
      const bus = await fx.open([{ name: topic, partitions: 1, retentionMs: 86_400_000 }]);
      await bus.producer().send(topic, Array.from({ length: 10 }, (_, i) => ({ key: Buffer.from('k'), value: Buffer.from(String(i)), timestamp: i + 1 })));
      const got = await collect(bus, topic, 4, 6);
      expect(got.map((r) => r.value.toString())).toEqual(['6', '7', '8', '9']);
      expect(await bus.consumer('x').endOffsets(topic)).toEqual([10]);
      await bus.close();
    });

    it('delivers records appended after the consumer reached the end', async () => {
      const topic = fx.topic('tail');
      const bus = await fx.open([{ name: topic, partitions: 2, retentionMs: 86_400_000 }]);
      const pending = collect(bus, topic, 5);
      await new Promise((r) => setTimeout(r, 200));
      await bus.producer().send(topic, Array.from({ length: 5 }, (_, i) => ({ key: Buffer.from(`k${i}`), value: Buffer.from(String(i)), timestamp: i + 1 })));
      expect((await pending).map((r) => r.value.toString()).sort()).toEqual(['0', '1', '2', '3', '4']);
      await bus.close();
    });

    it('keeps one partition when asked explicitly', async () => {
      const topic = fx.topic('explicit');
      const bus = await fx.open([{ name: topic, partitions: 4, retentionMs: 86_400_000 }]);
      const pos = await bus.producer().send(topic, [
        { key: Buffer.from('a'), value: Buffer.from('1'), timestamp: 1, partition: 3 },
        { key: Buffer.from('b'), value: Buffer.from('2'), timestamp: 2, partition: 3 },
      ]);
      expect(pos.map((x) => x.partition)).toEqual([3, 3]);
      expect(pos[1]!.offset).toBe(pos[0]!.offset + 1);
      await bus.close();
    });

    // Where a replay of the last minutes starts (the hot windows' feed, src/streams/hot-window-feed.ts).
    it('finds per partition the first offset at or after a time, or the end when no record is that recent', async () => {
      const topic = fx.topic('bytime');
      const bus = await fx.open([{ name: topic, partitions: 3, retentionMs: 86_400_000 }]);
      const t0 = Date.now() - 3_600_000;
      const p = bus.producer();
      await p.send(topic, Array.from({ length: 10 }, (_, i) => ({ key: Buffer.from('a'), value: Buffer.from(String(i)), timestamp: t0 + i * 1000, partition: 0 })));
      await p.send(topic, Array.from({ length: 3 }, (_, i) => ({ key: Buffer.from('b'), value: Buffer.from(String(i)), timestamp: t0 + 60_000 + i, partition: 1 })));
      expect(await bus.offsetsForTime(topic, t0 - 1)).toEqual([0, 0, 0]);
      expect(await bus.offsetsForTime(topic, t0 + 5000)).toEqual([5, 0, 0]);
      expect(await bus.offsetsForTime(topic, t0 + 4500)).toEqual([5, 0, 0]);
      expect(await bus.offsetsForTime(topic, t0 + 60_001)).toEqual([10, 1, 0]);
      expect(await bus.offsetsForTime(topic, t0 + 120_000)).toEqual([10, 3, 0]);
      await bus.close();
    });

    // Kafka mode's API reads its changelogs and the checks topic through one consumer (src/bus/shared-consumer.ts).
    it('a shared consumer gives each part its own topics: assignment, positions, batches; it starts once every part has', async () => {
      const [ta, tb] = [fx.topic('shared-a'), fx.topic('shared-b')];
      const bus = await fx.open([
        { name: ta, partitions: 2, retentionMs: 86_400_000 },
        { name: tb, partitions: 1, retentionMs: 86_400_000 },
      ]);
      const p = bus.producer();
      await p.send(ta, [0, 1, 2].map((i) => ({ key: Buffer.from('a'), value: Buffer.from(`a${i}`), timestamp: i + 1, partition: 0 })));
      await p.send(ta, [{ key: Buffer.from('c'), value: Buffer.from('c0'), timestamp: 1, partition: 1 }]);
      await p.send(tb, [0, 1, 2, 3].map((i) => ({ key: Buffer.from('b'), value: Buffer.from(`b${i}`), timestamp: i + 1, partition: 0 })));
      const shared = sharedConsumer(bus, `shared-${Math.random().toString(36).slice(2)}`, 2);
      const seen = { a: [] as string[], b: [] as string[], assignedA: [] as string[], assignedB: [] as string[], asked: [] as string[] };
      const part = (name: 'a' | 'b', topic: string, from: number) => ({
        position: async (tp: TopicPartition) => {
          seen.asked.push(`${name}:${tp.topic === topic ? 'own' : 'other'}`);
          return tp.partition === 0 ? from : 0;
        },
        onBatch: async (tp: TopicPartition, recs: readonly ConsumedRecord[]) => {
          expect(tp.topic).toBe(topic);
          seen[name].push(...recs.map((r) => r.value.toString()));
        },
        onAssigned: (tps: readonly TopicPartition[]) => {
          (name === 'a' ? seen.assignedA : seen.assignedB).push(...tps.map((tp) => `${tp.topic === topic ? 'own' : 'other'}/${tp.partition}`));
        },
      });
      const a = shared.part();
      const b = shared.part({ concurrentPartitions: 2 });
      expect(() => shared.part()).toThrow(/one more/);
      let aStarted = false;
      const aStart = a.start([ta], part('a', ta, 1)).then(() => (aStarted = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(aStarted).toBe(false); // waits for the other part: one subscription for both
      await b.start([tb], part('b', tb, 2));
      await aStart;
      for (let i = 0; i < 200 && (seen.a.length < 3 || seen.b.length < 2); i++) await new Promise((r) => setTimeout(r, 50));
      expect(seen.a.sort()).toEqual(['a1', 'a2', 'c0']);
      expect(seen.b).toEqual(['b2', 'b3']);
      expect(seen.assignedA.sort()).toEqual(['own/0', 'own/1']);
      expect(seen.assignedB).toEqual(['own/0']);
      expect(seen.asked.every((x) => x.endsWith(':own'))).toBe(true);
      // A part that stopped takes nothing more; the other still does.
      await a.stop();
      await p.send(ta, [{ key: Buffer.from('a'), value: Buffer.from('a3'), timestamp: 9, partition: 0 }]);
      await p.send(tb, [{ key: Buffer.from('b'), value: Buffer.from('b4'), timestamp: 9, partition: 0 }]);
      for (let i = 0; i < 200 && seen.b.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
      expect(seen.b).toEqual(['b2', 'b3', 'b4']);
      await new Promise((r) => setTimeout(r, 200));
      expect(seen.a).not.toContain('a3');
      await b.stop();
      await shared.stop();
      await bus.close();
    });

    it('a shared consumer stopped before every part started fails the waiting starts', async () => {
      const topic = fx.topic('shared-stop');
      const bus = await fx.open([{ name: topic, partitions: 1, retentionMs: 86_400_000 }]);
      const shared = sharedConsumer(bus, `shared-${Math.random().toString(36).slice(2)}`, 2);
      const waiting = shared.part().start([topic], { position: async () => 0, onBatch: async () => undefined });
      await shared.stop();
      await expect(waiting).rejects.toThrow(/stopped before it started/);
      await bus.close();
    });

    // Compacted topics delete by a tombstone (the controls topic: a revoked key, a deleted rule).
    it('delivers a tombstone as a tombstone, after the records of its key', async () => {
      const topic = fx.topic('tombstone');
      const bus = await fx.open([{ name: topic, partitions: 1, retentionMs: 86_400_000 }]);
      await bus.producer().send(topic, [
        { key: Buffer.from('k'), value: Buffer.from('v1'), timestamp: 1, partition: 0 },
        { key: Buffer.from('k'), value: Buffer.alloc(0), tombstone: true, timestamp: 2, partition: 0 },
        { key: Buffer.from('j'), value: Buffer.from('v2'), timestamp: 3, partition: 0 },
      ]);
      const got = await collect(bus, topic, 3);
      expect(got.map((r) => [r.key.toString(), r.tombstone === true, r.tombstone ? '' : r.value.toString()])).toEqual([
        ['k', false, 'v1'],
        ['k', true, ''],
        ['j', false, 'v2'],
      ]);
      await bus.close();
    });

    // What lets a check answered 503 stay unrecorded (src/service/event-writer.ts).
    it('withdraws records still queued when asked; records already being written are not recalled', async () => {
      const topic = fx.topic('withdraw');
      const bus = await fx.open([{ name: topic, partitions: 1, retentionMs: 86_400_000 }]);
      const p = bus.producer();
      const rec = (v: string) => [{ key: Buffer.from('k'), value: Buffer.from(v), timestamp: 1, partition: 0 }];
      // Both adapters group-commit: the first send is handed over at once, the second waits for the next batch.
      let withdrawFirst!: () => boolean;
      let withdrawQueued!: () => boolean;
      const a = p.send(topic, rec('a'), { withdrawable: (w) => (withdrawFirst = w) });
      const b = p.send(topic, rec('b'), { withdrawable: (w) => (withdrawQueued = w) });
      expect(withdrawFirst()).toBe(false);
      expect(withdrawQueued()).toBe(true);
      expect(withdrawQueued()).toBe(true); // asking again changes nothing
      await expect(b).rejects.toBeInstanceOf(RecordsWithdrawnError);
      const [posA] = await a;
      const [posC] = await p.send(topic, rec('c'), { withdrawable: () => undefined });
      expect(posC!.offset).toBeGreaterThan(posA!.offset);
      const got = await collect(bus, topic, 2); // in offset order: a written 'b' would come before 'c'
      expect(got.map((r) => r.value.toString())).toEqual(['a', 'c']);
      await bus.close();
    });
  });
}
