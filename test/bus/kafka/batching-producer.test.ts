import { ProtocolError, ResponseError } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { batchingProducer } from '../../../src/bus/kafka/batching-producer.ts';
import type { PartitionAck, ProduceClient, WireRecord } from '../../../src/bus/kafka/produce-client.ts';

/** A client whose sends wait until the test answers them. */
function fakeClient() {
  const sends: { records: readonly WireRecord[]; answer(acks: PartitionAck[]): void; fail(e: unknown): void }[] = [];
  const client: ProduceClient = {
    send: (records) => new Promise((resolve, reject) => sends.push({ records, answer: resolve, fail: reject })),
    close: async () => undefined,
  };
  return { client, sends };
}

const rec = (key: string, partition: number, extra: { tombstone?: boolean } = {}) => ({ key: Buffer.from(key), value: Buffer.from(`v-${key}`), timestamp: 1_700_000_000_000, partition, ...extra });
const tick = () => new Promise((r) => setImmediate(r));

describe('batchingProducer', () => {
  it('sends at once when idle, groups what arrives meanwhile into the next send, and resolves each record at its partition base offset plus its place', async () => {
    const { client, sends } = fakeClient();
    const p = batchingProducer(() => client, () => 4, { maxQueueMs: 5_000 });
    const first = p.send('t1', [rec('a', 0)]);
    await tick();
    expect(sends).toHaveLength(1);
    const second = p.send('t1', [rec('b', 1), rec('c', 1)]);
    const third = p.send('t2', [rec('d', 1, { tombstone: true })]);
    await tick();
    expect(sends).toHaveLength(1); // one request in flight
    sends[0]!.answer([{ topic: 't1', partition: 0, baseOffset: 7 }]);
    expect(await first).toEqual([{ partition: 0, offset: 7 }]);
    await tick();
    expect(sends).toHaveLength(2);
    expect(sends[1]!.records.map((r) => [r.topic, r.partition, r.key.toString(), r.value?.toString() ?? null])).toEqual([
      ['t1', 1, 'b', 'v-b'],
      ['t1', 1, 'c', 'v-c'],
      ['t2', 1, 'd', null],
    ]);
    sends[1]!.answer([
      { topic: 't1', partition: 1, baseOffset: 40 },
      { topic: 't2', partition: 1, baseOffset: 3 },
    ]);
    expect(await second).toEqual([
      { partition: 1, offset: 40 },
      { partition: 1, offset: 41 },
    ]);
    expect(await third).toEqual([{ partition: 1, offset: 3 }]);
  });

  it('fails the records of a send the broker did not acknowledge a partition of', async () => {
    const { client, sends } = fakeClient();
    const p = batchingProducer(() => client, () => 4, { maxQueueMs: 5_000 });
    const sent = p.send('t1', [rec('a', 2)]);
    await tick();
    sends[0]!.answer([]);
    await expect(sent).rejects.toThrow('no acknowledgement for t1/2');
  });

  it("starts a new producer session after the broker refused this one's sequence numbers, and not after other errors", async () => {
    const { client, sends } = fakeClient();
    let resets = 0;
    const p = batchingProducer(() => client, () => 4, { maxQueueMs: 5_000, resetSession: async () => void resets++ });
    const refused = p.send('t1', [rec('a', 0)]);
    await tick();
    sends[0]!.fail(new ResponseError(0, 9, { '/responses/0/partitions/0': 45 }, {}));
    await expect(refused).rejects.toThrow();
    await tick();
    expect(resets).toBe(1);
    const other = p.send('t1', [rec('b', 0)]);
    await tick();
    sends[1]!.fail(new ProtocolError('NOT_ENOUGH_REPLICAS'));
    await expect(other).rejects.toThrow();
    await tick();
    expect(resets).toBe(1);
  });
});
