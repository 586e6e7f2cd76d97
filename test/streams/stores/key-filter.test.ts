import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hash32, KeyFilter, KeyFiltersView } from '../../../src/streams/stores/key-filter.ts';

const key = (s: string): Buffer => Buffer.from(s, 'utf8');

describe('hash32: MurmurHash3 x86 32-bit', () => {
  it.each([
    ['', 0, 0],
    ['', 1, 0x514e28b7],
    ['hello', 0, 0x248bfa47],
    ['abc', 0, 0xb3dd93fa],
    ['The quick brown fox jumps over the lazy dog', 0x9747b28c, 0x2fa826cd],
  ])('%j with seed %i is the reference value', (s, seed, want) => {
    expect(hash32(key(s), seed) >>> 0).toBe(want);
  });
});

describe('KeyFilter', () => {
  it('a key added tests present; one never added tests absent (almost always); adding it again changes nothing', () => {
    const f = KeyFilter.create(1000);
    expect(f.mayHold(key('acme\0inbox-1'))).toBe(false);
    expect(f.add(key('acme\0inbox-1'))).toBe(true);
    expect(f.add(key('acme\0inbox-1'))).toBe(false);
    expect(f.mayHold(key('acme\0inbox-1'))).toBe(true);
    expect(f.mayHold(key('acme\0inbox-2'))).toBe(false);
    expect(f.mayHold(key('globex\0inbox-1'))).toBe(false);
  });

  it('is sized at 10 bits per key at least, a power of two of 512-bit blocks', () => {
    expect(KeyFilter.create(1).share().bits.byteLength).toBe(64); // one block
    expect(KeyFilter.create(1000).share().bits.byteLength * 8).toBe(16_384);
    expect(KeyFilter.create(1 << 20).share().bits.byteLength).toBe(2 * 1024 * 1024);
    expect(() => KeyFilter.create(0)).toThrow(/capacity/);
  });

  it('false positives at its capacity: about 1% of keys never added', () => {
    const f = KeyFilter.create(20_000);
    for (let i = 0; i < 20_000; i++) f.add(key(`acct\0in-${i}`));
    let positives = 0;
    for (let i = 0; i < 100_000; i++) if (f.mayHold(key(`acct\0out-${i}`))) positives++;
    expect(positives / 100_000).toBeLessThan(0.015);
  });

  it('property: after any sequence of adds, every key added tests present, in the filter and in any view of its memory', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.array(fc.uint8Array({ minLength: 0, maxLength: 40 }), { maxLength: 300 }), (capacity, keys) => {
        const f = KeyFilter.create(capacity);
        const view = KeyFilter.over(f.share());
        for (const k of keys) f.add(k);
        return keys.every((k) => f.mayHold(k) && view.mayHold(k));
      }),
      { numRuns: 300 },
    );
  });

  it('another thread that writes the shared memory: each batch it announces tests present here on the announcement', async () => {
    const f = KeyFilter.create(50_000);
    const worker = new Worker(new URL('./key-filter-writer.worker.mjs', import.meta.url), { workerData: { shared: f.share(), batches: 50, perBatch: 400 } });
    const missing: number[] = [];
    let batches = 0;
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (m: { batch?: number; keys?: Uint8Array[]; done?: boolean }) => {
        if (m.done) return resolve();
        batches++;
        for (const k of m.keys!) if (!f.mayHold(k)) missing.push(m.batch!);
      });
      worker.on('error', reject);
    });
    await worker.terminate();
    expect(batches).toBe(50);
    expect(missing).toEqual([]);
  });
});

describe('KeyFiltersView', () => {
  it('answers "may hold" for a store it has no filter of, and follows the filters it is handed', () => {
    const view = new KeyFiltersView();
    const store = { id: 21 };
    expect(view.mayHold(store, key('k'))).toBe(true);
    const f = KeyFilter.create(100);
    view.adopt([[21, f.share()]]);
    expect(view.mayHold(store, key('k'))).toBe(false);
    f.add(key('k'));
    expect(view.mayHold(store, key('k'))).toBe(true);
    expect(view.mayHold({ id: 22 }, key('other'))).toBe(true);
  });
});
