import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DAY } from '../../../src/domain/time.ts';
import { RecordCache } from '../../../src/streams/stores/record-cache.ts';
import { timedStore, type StoreSpec, type TypedStore, type ValueCodec } from '../../../src/streams/stores/store-spec.ts';
import { keyHash, type HashedKey } from '../../../src/streams/stores/key-map.ts';
import { collidingKeys } from '../../helpers/colliding-keys.ts';

const HELD_WHOLE: StoreSpec = { ...timedStore(90, 't-pending', 15 * DAY), cacheAll: true };
const PLAIN: StoreSpec = { id: 91, name: 't-plain' };
const NOW = 1_800_000_000_000;
const k = (s: string): Buffer => Buffer.from(s);
const hashed = (store: StoreSpec, key: string): HashedKey => ({ store, key: k(key), hash: keyHash(store.id, k(key)) });

/** A full collection, after which objects nothing references are gone (WeakRefs cleared once the job ends). */
async function collectGarbage(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
  }
  await new Promise((r) => setImmediate(r));
}

function write(cache: RecordCache, f: (tx: ReturnType<RecordCache['tx']>) => void): void {
  const tx = cache.tx(NOW, 0);
  f(tx);
  tx.apply();
}

describe('record cache', () => {
  it('a store held whole answers absent for keys it does not hold, without caching them', () => {
    const cache = new RecordCache();
    const tx = cache.tx(NOW, 0);
    expect(tx.get(HELD_WHOLE, k('never-written'))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('a key of an ordinary store must have been read (prefetched) first', () => {
    const cache = new RecordCache();
    expect(() => cache.tx(NOW, 0).get(PLAIN, k('x'))).toThrow(/undeclared key/);
    cache.fill(PLAIN, k('x'), undefined, -1);
    expect(cache.tx(NOW, 0).get(PLAIN, k('x'))).toBeUndefined();
  });

  it('a held-whole entry deleted and committed leaves the cache (short-lived keys do not pile up)', () => {
    const cache = new RecordCache();
    write(cache, (tx) => tx.put(HELD_WHOLE, k('label-1'), k('pending'), NOW));
    let receipt = cache.takeDirty();
    receipt.done();
    expect(cache.size).toBe(1);
    expect(cache.tx(NOW, 0).get(HELD_WHOLE, k('label-1'))?.toString()).toBe('pending');

    write(cache, (tx) => tx.delete(HELD_WHOLE, k('label-1'), NOW));
    receipt = cache.takeDirty();
    // Until the commit is done the deletion is still to be written: it stays.
    expect(receipt.writes).toHaveLength(1);
    expect(cache.size).toBe(1);
    receipt.done();
    expect(cache.size).toBe(0);
    expect(cache.tx(NOW, 0).get(HELD_WHOLE, k('label-1'))).toBeUndefined();
  });

  it('a failed commit keeps the deletion dirty for the next one', () => {
    const cache = new RecordCache();
    write(cache, (tx) => tx.put(HELD_WHOLE, k('a'), k('v'), NOW));
    cache.takeDirty().done();
    write(cache, (tx) => tx.delete(HELD_WHOLE, k('a'), NOW));
    cache.takeDirty().fail();
    const again = cache.takeDirty();
    expect(again.writes.map((w) => w.key.toString())).toEqual(['a']);
    again.done();
    expect(cache.size).toBe(0);
  });
});

describe('record cache: values held decoded (stores with a codec)', () => {
  /** A codec over a list of numbers that counts its encodes and decodes. */
  function counted() {
    const n = { encode: 0, decode: 0 };
    const codec: ValueCodec<number[]> = {
      decode: (b) => (n.decode++, [...b]),
      encode: (v) => (n.encode++, Buffer.from(v)),
      clone: (v) => [...v],
      size: (v) => v.length,
    };
    return { n, store: { ...timedStore(92, 't-live', 15 * DAY), codec } satisfies TypedStore<number[]> };
  }

  it('decodes once, changes in place across a batch, encodes once per commit', () => {
    const { n, store } = counted();
    const cache = new RecordCache();
    cache.fill(store, k('d'), Buffer.from([1]), NOW);
    const tx = cache.tx(NOW, 0);
    for (let i = 2; i <= 100; i++) {
      const v = tx.open(store, k('d'))!;
      v.push(i);
      tx.set(store, k('d'), v, NOW);
    }
    tx.apply();
    expect(n).toEqual({ encode: 0, decode: 1 });
    const receipt = cache.takeDirty();
    expect(n.encode).toBe(1);
    expect([...receipt.writes[0]!.value!]).toHaveLength(100);
    receipt.done();
  });

  it('a committed decoded value does not keep its encoded bytes; reads and later commits still give them', async () => {
    const { n, store } = counted();
    const cache = new RecordCache();
    cache.fill(store, k('d'), Buffer.from([1]), NOW);
    write(cache, (tx) => tx.set(store, k('d'), [...tx.open(store, k('d'))!, 2], NOW));
    let receipt: ReturnType<RecordCache['takeDirty']> | undefined = cache.takeDirty();
    const written = new WeakRef(receipt.writes[0]!.value!);
    receipt.done();
    receipt = undefined;
    await collectGarbage();
    expect(written.deref()).toBeUndefined(); // held by nothing: the entry keeps the decoded value only
    expect([...cache.tx(NOW, 0).get(store, k('d'))!]).toEqual([1, 2]);
    expect(cache.tx(NOW, 0).open(store, k('d'))).toEqual([1, 2]);
    expect(n.decode).toBe(1);
    write(cache, (tx) => tx.set(store, k('d'), [...tx.open(store, k('d'))!, 3], NOW));
    const next = cache.takeDirty();
    expect([...next.writes[0]!.value!]).toEqual([1, 2, 3]);
    next.done();
  });

  it("the memory it counts is each held entry's key and value as last written, sized once per write", () => {
    const sized = { n: 0 };
    const codec: ValueCodec<number[]> = { decode: (b) => [...b], encode: (v) => Buffer.from(v), clone: (v) => [...v], size: (v) => (sized.n++, 8 * v.length) };
    const store = { ...timedStore(93, 't-sized', 15 * DAY), codec } satisfies TypedStore<number[]>;
    const OVERHEAD = 600; // record-cache.ts ENTRY_OVERHEAD
    const cache = new RecordCache(2 * OVERHEAD + 100);
    cache.fill(store, k('a'), Buffer.from([1, 2, 3]), NOW);
    cache.fill(PLAIN, k('bb'), Buffer.from('xyz!'), -1);
    expect(cache.memoryBytes).toBe(OVERHEAD + 1 + 3 + (OVERHEAD + 2 + 4));
    write(cache, (tx) => tx.set(store, k('a'), [...tx.open(store, k('a'))!, 4, 5], NOW));
    expect(sized.n).toBe(1); // the new value's size; the old one's is not taken again
    expect(cache.memoryBytes).toBe(OVERHEAD + 1 + 8 * 5 + (OVERHEAD + 2 + 4));
    write(cache, (tx) => tx.set(store, k('a'), [9], NOW));
    expect(sized.n).toBe(2);
    expect(cache.memoryBytes).toBe(OVERHEAD + 1 + 8 + (OVERHEAD + 2 + 4));
    write(cache, (tx) => tx.put(PLAIN, k('bb'), Buffer.from('a longer value'), NOW));
    expect(cache.memoryBytes).toBe(OVERHEAD + 1 + 8 + (OVERHEAD + 2 + 14));
    cache.takeDirty().done(); // the committed decoded value drops its bytes: its cost was the decoded value's
    expect(cache.memoryBytes).toBe(OVERHEAD + 1 + 8 + (OVERHEAD + 2 + 14));
    const before = sized.n;
    write(cache, (tx) => tx.put(PLAIN, k('c'), Buffer.from('c'), NOW));
    cache.takeDirty().done();
    cache.evict(); // over the bound: the oldest clean entries go, each taking exactly what it added
    expect(sized.n).toBe(before);
    expect(cache.size).toBe(1);
    expect(cache.memoryBytes).toBe(OVERHEAD + 1 + 1);
  });

  it("a transaction's changes are its own until applied: a failed batch leaves the cache as it was", () => {
    const { store } = counted();
    const cache = new RecordCache();
    cache.fill(store, k('d'), Buffer.from([1]), NOW);
    write(cache, (tx) => tx.set(store, k('d'), [...tx.open(store, k('d'))!, 2], NOW));
    const failed = cache.tx(NOW, 0);
    failed.open(store, k('d'))!.push(99); // changed in place, never applied (say, its outputs were not produced)
    const next = cache.tx(NOW, 0);
    expect(next.open(store, k('d'))).toEqual([1, 2]);
    expect([...cache.tx(NOW, 0).get(store, k('d'))!]).toEqual([1, 2]);
  });

  it('blind writes skip the cache, are read back until committed, and replace what a read had cached', () => {
    const BLIND: StoreSpec = { ...timedStore(93, 't-index', 15 * DAY), blind: true };
    const cache = new RecordCache();
    cache.fill(BLIND, k('old'), Buffer.from('was'), NOW);
    write(cache, (tx) => {
      tx.put(BLIND, k('new'), k('1'), NOW);
      tx.put(BLIND, k('old'), k('2'), NOW);
    });
    expect(cache.size).toBe(0); // neither is cached
    expect(cache.has(hashed(BLIND, 'new'))).toBe(true);
    expect(cache.tx(NOW, 0).get(BLIND, k('old'))?.toString()).toBe('2');
    const receipt = cache.takeDirty();
    expect(receipt.writes.map((w) => `${w.key}=${w.value}`).sort()).toEqual(['new=1', 'old=2']);
    receipt.done();
    expect(cache.has(hashed(BLIND, 'new'))).toBe(false); // committed: read from the store from now on
  });

  it('blind writes of a failed commit are written by the next one', () => {
    const BLIND: StoreSpec = { ...timedStore(93, 't-index', 15 * DAY), blind: true };
    const cache = new RecordCache();
    write(cache, (tx) => tx.put(BLIND, k('a'), k('1'), NOW));
    cache.takeDirty().fail();
    expect(cache.takeDirty().writes.map((w) => w.key.toString())).toEqual(['a']);
  });

  it("a commit's receipt names each write by its key's hash, in the order of the writes", () => {
    const BLIND: StoreSpec = { ...timedStore(93, 't-index', 15 * DAY), blind: true };
    const cache = new RecordCache();
    cache.fill(PLAIN, k('p'), undefined, -1);
    write(cache, (tx) => {
      tx.put(PLAIN, k('p'), k('1'), NOW);
      tx.put(HELD_WHOLE, k('h'), k('2'), NOW);
      tx.put(BLIND, k('b'), k('3'), NOW);
    });
    const receipt = cache.takeDirty();
    expect(receipt.hashes).toEqual(receipt.writes.map((w) => keyHash(w.store.id, w.key)));
    expect(new Set(receipt.hashes)).toEqual(new Set([hashed(PLAIN, 'p').hash, hashed(HELD_WHOLE, 'h').hash, hashed(BLIND, 'b').hash]));
    receipt.done();
  });

  it('keys whose hashes are the same are told apart: a read, a write, a commit and an eviction of one never touch the other', () => {
    const [x, y] = collidingKeys(PLAIN.id);
    const cache = new RecordCache(1);
    cache.fill(PLAIN, x, Buffer.from('x1'), -1);
    expect(() => cache.tx(NOW, 0).get(PLAIN, y)).toThrow(/undeclared key/); // not x's record
    cache.fill(PLAIN, y, undefined, -1);
    expect(cache.size).toBe(2);
    const tx = cache.tx(NOW, 0);
    expect(tx.get(PLAIN, Buffer.from(x))?.toString()).toBe('x1');
    expect(tx.get(PLAIN, y)).toBeUndefined();
    tx.put(PLAIN, y, Buffer.from('y1'), NOW);
    expect(tx.get(PLAIN, x)?.toString()).toBe('x1');
    expect(tx.get(PLAIN, y)?.toString()).toBe('y1');
    tx.apply();
    const receipt = cache.takeDirty();
    expect(receipt.writes.map((w) => `${w.key.toString('hex')}=${w.value}`)).toEqual([`${y.toString('hex')}=y1`]);
    receipt.done();
    cache.evict(); // over its one byte: both are clean, both go
    expect(cache.size).toBe(0);
  });

  it('a held-whole key whose hash is another held-whole key\'s reads as absent, not as the other', () => {
    const [x, y] = collidingKeys(HELD_WHOLE.id);
    const cache = new RecordCache();
    write(cache, (tx) => tx.put(HELD_WHOLE, x, k('pending'), NOW));
    expect(cache.tx(NOW, 0).get(HELD_WHOLE, y)).toBeUndefined();
    write(cache, (tx) => tx.delete(HELD_WHOLE, y, NOW));
    cache.takeDirty().done();
    expect(cache.size).toBe(1);
    expect(cache.tx(NOW, 0).get(HELD_WHOLE, x)?.toString()).toBe('pending');
  });
});
