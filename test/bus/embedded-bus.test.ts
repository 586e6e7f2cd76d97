import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { busContract } from './bus.suite.ts';

const root = mkdtempSync(join(tmpdir(), 'mailsift-bus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

busContract('embedded', {
  open: (topics) => openEmbeddedBus(join(root, `log-${n++}`), topics),
  topic: (name) => `test.${name}.v1`,
});

describe('embedded log specifics', () => {
  it("offsetForTime: a partition's first record at or after a time (Kafka's offsetsForTimes), over gaps; newestTime: its last record's", async () => {
    const a = await openEmbeddedBus(join(root, 'times'), [{ name: 't', partitions: 2, retentionMs: Number.POSITIVE_INFINITY }]);
    const rec = (timestamp: number) => ({ key: Buffer.from('k'), value: Buffer.from('v'), timestamp, partition: 0 });
    await a.producer().send('t', [10, 20, 20, 30, 40].map(rec));
    // A withdrawn record leaves its offset unused (5): a gap the search steps over.
    await a.producer().send('t', [rec(45)], { withdrawable: (withdraw) => withdraw() }).catch(() => undefined);
    await a.producer().send('t', [50, 60].map(rec));
    const at = (ts: number) => a.log.offsetForTime('t', 0, ts);
    expect(await Promise.all([0, 10, 11, 20, 21, 40, 41, 45, 50, 60, 61].map(at))).toEqual([0, 0, 1, 1, 3, 4, 6, 6, 6, 7, 8]); // 41-50: the record after the gap
    expect(await a.log.newestTime('t', 0)).toBe(60);
    expect(await a.log.offsetForTime('t', 1, 0)).toBe(0); // an empty partition: its end
    expect(await a.log.newestTime('t', 1)).toBeUndefined();
    // A partition whose end was moved past what it holds (a lost log behind the state): its end, where a reader waits.
    a.log.skipTo('t', 1, 42);
    expect(await a.log.offsetForTime('t', 1, Number.NEGATIVE_INFINITY)).toBe(42);
    expect(await a.log.offsetForTime('t', 0, 61)).toBe(8);
    await a.close();
  });

  it('compacts a compacted topic like Kafka: the newest record per key, tombstones for a day, the last record always', async () => {
    const dir = join(root, 'compact');
    const topics = [{ name: 'c', partitions: 1, retentionMs: Number.POSITIVE_INFINITY, compacted: true }];
    const rec = (k: string, v: string | null, timestamp: number) => ({ key: Buffer.from(k), value: Buffer.from(v ?? ''), timestamp, partition: 0, ...(v === null ? { tombstone: true } : {}) });
    const a = await openEmbeddedBus(dir, topics);
    await a.producer().send('c', [rec('a', '1', 1), rec('b', '1', 2), rec('a', '2', 3), rec('b', null, 4), rec('c', null, 100_000), rec('d', '1', 6), rec('d', null, 7)]);
    expect(await a.log.enforceRetention(10 ** 12)).toBe(0); // kept by key, never by time
    // At t=100,000: b's tombstone (t=4) is older than the 50 s allowed, c's (t=100,000) is not; d's is the last record.
    expect(await a.log.compact('c', 100_000, 50_000)).toBe(4); // a=1, b=1, d=1 superseded; b's old tombstone
    const seen = (recs: { key: Buffer; value: Buffer; tombstone?: boolean; offset: number }[]) => recs.map((r) => `${r.offset}:${r.key}=${r.tombstone ? 'x' : r.value}`);
    expect(seen(await a.log.read('c', 0, 0, 10))).toEqual(['2:a=2', '4:c=x', '6:d=x']);
    await a.close();
    const b = await openEmbeddedBus(dir, topics);
    expect(seen(await b.log.read('c', 0, 0, 10))).toEqual(['2:a=2', '4:c=x', '6:d=x']);
    expect(b.log.endOffsets('c')).toEqual([7]);
    const [next] = await b.producer().send('c', [rec('e', '1', 8)]);
    expect(next!.offset).toBe(7);
    await b.close();
  });

  it('hands a backlog over in batches of at most 250 records, in order (a batch lives until it is applied: small ones die young)', async () => {
    const a = await openEmbeddedBus(join(root, 'batches'), [{ name: 't', partitions: 1, retentionMs: Number.POSITIVE_INFINITY }]);
    await a.producer().send('t', Array.from({ length: 600 }, (_, i) => ({ key: Buffer.from('k'), value: Buffer.from(String(i)), timestamp: i, partition: 0 })));
    const sizes: number[] = [];
    const seen: number[] = [];
    let done: () => void = () => undefined;
    const all = new Promise<void>((r) => (done = r));
    const c = a.consumer('g');
    await c.start(['t'], {
      position: async () => 0,
      onBatch: async (_tp, records) => {
        sizes.push(records.length);
        seen.push(...records.map((r) => r.offset));
        if (seen.length === 600) done();
      },
    });
    await all;
    await c.stop();
    expect(Math.max(...sizes)).toBeLessThanOrEqual(250);
    expect(seen).toEqual(Array.from({ length: 600 }, (_, i) => i));
    await a.close();
  });

  it("keeps 16 MB of appends in LevelDB's write buffer (a 32 MB memtable: few flushes and compactions)", async () => {
    const a = await openEmbeddedBus(join(root, 'write-buffer'), [{ name: 't', partitions: 1, retentionMs: Number.POSITIVE_INFINITY }]);
    const value = Buffer.alloc(8 * 1024, 7);
    for (let i = 0; i < 16; i++) await a.producer().send('t', Array.from({ length: 128 }, (_, k) => ({ key: Buffer.from('k'), value, timestamp: i * 128 + k, partition: 0 })));
    // With LevelDB's 4 MB default a third memtable waits for the first one's table to be written.
    const tables = [0, 1, 2, 3, 4, 5, 6].map((level) => Number(a.log.db.getProperty(`leveldb.num-files-at-level${level}`)));
    expect(tables).toEqual([0, 0, 0, 0, 0, 0, 0]);
    await a.close();
  });

  it('is persistent: records and end offsets survive a reopen', async () => {
    const dir = join(root, 'persist');
    const topics = [{ name: 't', partitions: 2, retentionMs: 86_400_000 }];
    const a = await openEmbeddedBus(dir, topics);
    await a.producer().send('t', [
      { key: Buffer.from('x'), value: Buffer.from('1'), timestamp: 5 },
      { key: Buffer.from('x'), value: Buffer.from('2'), timestamp: 6 },
    ]);
    await a.close();
    const b = await openEmbeddedBus(dir, topics);
    const p = (await b.producer().send('t', [{ key: Buffer.from('x'), value: Buffer.from('3'), timestamp: 7 }]))[0]!;
    expect(p.offset).toBe(2);
    const recs = await b.log.read('t', p.partition, 0, 10);
    expect(recs.map((r) => r.value.toString())).toEqual(['1', '2', '3']);
    await b.close();
  });

  it('skipTo moves a partition end forward only; the next append takes that offset, also after a reopen', async () => {
    const dir = join(root, 'skip');
    const topics = [{ name: 't', partitions: 1, retentionMs: 86_400_000 }];
    const rec = (v: string) => [{ key: Buffer.from('x'), value: Buffer.from(v), timestamp: 5, partition: 0 }];
    const a = await openEmbeddedBus(dir, topics);
    await a.producer().send('t', rec('1'));
    a.log.skipTo('t', 0, 10);
    a.log.skipTo('t', 0, 4); // never backwards
    expect(a.log.endOffsets('t')).toEqual([10]);
    expect((await a.producer().send('t', rec('2')))[0]!.offset).toBe(10);
    await a.close();
    const b = await openEmbeddedBus(dir, topics);
    expect(b.log.endOffsets('t')).toEqual([11]);
    expect((await b.log.read('t', 0, 0, 10)).map((r) => [r.offset, r.value.toString()])).toEqual([
      [0, '1'],
      [10, '2'],
    ]);
    await b.close();
  });

  it('group-commits concurrent sends into few fsynced batches', async () => {
    const bus = await openEmbeddedBus(join(root, 'group'), [{ name: 't', partitions: 1, retentionMs: 86_400_000 }]);
    let batches = 0;
    const orig = bus.log.db.batch.bind(bus.log.db) as () => ReturnType<typeof bus.log.db.batch>;
    (bus.log.db as unknown as { batch: typeof orig }).batch = () => {
      batches++;
      return orig();
    };
    await Promise.all(Array.from({ length: 200 }, (_, i) => bus.producer().send('t', [{ key: Buffer.from('k'), value: Buffer.from(String(i)), timestamp: i }])));
    expect(batches).toBeLessThan(20);
    const recs = await bus.log.read('t', 0, 0, 1000);
    expect(recs).toHaveLength(200);
    await bus.close();
  });

  it('tells other threads of new records once per written batch, with the durable end', async () => {
    const bus = await openEmbeddedBus(join(root, 'announce'), [{ name: 't', partitions: 2, retentionMs: 86_400_000 }]);
    const told: { topic: string; partition: number; end: number }[][] = [];
    bus.log.onDurable = (moved) => void told.push(moved);
    await Promise.all(Array.from({ length: 200 }, (_, i) => bus.producer().send('t', [{ key: Buffer.from('k'), value: Buffer.from(String(i)), timestamp: i, partition: i % 2 }])));
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThan(20);
    for (const moved of told) expect(new Set(moved.map((m) => m.partition)).size).toBe(moved.length); // one entry per partition
    const last = (p: number): number => Math.max(...told.flat().filter((m) => m.partition === p).map((m) => m.end));
    expect([last(0), last(1)]).toEqual(bus.log.endOffsets('t'));
    expect(bus.log.endOffsets('t')).toEqual([100, 100]);
    await bus.close();
  });

  it('a tailing consumer never spins on records still being written (regression: livelock)', async () => {
    const bus = await openEmbeddedBus(join(root, 'tailing'), [{ name: 't', partitions: 3, retentionMs: 86_400_000 }]);
    let seen = 0;
    const c = bus.consumer('g');
    await c.start(['t'], { position: async () => 0, onBatch: async (_tp, recs) => void (seen += recs.length) });
    for (let i = 0; i < 300; i++) await bus.producer().send('t', [{ key: Buffer.from(`k${i}`), value: Buffer.from('v'), timestamp: i }]);
    const deadline = Date.now() + 5000;
    while (seen < 300 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(seen).toBe(300);
    await bus.close();
  }, 15_000);

  it('enforces retention oldest first', async () => {
    const bus = await openEmbeddedBus(join(root, 'retention'), [{ name: 't', partitions: 1, retentionMs: 1000 }]);
    await bus.producer().send('t', [1000, 1500, 2600, 3000].map((ts) => ({ key: Buffer.from('k'), value: Buffer.from(String(ts)), timestamp: ts })));
    expect(await bus.log.enforceRetention(3000)).toBe(2);
    const recs = await bus.log.read('t', 0, 0, 10);
    expect(recs.map((r) => r.value.toString())).toEqual(['2600', '3000']);
    await bus.close();
  });
});
