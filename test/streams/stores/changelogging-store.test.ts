import { describe, expect, it } from 'vitest';
import type { BusProducer, OutRecord } from '../../../src/bus/ports.ts';
import { APP_ID, changelogTopic } from '../../../src/bus/topics.ts';
import { MINUTE } from '../../../src/domain/time.ts';
import { ChangeLoggingStore } from '../../../src/streams/stores/changelogging-store.ts';
import { decodeOffset, decodeStoreKey, offsetKey, storeKey } from '../../../src/streams/stores/key-layout.ts';
import { MemoryStore } from '../../../src/streams/stores/memory-store.ts';
import { KV, read, T0, TIMED } from './store-contract.suite.ts';

function recorder(fail = 0): BusProducer & { sent: { topic: string; records: readonly OutRecord[] }[] } {
  const sent: { topic: string; records: readonly OutRecord[] }[] = [];
  return {
    sent,
    async send(topic, records) {
      if (fail-- > 0) throw new Error('broker away');
      sent.push({ topic, records });
      return [];
    },
  };
}

describe('ChangeLoggingStore (a decorator of any engine)', () => {
  it('writes every store change and the positions to the changelogs, in the source partition, before the engine commits', async () => {
    const inner = new MemoryStore();
    const producer = recorder();
    const db = new ChangeLoggingStore(inner, producer, () => T0);
    await db.open([TIMED, KV]);
    await db.commit(
      [
        { store: TIMED, key: Buffer.from('a'), value: Buffer.from('1'), segmentStart: T0, partition: 3 },
        { store: KV, key: Buffer.from('b'), value: null, segmentStart: 0 },
      ],
      [{ topic: 'checks', partition: 4, next: 10 }],
    );
    const byTopic = Object.fromEntries(producer.sent.map((s) => [s.topic, s.records]));
    expect(byTopic[changelogTopic(APP_ID, TIMED.name)]).toEqual([{ key: storeKey(TIMED.id, T0, Buffer.from('a')), value: Buffer.from('1'), timestamp: T0, partition: 3 }]);
    // a write that names no partition goes to its batch's source partition; a delete is a tombstone
    expect(byTopic[changelogTopic(APP_ID, KV.name)]).toMatchObject([{ key: storeKey(KV.id, 0, Buffer.from('b')), tombstone: true, partition: 4 }]);
    const [pos] = byTopic[changelogTopic(APP_ID, 'offsets')]!;
    expect(decodeStoreKey(pos!.key)!.userKey).toEqual(offsetKey('checks', 4));
    expect(decodeOffset(pos!.value)).toBe(10);
    expect(await read(inner, TIMED, 'a', T0 + MINUTE)).toBe('1');
  });

  it('a changelog that cannot be written leaves the engine untouched (the commit fails whole)', async () => {
    const inner = new MemoryStore();
    const db = new ChangeLoggingStore(inner, recorder(1), () => T0);
    await db.open([TIMED]);
    const commit = () => db.commit([{ store: TIMED, key: Buffer.from('a'), value: Buffer.from('1'), segmentStart: T0, partition: 0 }], [{ topic: 'checks', partition: 0, next: 1 }]);
    await expect(commit()).rejects.toThrow(/broker away/);
    expect(await read(inner, TIMED, 'a', T0)).toBeUndefined();
    expect(await inner.offsets('checks', 1)).toEqual([0]);
    await commit();
    expect(await inner.offsets('checks', 1)).toEqual([1]);
  });
});
