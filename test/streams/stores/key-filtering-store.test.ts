import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../../src/domain/time.ts';
import { KeyFiltersView, type SharedKeyFilters } from '../../../src/streams/stores/key-filter.ts';
import { KeyFilteringStore } from '../../../src/streams/stores/key-filtering-store.ts';
import { storeKey } from '../../../src/streams/stores/key-layout.ts';
import { LevelStore } from '../../../src/streams/stores/level-store.ts';
import { MemoryStore } from '../../../src/streams/stores/memory-store.ts';
import type { CommittedPosition } from '../../../src/streams/stores/state-store.ts';
import { segmentOf } from '../../../src/streams/stores/store-spec.ts';
import type { PendingWrite } from '../../../src/streams/stores/tx.ts';
import { KV, T0, TIMED } from './store-contract.suite.ts';

const put = (key: string, ts = T0, store = TIMED): PendingWrite => ({ store, key: Buffer.from(key), value: Buffer.from('v'), segmentStart: segmentOf(store, ts) });

/** An engine that records, at each write reaching it, whether the filters above already held its keys. */
class Observed extends MemoryStore {
  filters?: KeyFilteringStore;
  readonly heldAtWrite: boolean[] = [];
  override async commit(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void> {
    for (const w of writes) if (w.store.id === TIMED.id) this.heldAtWrite.push(this.filters!.mayHold(TIMED, w.key));
    await new Promise((r) => setImmediate(r)); // a write takes a while: replacements overlap it
    return super.commit(writes, positions);
  }
}

async function engineKeys(db: MemoryStore): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const batch of db.keys(TIMED)) out.push(...batch);
  return out;
}

describe('KeyFilteringStore (Given an engine behind key filters)', () => {
  it('When opened over an engine that holds keys, Then every one tests present, and keys it lacks almost never do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-filter-'));
    try {
      const engine = new LevelStore(dir);
      await engine.open([TIMED, KV]);
      const writes = Array.from({ length: 3000 }, (_, i) => put(`acct\0in-${i}`, T0 + (i % 3) * 5 * MINUTE));
      await engine.commit(writes, []);
      await engine.close();
      const handed: SharedKeyFilters[] = [];
      const filtered = new KeyFilteringStore(new LevelStore(dir), [TIMED], { minCapacity: 1024, onReplaced: (f) => handed.push(f) });
      await filtered.open([TIMED, KV]);
      // Built in the background: until then any key may be held.
      expect(filtered.mayHold(TIMED, Buffer.from('acct\0out-1'))).toBe(true);
      expect(filtered.shared()).toEqual([]);
      await filtered.settled();
      // 3,000 keys: the first filter (1,024) was full, so a bigger one followed.
      expect(handed.length).toBeGreaterThanOrEqual(2);
      expect(filtered.shared()[0]![1].capacity).toBeGreaterThanOrEqual(3000);
      expect(writes.every((w) => filtered.mayHold(TIMED, w.key))).toBe(true);
      const strangers = Array.from({ length: 10_000 }, (_, i) => Buffer.from(`acct\0out-${i}`)).filter((k) => filtered.mayHold(TIMED, k));
      expect(strangers.length).toBeLessThan(200);
      // A store without a filter may hold anything.
      expect(filtered.mayHold(KV, Buffer.from('anything'))).toBe(true);
      await filtered.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('When a commit is written, Then its keys are in the filter before the write reaches the engine (tombstones and other stores not added)', async () => {
    const engine = new Observed();
    const filtered = new KeyFilteringStore(engine, [TIMED], { minCapacity: 1024 });
    engine.filters = filtered;
    await filtered.open([TIMED, KV]);
    await filtered.settled();
    await filtered.commit([put('a'), put('b'), put('kv', T0, KV)], [{ topic: 't', partition: 0, next: 3 }]);
    expect(engine.heldAtWrite).toEqual([true, true]);
    await filtered.commit([{ ...put('gone'), value: Buffer.alloc(0) }], []);
    expect(filtered.mayHold(TIMED, Buffer.from('gone'))).toBe(false);
    expect(await filtered.offsets('t', 1)).toEqual([3]);
  });

  it("When a replica applies changelog records, Then their keys are in the filter (a delete's are not added)", async () => {
    const filtered = new KeyFilteringStore(new MemoryStore(), [TIMED], { minCapacity: 1024 });
    await filtered.open([TIMED, KV]);
    await filtered.settled();
    await filtered.applyPhysical(
      [
        { key: storeKey(TIMED.id, T0, Buffer.from('r')), value: Buffer.from('v') },
        { key: storeKey(TIMED.id, T0, Buffer.from('deleted')), value: null },
        { key: storeKey(KV.id, 0, Buffer.from('kv')), value: Buffer.from('w') },
      ],
      [],
    );
    expect(filtered.mayHold(TIMED, Buffer.from('r'))).toBe(true);
    expect(filtered.mayHold(TIMED, Buffer.from('deleted'))).toBe(false);
  });

  it('When it fills past its capacity, Then a bigger one replaces it, handed over once built, with every key', async () => {
    const handed: SharedKeyFilters[] = [];
    const filtered = new KeyFilteringStore(new MemoryStore(), [TIMED], { minCapacity: 64, onReplaced: (f) => handed.push(f) });
    await filtered.open([TIMED]);
    await filtered.settled();
    const view = new KeyFiltersView();
    view.adopt(filtered.shared());
    const keys: Buffer[] = [];
    for (let c = 0; c < 40; c++) {
      const writes = Array.from({ length: 25 }, (_, i) => put(`k-${c}-${i}`));
      keys.push(...writes.map((w) => w.key));
      await filtered.commit(writes, []);
      for (const f of handed.splice(0)) view.adopt(f);
      expect(keys.every((k) => view.mayHold(TIMED, k))).toBe(true);
    }
    await filtered.settled();
    for (const f of handed.splice(0)) view.adopt(f);
    expect(filtered.shared()[0]![1].capacity).toBeGreaterThanOrEqual(1000);
    expect(keys.every((k) => view.mayHold(TIMED, k) && filtered.mayHold(TIMED, k))).toBe(true);
  });

  it('When a segment of the store is dropped, Then a new filter stops answering "maybe" for most of its keys', async () => {
    const filtered = new KeyFilteringStore(new MemoryStore(), [TIMED], { minCapacity: 4096 });
    await filtered.open([TIMED]);
    await filtered.settled();
    const old = Array.from({ length: 500 }, (_, i) => put(`old-${i}`, T0));
    const live = Array.from({ length: 500 }, (_, i) => put(`live-${i}`, T0 + 10 * MINUTE));
    await filtered.commit([...old, ...live], []);
    expect(old.every((w) => filtered.mayHold(TIMED, w.key))).toBe(true);
    expect(await filtered.expire(T0 + 16 * MINUTE)).toBe(1);
    await filtered.settled();
    expect(live.every((w) => filtered.mayHold(TIMED, w.key))).toBe(true);
    expect(old.filter((w) => filtered.mayHold(TIMED, w.key)).length).toBeLessThan(25);
  });

  it('property: whatever the writes, fills and expiries, at every moment each key the engine holds tests present in the filter readers were last handed', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), keys: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 40 }), seg: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('expire' as const), seg: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant('settle' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const engine = new Observed();
        const view = new KeyFiltersView();
        const filtered = new KeyFilteringStore(engine, [TIMED], { minCapacity: 16, onReplaced: (f) => view.adopt(f) });
        engine.filters = filtered;
        await filtered.open([TIMED]);
        view.adopt(filtered.shared());
        let now = T0;
        const inFlight: Promise<void>[] = [];
        for (const o of ops) {
          if (o.kind === 'write') {
            const ts = T0 + o.seg * 5 * MINUTE;
            // Not awaited one by one: writes overlap replacements and each other.
            inFlight.push(filtered.commit(o.keys.map((k) => put(`key-${k}`, Math.max(ts, now - 5 * MINUTE))), []));
          } else if (o.kind === 'expire') {
            await Promise.all(inFlight.splice(0));
            now = Math.max(now, T0 + o.seg * 5 * MINUTE);
            await filtered.expire(now);
          } else await filtered.settled();
          await Promise.all(inFlight.splice(0));
          for (const k of await engineKeys(engine)) if (!view.mayHold(TIMED, k)) return false;
        }
        await filtered.settled();
        return engine.heldAtWrite.every(Boolean) && (await engineKeys(engine)).every((k) => view.mayHold(TIMED, k) && filtered.mayHold(TIMED, k));
      }),
      { numRuns: 150 },
    );
  });
});
