import { describe, expect, it } from 'vitest';
import { coalescingReader, type BatchStateReader } from '../../src/streams/coalescing-reader.ts';
import type { StoreSpec } from '../../src/streams/stores/store-spec.ts';
import type { ReadSet } from '../../src/streams/stores/tx.ts';
import { readsOf, valueOf } from '../helpers/read-sets.ts';

const KV: StoreSpec = { id: 41, name: 'kv-test' };

/** A store of fixed values that records every database call it gets. */
function recordingStore(fail = false): BatchStateReader & { calls: { reads: ReadSet; now: number }[][] } {
  const calls: { reads: ReadSet; now: number }[][] = [];
  return {
    calls,
    async fetchMany(requests) {
      calls.push([...requests]);
      if (fail) throw new Error('disk on fire');
      return requests.map((r) => new Map([...r.reads.entries].map(([mk, e]) => [mk, Buffer.from(`${e.key.toString()}@${r.now}`)])));
    },
    fetch: () => Promise.reject(new Error('the coalescer must use fetchMany')),
    scan: async () => [],
  };
}

const reads = (...keys: string[]): ReadSet => readsOf(KV, ...keys);
const value = (m: Map<string, Buffer | undefined>, key: string): string | undefined => valueOf(m, KV, key);

describe('coalescingReader', () => {
  it('sends the reads of one event-loop turn in one database call, each answered with its own values and time', async () => {
    const store = recordingStore();
    const reader = coalescingReader(store);
    const [a, b, c] = await Promise.all([reader.fetch(reads('x', 'y'), 1), reader.fetch(reads('y'), 2), reader.fetch(reads('z'), 3)]);
    expect(store.calls).toHaveLength(1);
    expect(store.calls[0]!.map((r) => r.now)).toEqual([1, 2, 3]);
    expect([value(a!, 'x'), value(a!, 'y'), value(b!, 'y'), value(c!, 'z')]).toEqual(['x@1', 'y@1', 'y@2', 'z@3']);
    expect(a!.size).toBe(2);
    expect(b!.size).toBe(1);
  });

  it('reads of a later turn go in a later call', async () => {
    const store = recordingStore();
    const reader = coalescingReader(store);
    await reader.fetch(reads('x'), 1);
    await reader.fetch(reads('x'), 2);
    expect(store.calls).toHaveLength(2);
  });

  it('splits a turn into calls of at most maxReads keys (a read set is never split)', async () => {
    const store = recordingStore();
    const reader = coalescingReader(store, 4);
    await Promise.all([reader.fetch(reads('a', 'b', 'c'), 1), reader.fetch(reads('d'), 1), reader.fetch(reads('e'), 1), reader.fetch(reads('f', 'g', 'h', 'i', 'j'), 1)]);
    expect(store.calls.map((call) => call.map((r) => r.reads.entries.size))).toEqual([[3, 1], [1], [5]]);
  });

  it('a failed call rejects every read in it, and the reader keeps working', async () => {
    const broken = coalescingReader(recordingStore(true));
    const results = await Promise.allSettled([broken.fetch(reads('a'), 1), broken.fetch(reads('b'), 1)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    await expect(broken.fetch(reads('c'), 1)).rejects.toThrow('disk on fire');
  });
});
