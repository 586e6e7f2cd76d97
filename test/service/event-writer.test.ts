import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { RecordsWithdrawnError, type BusProducer, type RecordPosition } from '../../src/bus/ports.ts';
import { createEventWriter } from '../../src/service/event-writer.ts';

const root = mkdtempSync(join(tmpdir(), 'mailsift-writer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A producer in front of the real embedded log whose disk is "stuck" until released: sends
 * wait in its queue (withdrawable, as the adapters' queues are) or, once `take()`n, are handed
 * to the log and can no longer be recalled.
 */
function stuckProducer(inner: BusProducer) {
  const queue: { go(): void }[] = [];
  const producer: BusProducer = {
    send: (topic, records, opts) =>
      new Promise<RecordPosition[]>((resolve, reject) => {
        const entry = { go: () => inner.send(topic, records).then(resolve, reject) };
        queue.push(entry);
        opts?.withdrawable?.(() => {
          const i = queue.indexOf(entry);
          if (i < 0) return false;
          queue.splice(i, 1);
          reject(new RecordsWithdrawnError(topic));
          return true;
        });
      }),
  };
  return { producer, take: () => queue.splice(0).map((e) => e.go) };
}

async function openLog(name: string) {
  return openEmbeddedBus(join(root, name), [{ name: 't', partitions: 1, retentionMs: 86_400_000 }]);
}

describe('event writer', () => {
  it('withdraws an event still queued at the deadline: 503, and the event is never written', async () => {
    const bus = await openLog('withdrawn');
    const stuck = stuckProducer(bus.producer());
    const gaveUp: string[] = [];
    const writer = createEventWriter(stuck.producer, { timeoutMs: 50, confirmGraceMs: 10_000, onWritten: () => undefined, onGaveUp: (_t, r) => gaveUp.push(r) });
    const t0 = Date.now();
    await expect(writer.write('t', Buffer.from('k'), Buffer.from('v'), 1, 0)).rejects.toMatchObject({ status: 503, message: 'event log: could not record the event in time, retry later' });
    expect(Date.now() - t0).toBeLessThan(5_000); // no grace for an event that was withdrawn
    expect(gaveUp).toEqual(['no']);
    expect(stuck.take()).toHaveLength(0);
    expect(bus.log.endOffsets('t')).toEqual([0]);
    await bus.close();
  });

  it('waits for an event already being written: the real answer when it lands within the grace, 503 "unknown" past it', async () => {
    const bus = await openLog('inflight');
    const stuck = stuckProducer(bus.producer());
    const gaveUp: string[] = [];
    const written: string[] = [];
    const options = { timeoutMs: 100, onWritten: (t: string) => written.push(t), onGaveUp: (_t: string, r: string) => gaveUp.push(r) };
    const writer = createEventWriter(stuck.producer, { ...options, confirmGraceMs: 10_000 });

    // Handed over before the deadline, confirmed after it (within the grace).
    const landing = writer.write('t', Buffer.from('k'), Buffer.from('v1'), 1, 0);
    const [go] = stuck.take();
    setTimeout(go!, 300);
    expect(await landing).toEqual({ partition: 0, offset: 0 });
    expect(written).toEqual(['t']);

    // Handed over, never confirmed within timeout + grace.
    const never = createEventWriter(stuck.producer, { ...options, confirmGraceMs: 200 }).write('t', Buffer.from('k'), Buffer.from('v2'), 1, 0);
    const [late] = stuck.take();
    await expect(never).rejects.toMatchObject({ status: 503 });
    expect(gaveUp).toEqual(['unknown']);
    late!(); // lands after the 503: exactly the case the metric counts
    await bus.close();
  });

  it('answers 503 "unavailable" at once when the log refuses the event', async () => {
    const bus = await openLog('closed');
    await bus.close();
    const gaveUp: string[] = [];
    const writer = createEventWriter(bus.producer(), { timeoutMs: 5_000, confirmGraceMs: 1_000, onWritten: () => undefined, onGaveUp: (_t, r) => gaveUp.push(r) });
    const t0 = Date.now();
    await expect(writer.write('t', Buffer.from('k'), Buffer.from('v'), 1, 0)).rejects.toMatchObject({ status: 503, message: 'event log: unavailable, retry later' });
    expect(Date.now() - t0).toBeLessThan(4_000);
    expect(gaveUp).toEqual(['unknown']); // a failed write is not known to be unwritten (a broker may have appended it)
  });

  it('writeMany: one send for several events, their positions in order; at the deadline all are withdrawn together, each counted', async () => {
    const bus = await openLog('many');
    const stuck = stuckProducer(bus.producer());
    const written: [string, number][] = [];
    const gaveUp: [string, number][] = [];
    const writer = createEventWriter(stuck.producer, { timeoutMs: 50, confirmGraceMs: 10_000, onWritten: (t, n) => written.push([t, n]), onGaveUp: (_t, r, n) => gaveUp.push([r, n]) });
    const records = ['a', 'b', 'c'].map((v) => ({ key: Buffer.from('k'), value: Buffer.from(v), timestamp: 1, partition: 0 }));
    const landing = writer.writeMany('t', records);
    const sends = stuck.take();
    expect(sends).toHaveLength(1);
    sends[0]!();
    expect(await landing).toEqual([0, 1, 2].map((offset) => ({ partition: 0, offset })));
    expect(written).toEqual([['t', 3]]);

    await expect(writer.writeMany('t', records)).rejects.toMatchObject({ status: 503 });
    expect(gaveUp).toEqual([['no', 3]]);
    expect(stuck.take()).toHaveLength(0);
    expect(bus.log.endOffsets('t')).toEqual([3]);
    await bus.close();
  });
});
