/**
 * Records handed to a reader in another thread with the durable notice (embedded mode: the API
 * thread writes checks, the stream worker applies them). The writer and the reader are two logs
 * over one database, as the two threads open it, and the notices cross a real MessageChannel
 * with their buffers transferred. What a reader consumes must be what it would have read back
 * from the database, whatever happens to the hand-off: gaps, late notices, a reader restarted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import type { DurableMove, LogTopicSpec } from '../../src/bus/embedded-log.ts';
import type { Bus, BusConsumer, ConsumedRecord } from '../../src/bus/ports.ts';
import type { EmbeddedLog } from '../../src/bus/embedded-log.ts';

const root = mkdtempSync(join(tmpdir(), 'mailsift-handoff-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

const TOPICS: LogTopicSpec[] = [
  { name: 't', partitions: 3, retentionMs: Number.POSITIVE_INFINITY },
  { name: 'u', partitions: 1, retentionMs: Number.POSITIVE_INFINITY },
];

type Opened = Bus & { log: EmbeddedLog };

/** A writer and a reader over one log directory; the writer hands over `t` (not `u`). */
async function pair(): Promise<{ dir: string; writer: Opened; reader: Opened }> {
  const dir = join(root, `log-${n++}`);
  const writer = await openEmbeddedBus(dir, TOPICS, { multithreading: true });
  const reader = await openEmbeddedBus(dir, TOPICS, { multithreading: true });
  writer.log.handOver(['t']);
  return { dir, writer, reader };
}

/** Sends notices through a MessageChannel as streams-thread.ts does (buffers transferred). */
function channel(deliver: (moved: DurableMove[]) => void): { post(moved: DurableMove[]): void; drained(): Promise<void>; close(): void } {
  const { port1, port2 } = new MessageChannel();
  let sent = 0;
  let got = 0;
  const waiting: (() => void)[] = [];
  port2.on('message', (moved: DurableMove[]) => {
    deliver(moved);
    got++;
    if (got === sent) waiting.splice(0).forEach((w) => w());
  });
  return {
    post(moved) {
      sent++;
      port1.postMessage(moved, moved.flatMap((m) => (m.records ? [m.records.data] : [])));
    },
    drained: () => (got === sent ? Promise.resolve() : new Promise((r) => waiting.push(r))),
    close() {
      port1.close();
      port2.close();
    },
  };
}

/** A consumer of every partition of `t` and `u` from given positions, collecting what it is given. */
function collect(bus: Opened, from: Map<string, number>): { seen: Map<string, ConsumedRecord[]>; consumer: BusConsumer; started: Promise<void> } {
  const seen = new Map<string, ConsumedRecord[]>();
  const consumer = bus.consumer('g');
  const started = consumer.start(['t', 'u'], {
    position: async (tp) => from.get(`${tp.topic}/${tp.partition}`) ?? 0,
    onBatch: async (tp, recs) => {
      const id = `${tp.topic}/${tp.partition}`;
      seen.set(id, [...(seen.get(id) ?? []), ...recs]);
    },
  });
  return { seen, consumer, started };
}

const simple = (r: ConsumedRecord) => ({ offset: r.offset, key: r.key.toString('hex'), value: r.value.toString('hex'), timestamp: r.timestamp, tombstone: r.tombstone === true });

/** Every record of the log as a fresh reader reads it back from the database. */
async function fromDisk(dir: string): Promise<Map<string, ReturnType<typeof simple>[]>> {
  const fresh = await openEmbeddedBus(dir, TOPICS, { multithreading: true });
  const out = new Map<string, ReturnType<typeof simple>[]>();
  for (const t of TOPICS) {
    for (let p = 0; p < t.partitions; p++) out.set(`${t.name}/${p}`, (await fresh.log.read(t.name, p, 0, 100_000)).map(simple));
  }
  await fresh.close();
  return out;
}

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Counts the reader database's iterators (reads of the log back from disk). */
function countIterators(log: EmbeddedLog): () => number {
  let iterators = 0;
  const orig = log.db.iterator.bind(log.db);
  (log.db as unknown as { iterator: typeof orig }).iterator = ((...args: Parameters<typeof orig>) => {
    iterators++;
    return orig(...args);
  }) as typeof orig;
  return () => iterators;
}

/** Records of `t` consumed so far, over its three partitions. */
const consumedOfT = (seen: Map<string, ConsumedRecord[]>): number => [0, 1, 2].reduce((s, p) => s + (seen.get(`t/${p}`)?.length ?? 0), 0);

/** What was consumed of each partition of `t` is exactly what a fresh reader reads back. */
async function expectAsOnDisk(dir: string, consumed: (p: number) => readonly ConsumedRecord[]): Promise<void> {
  const disk = await fromDisk(dir);
  for (let p = 0; p < 3; p++) expect(consumed(p).map(simple)).toEqual(disk.get(`t/${p}`));
}

/** Stops the consumer, then the channel and both logs. */
async function closeAll(consumer: BusConsumer, ch: { close(): void }, reader: Opened, writer: Opened): Promise<void> {
  await consumer.stop();
  ch.close();
  await reader.close();
  await writer.close();
}

const rec = (i: number, partition: number, tombstone = false) => ({ key: Buffer.from(`k${i}`), value: Buffer.from(`value-${i}`.repeat(1 + (i % 5))), timestamp: 1_000 + i, partition, ...(tombstone ? { tombstone: true } : {}) });

describe('records handed over with the durable notice (Given a writer that hands over topic t, and a reader in another log instance)', () => {
  it('When every notice carries its records, Then the reader consumes them without reading the log back, and exactly what the log holds', async () => {
    const { dir, writer, reader } = await pair();
    const ch = channel((moved) => reader.log.receiveDurable(moved));
    writer.log.onDurable = (moved) => ch.post(moved);
    const iterators = countIterators(reader.log);
    const { seen, consumer, started } = collect(reader, new Map());
    await started;
    const before = iterators();
    let i = 0;
    for (let round = 0; round < 20; round++) {
      await Promise.all(Array.from({ length: 1 + (round % 7) }, () => writer.producer().send('t', [rec(i, i++ % 3, i % 11 === 0)])));
    }
    await ch.drained();
    await until(() => consumedOfT(seen) === i);
    expect(iterators() - before).toBe(0);
    await expectAsOnDisk(dir, (p) => seen.get(`t/${p}`)!);
    // A topic not handed over is read back from the log, as before.
    await writer.producer().send('u', [rec(999, 0)]);
    await ch.drained();
    await until(() => seen.get('u/0')?.length === 1);
    expect(iterators() - before).toBeGreaterThan(0);
    await closeAll(consumer, ch, reader, writer);
  });

  it('When some notices lose their records (a gap in the hand-off), Then the reader reads the gap from the log and ends with the same records', async () => {
    const { dir, writer, reader } = await pair();
    // The notices are held, then delivered in one go (every third without its records), so the
    // reader sees chunks on both sides of each gap before it reads.
    const held: DurableMove[][] = [];
    const ch = channel((moved) => held.push(moved));
    writer.log.onDurable = (moved) => ch.post(moved);
    const iterators = countIterators(reader.log);
    const { seen, consumer, started } = collect(reader, new Map());
    await started;
    let i = 0;
    for (let round = 0; round < 30; round++) await writer.producer().send('t', Array.from({ length: 1 + (round % 4) }, () => rec(i, i++ % 3)));
    await ch.drained();
    held.forEach((moved, k) => reader.log.receiveDurable(k % 3 === 1 ? moved.map(({ records: _, ...m }) => m) : moved));
    await until(() => consumedOfT(seen) === i);
    expect(iterators()).toBeGreaterThan(0); // the gaps were read from the log
    await expectAsOnDisk(dir, (p) => seen.get(`t/${p}`)!);
    await closeAll(consumer, ch, reader, writer);
  });

  it('When a chunk arrives after a later notice (late) or twice, Then nothing is applied twice or skipped', async () => {
    const { dir, writer, reader } = await pair();
    const held: DurableMove[][] = [];
    let k = 0;
    const ch = channel((moved) => {
      if (k++ === 2) {
        held.push(moved); // notice 3 is held back: the reader learns of its end from notice 4 on, without its records
        return;
      }
      reader.log.receiveDurable(moved);
      for (const h of held.splice(0)) reader.log.receiveDurable(h); // then the late one, and again
      reader.log.receiveDurable(moved);
    });
    writer.log.onDurable = (moved) => ch.post(moved);
    const { seen, consumer, started } = collect(reader, new Map());
    await started;
    let i = 0;
    for (let round = 0; round < 12; round++) await writer.producer().send('t', Array.from({ length: 3 }, () => rec(i, i++ % 3)));
    await ch.drained();
    await until(() => consumedOfT(seen) === i);
    await expectAsOnDisk(dir, (p) => seen.get(`t/${p}`)!);
    await closeAll(consumer, ch, reader, writer);
  });

  it('When the reader restarts mid-stream, Then it reads what it missed from the log and goes on from the notices', async () => {
    const { dir, writer } = await pair();
    let reader = await openEmbeddedBus(dir, TOPICS, { multithreading: true });
    let target: EmbeddedLog | undefined = reader.log;
    const ch = channel((moved) => target?.receiveDurable(moved));
    writer.log.onDurable = (moved) => ch.post(moved);
    let c = collect(reader, new Map());
    await c.started;
    let i = 0;
    const send = async (rounds: number): Promise<void> => {
      for (let round = 0; round < rounds; round++) await writer.producer().send('t', Array.from({ length: 2 }, () => rec(i, i++ % 3)));
      await ch.drained();
    };
    await send(10);
    const consumed = (seen: Map<string, ConsumedRecord[]>) => [0, 1, 2].reduce((s, p) => s + (seen.get(`t/${p}`)?.length ?? 0), 0);
    await until(() => consumed(c.seen) === i);
    // The reader goes away (its position: what it consumed), records keep coming, it comes back.
    const before = c.seen;
    await c.consumer.stop();
    await reader.close();
    target = undefined;
    await send(10);
    reader = await openEmbeddedBus(dir, TOPICS, { multithreading: true });
    target = reader.log;
    const from = new Map([0, 1, 2].map((p) => [`t/${p}`, before.get(`t/${p}`)!.at(-1)!.offset + 1]));
    c = collect(reader, from);
    await c.started;
    await send(10);
    await until(() => consumed(c.seen) + consumed(before) === i);
    await expectAsOnDisk(dir, (p) => [...before.get(`t/${p}`)!, ...c.seen.get(`t/${p}`)!]);
    await closeAll(c.consumer, ch, reader, writer);
  });

  it('Property: over random appends, withdrawals, lost, late and repeated notices and reader restarts, the reader consumes exactly what reading the log back gives', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('send' as const), partitions: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 6 }), tombstone: fc.boolean() }),
      fc.record({ kind: fc.constant('withdraw' as const), partition: fc.integer({ min: 0, max: 2 }) }),
      // How each queued notice is delivered, in turn (a deliver step hands over every notice queued).
      fc.record({ kind: fc.constant('deliver' as const), hows: fc.array(fc.constantFrom('whole', 'bare', 'late', 'twice'), { minLength: 1, maxLength: 4 }) }),
      fc.record({ kind: fc.constant('restart' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { dir, writer } = await pair();
        let reader: Opened | undefined = await openEmbeddedBus(dir, TOPICS, { multithreading: true });
        // Notices queue up here and are delivered by the 'deliver' steps (and at the end).
        const queued: DurableMove[][] = [];
        const ch = channel((moved) => queued.push(moved));
        writer.log.onDurable = (moved) => ch.post(moved);
        const done = new Map<string, ConsumedRecord[]>();
        let c = collect(reader, new Map());
        await c.started;
        let i = 0;
        let late: DurableMove[][] = [];
        const deliver = (hows: readonly string[]): void => {
          for (const [k, moved] of queued.splice(0).entries()) {
            const how = hows[k % hows.length]!;
            if (how === 'bare') reader?.log.receiveDurable(moved.map(({ records: _, ...m }) => m));
            else if (how === 'late') late.push(moved);
            else {
              reader?.log.receiveDurable(moved);
              if (how === 'twice') reader?.log.receiveDurable(moved);
            }
            if (how !== 'late' && late.length) {
              for (const l of late) reader?.log.receiveDurable(l);
              late = [];
            }
          }
        };
        const settle = async (): Promise<void> => {
          await ch.drained();
          await new Promise((r) => setTimeout(r, 5));
        };
        for (const s of steps) {
          if (s.kind === 'send') {
            await writer.producer().send('t', s.partitions.map((p, j) => rec(i++, p, s.tombstone && j === 0)));
          } else if (s.kind === 'withdraw') {
            await writer.producer().send('t', [rec(i++, s.partition)], { withdrawable: (w) => w() }).catch(() => undefined);
          } else if (s.kind === 'deliver') {
            await settle();
            deliver(s.hows);
          } else {
            await settle();
            await c.consumer.stop();
            for (const [id, recs] of c.seen) done.set(id, [...(done.get(id) ?? []), ...recs]);
            await reader!.close();
            reader = await openEmbeddedBus(dir, TOPICS, { multithreading: true });
            late = [];
            const from = new Map([...done].map(([id, recs]) => [id, recs.at(-1)!.offset + 1]));
            c = collect(reader, from);
            await c.started;
          }
        }
        await settle();
        deliver(['whole']);
        // Every notice arrives in the end (a MessagePort loses none): the late ones last.
        for (const l of late) reader.log.receiveDurable(l);
        const disk = await fromDisk(dir);
        const total = [0, 1, 2].reduce((s, p) => s + disk.get(`t/${p}`)!.length, 0);
        const consumed = () => [0, 1, 2].reduce((s, p) => s + (done.get(`t/${p}`)?.length ?? 0) + (c.seen.get(`t/${p}`)?.length ?? 0), 0);
        await until(() => consumed() === total);
        for (let p = 0; p < 3; p++) expect([...(done.get(`t/${p}`) ?? []), ...(c.seen.get(`t/${p}`) ?? [])].map(simple)).toEqual(disk.get(`t/${p}`));
        await closeAll(c.consumer, ch, reader, writer);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
