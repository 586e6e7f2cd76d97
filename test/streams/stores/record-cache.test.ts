import { describe, expect, it } from 'vitest';
import { DAY } from '../../../src/domain/time.ts';
import { RecordCache } from '../../../src/streams/stores/record-cache.ts';
import { timedStore, type StoreSpec } from '../../../src/streams/stores/store-spec.ts';
import { mapKey } from '../../../src/streams/stores/tx.ts';

const HELD_WHOLE: StoreSpec = { ...timedStore(90, 't-pending', 15 * DAY), cacheAll: true };
const PLAIN: StoreSpec = { id: 91, name: 't-plain' };
const NOW = 1_800_000_000_000;
const k = (s: string): Buffer => Buffer.from(s);

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
    cache.fill(mapKey(PLAIN, k('x')), PLAIN, k('x'), undefined, -1);
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
