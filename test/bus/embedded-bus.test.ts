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
    const told: (readonly { topic: string; partition: number; end: number }[])[] = [];
    bus.log.onDurable = (notice) => void told.push(notice.moved);
    await Promise.all(Array.from({ length: 200 }, (_, i) => bus.producer().send('t', [{ key: Buffer.from('k'), value: Buffer.from(String(i)), timestamp: i, partition: i % 2 }])));
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThan(20);
    for (const moved of told) expect(new Set(moved.map((m) => m.partition)).size).toBe(moved.length); // one entry per partition
    const last = (p: number): number => Math.max(...told.flat().filter((m) => m.partition === p).map((m) => m.end));
    expect([last(0), last(1)]).toEqual(bus.log.endOffsets('t'));
    expect(bus.log.endOffsets('t')).toEqual([100, 100]);
    await bus.close();
  });

  describe('a second thread opening the same log (adoptDurable)', () => {
    const topics = [{ name: 't', partitions: 2, retentionMs: 86_400_000 }];
    const rec = (v: string, partition: number) => ({ key: Buffer.from(`k${v}`), value: Buffer.from(v), timestamp: Number(v), partition });
    /** Two logs over one database, as the API thread and the stream worker open it; reads of the reader's database are counted. */
    async function pair(name: string) {
      const dir = join(root, name);
      const writer = await openEmbeddedBus(dir, topics, { multithreading: true });
      const reader = await openEmbeddedBus(dir, topics, { multithreading: true });
      let dbReads = 0;
      const iterator = reader.log.db.iterator.bind(reader.log.db) as typeof reader.log.db.iterator;
      (reader.log.db as unknown as { iterator: typeof iterator }).iterator = ((opts: never) => {
        dbReads++;
        return iterator(opts);
      }) as typeof iterator;
      return { writer, reader, dbReads: () => dbReads, close: async () => Promise.all([writer.close(), reader.close()]) };
    }

    it('serves what the writer announced from memory: same records, no database read', async () => {
      const { writer, reader, dbReads, close } = await pair('adopt');
      writer.log.onDurable = (notice) => reader.log.adoptDurable(notice);
      await Promise.all(Array.from({ length: 50 }, (_, i) => writer.producer().send('t', [rec(String(i), i % 2)])));
      expect(reader.log.endOffsets('t')).toEqual([25, 25]);
      const got = [...(await reader.log.read('t', 0, 0, 100)), ...(await reader.log.read('t', 1, 0, 100))];
      const want = [...(await writer.log.read('t', 0, 0, 100)), ...(await writer.log.read('t', 1, 0, 100))];
      expect(got.map((r) => [r.partition, r.offset, r.key.toString(), r.value.toString(), r.timestamp])).toEqual(
        want.map((r) => [r.partition, r.offset, r.key.toString(), r.value.toString(), r.timestamp]),
      );
      expect(got).toHaveLength(50);
      expect(dbReads()).toBe(0);
      await close();
    });

    it('leaves records it already saw as durable to the database (opened after they were written): never twice', async () => {
      const { writer, reader, dbReads, close } = await pair('adopt-late');
      const notices: Parameters<NonNullable<typeof writer.log.onDurable>>[0][] = [];
      writer.log.onDurable = (notice) => void notices.push(notice);
      await writer.producer().send('t', [rec('1', 0), rec('2', 0)]);
      await writer.producer().send('t', [rec('3', 0)]);
      // The reader learns of the first batch by opening after it; its notice arrives late, then the second.
      reader.log.advanceDurable('t', 0, 2);
      for (const n of notices) reader.log.adoptDurable(n);
      expect((await reader.log.read('t', 0, 0, 10)).map((r) => r.value.toString())).toEqual(['1', '2', '3']);
      expect(dbReads()).toBe(1); // offsets 0-1 from the database; 2 from memory after them
      expect((await reader.log.read('t', 0, 2, 10)).map((r) => r.value.toString())).toEqual(['3']);
      expect(dbReads()).toBe(1);
      await close();
    });

    it('keeps withdrawn records out and their offsets as gaps, like the database', async () => {
      const { writer, reader, close } = await pair('adopt-gap');
      writer.log.onDurable = (notice) => reader.log.adoptDurable(notice);
      let withdraw: (() => boolean) | undefined;
      const first = writer.producer().send('t', [rec('1', 0)]); // in flight: the next ones queue behind it
      const gone = writer.producer().send('t', [rec('2', 0)], { withdrawable: (w) => (withdraw = w) });
      const kept = writer.producer().send('t', [rec('3', 0)]);
      expect(withdraw!()).toBe(true);
      await Promise.all([first, kept, gone.catch(() => undefined)]);
      expect((await reader.log.read('t', 0, 0, 10)).map((r) => [r.offset, r.value.toString()])).toEqual([
        [0, '1'],
        [2, '3'],
      ]);
      await close();
    });
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
