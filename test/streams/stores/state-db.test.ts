import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MINUTE } from '../../../src/domain/time.ts';
import { StateDb } from '../../../src/streams/stores/state-db.ts';
import type { StoreSpec } from '../../../src/streams/stores/store-spec.ts';
import { BatchTx, mapKey, ReadSet } from '../../../src/streams/stores/tx.ts';

const TIMED: StoreSpec = { id: 40, name: 'timed-test', retentionMs: 10 * MINUTE, segmentMs: 5 * MINUTE };
const KV: StoreSpec = { id: 41, name: 'kv-test' };
const dirs: string[] = [];
const dbs: StateDb[] = [];
afterEach(async () => {
  for (const d of dbs.splice(0)) await d.close().catch(() => undefined);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
async function open(dir?: string): Promise<StateDb> {
  const path = dir ?? mkdtempSync(join(tmpdir(), 'mailsift-state-'));
  if (!dir) dirs.push(path);
  const db = new StateDb(path);
  await db.open([TIMED, KV]);
  dbs.push(db);
  return db;
}
async function read(db: StateDb, store: StoreSpec, key: string, now: number): Promise<string | undefined> {
  const rs = new ReadSet();
  rs.add(store, Buffer.from(key));
  return (await db.fetch(rs, now)).get(mapKey(store, Buffer.from(key)))?.toString();
}
async function write(db: StateDb, store: StoreSpec, key: string, value: string | null, ts: number): Promise<void> {
  const tx = new BatchTx(new Map());
  if (value === null) tx.delete(store, Buffer.from(key), ts);
  else tx.put(store, Buffer.from(key), Buffer.from(value), ts);
  await db.commit([...tx.writes.values()], []);
}
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % (5 * MINUTE));

describe('StateDb (segmented LevelDB engine)', () => {
  it('timed store: the newest segment wins, and a tombstone hides older segments', async () => {
    const db = await open();
    await write(db, TIMED, 'k', 'old', T0);
    await write(db, TIMED, 'k', 'new', T0 + 6 * MINUTE);
    expect(await read(db, TIMED, 'k', T0 + 6 * MINUTE)).toBe('new');
    expect(db.segmentsOf(TIMED)).toEqual([T0, T0 + 5 * MINUTE]);
    await write(db, TIMED, 'k', null, T0 + 7 * MINUTE);
    expect(await read(db, TIMED, 'k', T0 + 7 * MINUTE)).toBeUndefined();
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
    const left = await db.db.keys().all();
    expect(left.filter((k) => k[0] === TIMED.id)).toHaveLength(1);
  });

  it('commits state and offsets in one batch, and finds segments again after reopening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-state-'));
    dirs.push(dir);
    const db = await open(dir);
    const tx = new BatchTx(new Map());
    tx.put(KV, Buffer.from('x'), Buffer.from('1'), T0);
    tx.put(TIMED, Buffer.from('y'), Buffer.from('2'), T0 + 6 * MINUTE);
    await db.commit([...tx.writes.values()], [{ topic: 't', partition: 2, next: 42 }]);
    await db.close();
    dbs.splice(dbs.indexOf(db), 1);
    const again = await open(dir);
    expect(await again.offsets('t', 3)).toEqual([0, 0, 42]);
    expect(again.segmentsOf(TIMED)).toEqual([T0 + 5 * MINUTE]);
    expect(await read(again, KV, 'x', T0)).toBe('1');
  });

  it('refuses two stores with one id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-state-'));
    dirs.push(dir);
    const db = new StateDb(dir);
    await expect(db.open([TIMED, { id: 40, name: 'other' }])).rejects.toThrow(/store id 40/);
    await db.close();
  });

  it('rejects reads of undeclared keys (aggregations must declare what they read)', () => {
    const tx = new BatchTx(new Map());
    expect(() => tx.get(KV, Buffer.from('nope'))).toThrow(/undeclared/);
  });

  it('fetchMany answers several read sets, each at its own time, as fetch would one by one', async () => {
    const db = await open();
    await write(db, TIMED, 'a', 'old', T0);
    await write(db, TIMED, 'a', 'new', T0 + 6 * MINUTE);
    await write(db, KV, 'k', 'v', T0);
    const rs = (...keys: [StoreSpec, string][]): ReadSet => {
      const r = new ReadSet();
      for (const [store, key] of keys) r.add(store, Buffer.from(key));
      return r;
    };
    const requests = [
      { reads: rs([TIMED, 'a'], [KV, 'k']), now: T0 + 6 * MINUTE },
      { reads: rs([TIMED, 'a'], [KV, 'missing']), now: T0 + 16 * MINUTE }, // the older segment is dead by then
      { reads: rs([TIMED, 'b']), now: T0 },
    ];
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
});
