/**
 * The store contract (src/streams/stores/state-store.ts): every engine runs this one suite
 * (level-store.test.ts, memory-store.test.ts), so the runtime, the replicas and the queries can
 * be given either.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MINUTE } from '../../../src/domain/time.ts';
import { storeKey } from '../../../src/streams/stores/key-layout.ts';
import type { StateStore } from '../../../src/streams/stores/state-store.ts';
import type { StoreSpec } from '../../../src/streams/stores/store-spec.ts';
import { BatchTx, mapKey, ReadSet } from '../../../src/streams/stores/tx.ts';

export const TIMED: StoreSpec = { id: 40, name: 'timed-test', retentionMs: 10 * MINUTE, segmentMs: 5 * MINUTE };
export const KV: StoreSpec = { id: 41, name: 'kv-test' };
export const T0 = 1_800_000_000_000 - (1_800_000_000_000 % (5 * MINUTE));

export interface EngineFactory {
  /** A new, empty engine (not opened). */
  create(): Promise<StateStore>;
  /** The same state opened again after close (engines that persist it), else undefined. */
  reopen?(closed: StateStore): Promise<StateStore>;
  dispose(): Promise<void>;
}

export async function read(db: StateStore, store: StoreSpec, key: string, now: number): Promise<string | undefined> {
  const rs = new ReadSet();
  rs.add(store, Buffer.from(key));
  return (await db.fetch(rs, now)).get(mapKey(store, Buffer.from(key)))?.toString();
}

export async function write(db: StateStore, store: StoreSpec, key: string, value: string | null, ts: number): Promise<void> {
  const tx = new BatchTx(new Map());
  if (value === null) tx.delete(store, Buffer.from(key), ts);
  else tx.put(store, Buffer.from(key), Buffer.from(value), ts);
  await db.commit([...tx.writes.values()], []);
}

const readSet = (...keys: [StoreSpec, string][]): ReadSet => {
  const r = new ReadSet();
  for (const [store, key] of keys) r.add(store, Buffer.from(key));
  return r;
};

/** Writes `a` in two segments and `k`, and returns two read sets of them: one while both segments live, one after the older died. */
async function readsAtTwoTimes(db: StateStore): Promise<{ reads: ReadSet; now: number }[]> {
  await write(db, TIMED, 'a', 'old', T0);
  await write(db, TIMED, 'a', 'new', T0 + 6 * MINUTE);
  await write(db, KV, 'k', 'v', T0);
  return [
    { reads: readSet([TIMED, 'a'], [KV, 'k']), now: T0 + 6 * MINUTE },
    { reads: readSet([TIMED, 'a'], [KV, 'missing']), now: T0 + 16 * MINUTE }, // the older segment is dead by then
  ];
}

export function storeContract(name: string, factory: () => EngineFactory): void {
  describe(`store contract: ${name}`, () => {
    let f: EngineFactory;
    afterEach(async () => {
      await f?.dispose();
    });
    async function open(specs: StoreSpec[] = [TIMED, KV]): Promise<StateStore> {
      f = factory();
      const db = await f.create();
      await db.open(specs);
      return db;
    }

    it('timed store: the newest segment wins, and a tombstone hides older segments', async () => {
      const db = await open();
      await write(db, TIMED, 'k', 'old', T0);
      await write(db, TIMED, 'k', 'new', T0 + 6 * MINUTE);
      expect(await read(db, TIMED, 'k', T0 + 6 * MINUTE)).toBe('new');
      expect(db.segmentsOf(TIMED)).toEqual([T0, T0 + 5 * MINUTE]);
      await write(db, TIMED, 'k', null, T0 + 7 * MINUTE);
      expect(await read(db, TIMED, 'k', T0 + 7 * MINUTE)).toBeUndefined();
    });

    it('a late write to an older segment than the key holds is never read', async () => {
      const db = await open();
      await write(db, TIMED, 'k', 'new', T0 + 6 * MINUTE);
      await write(db, TIMED, 'k', 'late', T0 + MINUTE);
      expect(await read(db, TIMED, 'k', T0 + 6 * MINUTE)).toBe('new');
      expect(await read(db, TIMED, 'k', T0 + MINUTE)).toBe('new');
    });

    it('hides dead segments from reads and drops them whole on expiry', async () => {
      const db = await open();
      await write(db, TIMED, 'a', '1', T0);
      await write(db, TIMED, 'b', '2', T0 + 10 * MINUTE);
      // segment T0 covers [T0, T0+5m): dead once now - retention >= T0 + 5m
      expect(await read(db, TIMED, 'a', T0 + 15 * MINUTE - 1)).toBe('1');
      expect(await read(db, TIMED, 'a', T0 + 15 * MINUTE)).toBeUndefined();
      expect(await db.expire(T0 + 15 * MINUTE)).toBe(1);
      expect(db.segmentsOf(TIMED)).toEqual([T0 + 10 * MINUTE]);
      expect(await db.expire(T0 + 15 * MINUTE)).toBe(0);
      // gone, not only hidden: a reader at an earlier time finds nothing either
      expect(await read(db, TIMED, 'a', T0)).toBeUndefined();
      expect((await db.scan(TIMED, T0 + 15 * MINUTE)).map((e) => e.key.toString())).toEqual(['b']);
    });

    it('key-value store: a delete removes the key', async () => {
      const db = await open();
      await write(db, KV, 'x', '1', T0);
      expect(await read(db, KV, 'x', T0 + 999 * MINUTE)).toBe('1');
      await write(db, KV, 'x', null, T0);
      expect(await read(db, KV, 'x', T0)).toBeUndefined();
      expect(db.segmentsOf(KV)).toEqual([0]);
    });

    it('commits state and positions together; positions read back per partition', async () => {
      const db = await open();
      const tx = new BatchTx(new Map());
      tx.put(KV, Buffer.from('x'), Buffer.from('1'), T0);
      tx.put(TIMED, Buffer.from('y'), Buffer.from('2'), T0 + 6 * MINUTE);
      await db.commit([...tx.writes.values()], [{ topic: 't', partition: 2, next: 42 }]);
      expect(await db.offsets('t', 3)).toEqual([0, 0, 42]);
      expect(await db.offsets('other', 2)).toEqual([0, 0]);
      await db.commit([], [{ topic: 't', partition: 2, next: 2 ** 40 }]); // positions past 32 bits
      expect(await db.offsets('t', 3)).toEqual([0, 0, 2 ** 40]);
      expect(await read(db, KV, 'x', T0)).toBe('1');
      expect(await read(db, TIMED, 'y', T0 + 6 * MINUTE)).toBe('2');
      if (!f.reopen) return;
      await db.close();
      const again = await f.reopen(db);
      await again.open([TIMED, KV]);
      expect(await again.offsets('t', 3)).toEqual([0, 0, 2 ** 40]);
      expect(again.segmentsOf(TIMED)).toEqual([T0 + 5 * MINUTE]);
      expect(await read(again, KV, 'x', T0)).toBe('1');
      expect(await read(again, TIMED, 'y', T0 + 6 * MINUTE)).toBe('2');
    });

    it('refuses two stores with one id', async () => {
      f = factory();
      const db = await f.create();
      await expect(db.open([TIMED, { id: 40, name: 'other' }])).rejects.toThrow(/store id 40/);
    });

    it('fetchMany answers several read sets, each at its own time, as fetch would one by one', async () => {
      const db = await open();
      const requests = [...(await readsAtTwoTimes(db)), { reads: readSet([TIMED, 'b']), now: T0 }];
      const many = await db.fetchMany(requests);
      const one = await Promise.all(requests.map((r) => db.fetch(r.reads, r.now)));
      expect(many).toEqual(one);
      expect(many[0]!.get(mapKey(TIMED, Buffer.from('a')))?.toString()).toBe('new');
      expect(many[0]!.get(mapKey(KV, Buffer.from('k')))?.toString()).toBe('v');
      expect(many[1]!.get(mapKey(TIMED, Buffer.from('a')))?.toString()).toBe('new');
      expect(many[1]!.has(mapKey(KV, Buffer.from('missing')))).toBe(true);
      expect(many[1]!.get(mapKey(KV, Buffer.from('missing')))).toBeUndefined();
      expect([...many[2]!.keys()]).toEqual([mapKey(TIMED, Buffer.from('b'))]);
    });

    it('fetchEntriesMany answers several lists of keys, each at its own time, as fetchEntries would one by one, in the keys\' order', async () => {
      const db = await open();
      await write(db, TIMED, 'c', 'only-old', T0);
      const requests = [
        ...(await readsAtTwoTimes(db)).map((r) => ({ keys: [...r.reads.entries.values()], now: r.now })),
        { keys: [{ store: TIMED, key: Buffer.from('c') }], now: T0 + 6 * MINUTE },
        { keys: [{ store: TIMED, key: Buffer.from('c') }], now: T0 + 16 * MINUTE }, // only in the older segment, dead by then
      ];
      const many = await db.fetchEntriesMany(requests);
      const one = await Promise.all(requests.map((r) => db.fetchEntries(r.keys, r.now)));
      expect(many).toEqual(one);
      expect(many[0]).toEqual([
        { value: Buffer.from('new'), seg: T0 + 5 * MINUTE },
        { value: Buffer.from('v'), seg: 0 },
      ]);
      expect(many[1]![1]).toEqual({ value: undefined, seg: -1 });
      expect(many[2]).toEqual([{ value: Buffer.from('only-old'), seg: T0 }]);
      expect(many[3]).toEqual([{ value: undefined, seg: -1 }]);
    });

    it('fetchEntries says which segment a value was found in (-1: absent)', async () => {
      const db = await open();
      await write(db, TIMED, 'a', '1', T0 + 6 * MINUTE);
      await write(db, TIMED, 'gone', null, T0 + 6 * MINUTE);
      const got = await db.fetchEntries(['never', 'a', 'gone'].map((k) => ({ store: TIMED, key: Buffer.from(k) })), T0 + 6 * MINUTE);
      expect(got).toEqual([
        { value: undefined, seg: -1 },
        { value: Buffer.from('1'), seg: T0 + 5 * MINUTE },
        { value: undefined, seg: T0 + 5 * MINUTE },
      ]);
    });

    it('scan: every live entry of a store with its segment, tombstones and dead segments left out', async () => {
      const db = await open();
      await write(db, TIMED, 'a', '1', T0);
      await write(db, TIMED, 'b', '2', T0 + 6 * MINUTE);
      await write(db, TIMED, 'c', '3', T0 + 6 * MINUTE);
      await write(db, TIMED, 'c', null, T0 + 7 * MINUTE);
      const at = (now: number) => db.scan(TIMED, now).then((rows) => rows.map((r) => `${r.key}=${r.value}@${r.seg - T0}`).sort());
      expect(await at(T0 + 7 * MINUTE)).toEqual(['a=1@0', `b=2@${5 * MINUTE}`]);
      expect(await at(T0 + 15 * MINUTE)).toEqual([`b=2@${5 * MINUTE}`]);
    });

    it('keys: every key a read of the store can find, in batches (the key filters are built from them)', async () => {
      const db = await open();
      for (let i = 0; i < 5000; i++) await write(db, TIMED, `k${i}`, 'v', T0 + (i % 2) * 6 * MINUTE);
      await write(db, KV, 'other-store', 'v', T0);
      const listed = new Set<string>();
      let batches = 0;
      for await (const batch of db.keys(TIMED)) {
        batches++;
        for (const k of batch) listed.add(k.toString());
      }
      expect(batches).toBeGreaterThan(1);
      for (let i = 0; i < 5000; i++) expect(listed.has(`k${i}`)).toBe(true);
      expect(listed.has('other-store')).toBe(false);
    });

    it('clear: every entry of one store, in every segment, and nothing else; the store stays open; idempotent', async () => {
      const db = await open();
      for (let i = 0; i < 50; i++) await write(db, TIMED, `k${i}`, 'v', T0 + (i % 3) * 5 * MINUTE);
      await write(db, KV, 'kept', 'w', T0);
      await db.commit([], [{ topic: 't', partition: 0, next: 9 }]);
      expect(db.segmentsOf(TIMED).length).toBe(3);
      await db.clear(TIMED);
      const listed: string[] = [];
      for await (const batch of db.keys(TIMED)) for (const k of batch) listed.push(k.toString());
      expect(listed).toEqual([]);
      expect(await read(db, TIMED, 'k2', T0 + 11 * MINUTE)).toBeUndefined();
      expect(db.segmentsOf(TIMED)).toEqual([]);
      expect(await read(db, KV, 'kept', T0)).toBe('w');
      expect(await db.offsets('t', 1)).toEqual([9]);
      await db.clear(TIMED);
      await write(db, TIMED, 'again', 'x', T0 + 10 * MINUTE);
      expect(await read(db, TIMED, 'again', T0 + 10 * MINUTE)).toBe('x');
      await expect(db.clear({ id: 77, name: 'never-opened' })).rejects.toThrow(/not open/);
      if (f.reopen) {
        await db.close();
        const again = await f.reopen(db);
        await again.open([TIMED, KV]);
        expect(again.segmentsOf(TIMED)).toEqual([T0 + 10 * MINUTE]);
        expect(await read(again, TIMED, 'k2', T0 + 11 * MINUTE)).toBeUndefined();
        expect(await read(again, TIMED, 'again', T0 + 10 * MINUTE)).toBe('x');
        expect(await read(again, KV, 'kept', T0)).toBe('w');
      }
    });

    it('applyPhysical: changelog records (physical keys) with the replica positions; unknown stores skipped', async () => {
      const db = await open();
      await db.applyPhysical(
        [
          { key: storeKey(TIMED.id, T0 + 5 * MINUTE, Buffer.from('r')), value: Buffer.from('v') },
          { key: storeKey(KV.id, 0, Buffer.from('kv')), value: Buffer.from('w') },
          { key: storeKey(99, 0, Buffer.from('newer-store')), value: Buffer.from('?') },
          { key: Buffer.from([1, 2]), value: Buffer.from('too short to be a key') },
        ],
        [{ topic: 'changelog', partition: 1, next: 7 }],
      );
      expect(await read(db, TIMED, 'r', T0 + 6 * MINUTE)).toBe('v');
      expect(await read(db, KV, 'kv', T0)).toBe('w');
      expect(await db.offsets('changelog', 2)).toEqual([0, 7]);
      await db.applyPhysical([{ key: storeKey(KV.id, 0, Buffer.from('kv')), value: null }], []);
      expect(await read(db, KV, 'kv', T0)).toBeUndefined();
    });
  });
}
