import { describe, expect, it } from 'vitest';
import { CachingStore } from '../../../src/streams/stores/caching-store.ts';
import { KeySet, type KeyRef } from '../../../src/streams/stores/key-map.ts';
import type { FetchedEntry } from '../../../src/streams/stores/state-store.ts';
import { segmentOf } from '../../../src/streams/stores/store-spec.ts';
import { MemoryStore } from '../../../src/streams/stores/memory-store.ts';
import { WrappedStore } from '../../../src/streams/stores/wrapped-store.ts';
import { collidingKeys } from '../../helpers/colliding-keys.ts';
import { KV, T0, write } from './store-contract.suite.ts';

/** Counts the reads that reach the engine: one per call, whatever it carries. */
class CountingStore extends WrappedStore {
  calls = 0;
  override fetchEntries(keys: readonly KeyRef[], now: number): Promise<FetchedEntry[]> {
    this.calls++;
    return super.fetchEntries(keys, now);
  }
  override fetchEntriesMany(requests: readonly { keys: readonly KeyRef[]; now: number }[]): Promise<FetchedEntry[][]> {
    this.calls++;
    return super.fetchEntriesMany(requests);
  }
}

const reads = (...keys: (string | Buffer)[]): KeySet => {
  const rs = new KeySet();
  for (const k of keys) rs.add(KV, Buffer.from(k));
  return rs;
};

async function stack(): Promise<{ counting: CountingStore; caching: CachingStore }> {
  const counting = new CountingStore(new MemoryStore());
  await counting.open([KV]);
  for (const k of ['a', 'b', 'c']) await write(counting, KV, k, `${k}1`, T0);
  return { counting, caching: new CachingStore(counting) };
}

describe('CachingStore prefetch', () => {
  it('the prefetches of one turn (one per partition a notice woke) share one read of the store below', async () => {
    const { counting, caching } = await stack();
    const [p0, p1, p2] = await Promise.all([caching.prefetch(reads('a'), T0), caching.prefetch(reads('b', 'x'), T0), caching.prefetch(reads('c'), T0)]);
    expect(counting.calls).toBe(1);
    // Each batch gets what it asked for, and takes it into the cache for its transaction.
    expect([...p0!.fetched].map((e) => e.value?.toString())).toEqual(['a1']);
    expect([...p1!.fetched].map((e) => e.value?.toString())).toEqual(['b1', undefined]);
    for (const p of [p0!, p1!, p2!]) caching.take(p);
    const tx = caching.tx(T0, 0);
    expect(['a', 'b', 'c', 'x'].map((k) => tx.get(KV, Buffer.from(k))?.toString())).toEqual(['a1', 'b1', 'c1', undefined]);
  });

  it('a prefetch of a later turn reads again, and one the cache answers whole reads nothing', async () => {
    const { counting, caching } = await stack();
    caching.take(await caching.prefetch(reads('a'), T0));
    caching.take(await caching.prefetch(reads('b'), T0));
    expect(counting.calls).toBe(2);
    caching.take(await caching.prefetch(reads('a', 'b'), T0));
    expect(counting.calls).toBe(2);
  });

  it('a commit during a prefetch of a key that shares its hash with a committed one: the read is made again, and each key keeps its own value', async () => {
    const [x, y] = collidingKeys(KV.id);
    const { counting, caching } = await stack();
    await counting.commit([{ store: KV, key: y, value: Buffer.from('y-stored'), segmentStart: segmentOf(KV, T0) }], []);
    const inFlight = caching.prefetch(reads(y), T0);
    const tx = caching.tx(T0, 0);
    tx.put(KV, x, Buffer.from('x-new'), T0);
    tx.apply();
    await caching.flush([]);
    const p = await inFlight;
    caching.take(p); // y's hash was committed since the read started: not taken (it may be stale)
    expect(() => caching.tx(T0, 0).get(KV, y)).toThrow(/undeclared key/);
    await caching.complete(p.reads, T0);
    const after = caching.tx(T0, 0);
    expect(after.get(KV, y)?.toString()).toBe('y-stored');
    expect(after.get(KV, x)?.toString()).toBe('x-new');
  });
});
