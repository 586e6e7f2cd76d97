import { describe, expect, it } from 'vitest';
import { keyHash, KeySet, KeyTable, sameBytes, type Keyed } from '../../../src/streams/stores/key-map.ts';
import type { StoreSpec } from '../../../src/streams/stores/store-spec.ts';
import { collidingKeys } from '../../helpers/colliding-keys.ts';

const A: StoreSpec = { id: 5, name: 't-a' };
const B: StoreSpec = { id: 6, name: 't-b' };

interface Item extends Keyed<Item> {
  readonly label: string;
}
const item = (store: StoreSpec, key: Buffer, label: string): Item => ({ store, key, hash: keyHash(store.id, key), next: undefined, label });

describe('keyHash and sameBytes', () => {
  it('the hash is a small integer that depends on the store and on every byte', () => {
    const h = keyHash(A.id, Buffer.from('domain-1'));
    expect(Number.isInteger(h) && h >= 0 && h < 2 ** 30).toBe(true);
    expect(keyHash(A.id, Buffer.from('domain-1'))).toBe(h);
    expect(keyHash(B.id, Buffer.from('domain-1'))).not.toBe(h);
    expect(keyHash(A.id, Buffer.from('domain-2'))).not.toBe(h);
    expect(keyHash(A.id, Buffer.from('domain-1\0'))).not.toBe(h);
  });

  it('sameBytes compares lengths and bytes', () => {
    expect(sameBytes(Buffer.from('ab'), Buffer.from('ab'))).toBe(true);
    expect(sameBytes(Buffer.from('ab'), Buffer.from('abc'))).toBe(false);
    expect(sameBytes(Buffer.from('ab'), Buffer.from('ac'))).toBe(false);
  });
});

describe('KeyTable', () => {
  it('keys of one hash (one store) are told apart by their bytes: a lookup never returns the other key', () => {
    const [x, y] = collidingKeys(A.id);
    expect(keyHash(A.id, x)).toBe(keyHash(A.id, y));
    const t = new KeyTable<Item>();
    const ix = item(A, x, 'x');
    t.add(ix);
    expect(t.find(A, y, keyHash(A.id, y))).toBeUndefined();
    const iy = item(A, y, 'y');
    t.add(iy);
    expect(t.find(A, Buffer.from(x), ix.hash)?.label).toBe('x');
    expect(t.find(A, Buffer.from(y), iy.hash)?.label).toBe('y');
    expect(t.size).toBe(2);
    expect(t.toArray().map((e) => e.label).sort()).toEqual(['x', 'y']);
    t.remove(iy); // the head of the chain
    expect(t.find(A, y, iy.hash)).toBeUndefined();
    expect(t.find(A, x, ix.hash)?.label).toBe('x');
    t.add(iy);
    t.remove(ix); // not the head
    expect(t.find(A, x, ix.hash)).toBeUndefined();
    expect(t.find(A, y, iy.hash)?.label).toBe('y');
    expect(t.size).toBe(1);
  });

  it('keys of one hash in two stores are told apart by the store', () => {
    const [x, y] = collidingKeys(A.id, B.id);
    const t = new KeyTable<Item>();
    t.add(item(A, x, 'a'));
    t.add(item(B, y, 'b'));
    expect(t.find(A, x, keyHash(A.id, x))?.label).toBe('a');
    expect(t.find(B, y, keyHash(B.id, y))?.label).toBe('b');
    expect(t.find(B, x, keyHash(A.id, x))).toBeUndefined(); // the bytes of one, the store of the other
  });

  it('forEach visits every entry in insertion order and lets the visited entry go, and stops on false', () => {
    const [x, y] = collidingKeys(A.id);
    const t = new KeyTable<Item>();
    const all = [item(A, Buffer.from('k1'), '1'), item(A, x, 'x'), item(A, Buffer.from('k2'), '2'), item(A, y, 'y'), item(A, Buffer.from('k3'), '3')];
    for (const e of all) t.add(e);
    const seen: string[] = [];
    t.forEach((e) => {
      seen.push(e.label);
      if (e.label !== '2') t.remove(e);
    });
    // A chained entry is visited with the first of its hash (the newest of them first).
    expect(seen).toEqual(['1', 'y', 'x', '2', '3']);
    expect(t.toArray().map((e) => e.label)).toEqual(['2']);
    for (const e of all) if (e.label !== '2') t.add(e);
    const first: string[] = [];
    t.forEach((e) => (first.push(e.label), first.length < 2));
    expect(first).toHaveLength(2);
  });
});

describe('KeySet', () => {
  it('holds each key once, in the order first declared, with its hash; colliding keys both', () => {
    const [x, y] = collidingKeys(A.id);
    const s = new KeySet();
    s.add(A, x);
    s.add(B, Buffer.from('d'));
    s.add(A, Buffer.from(x));
    s.add(A, y);
    expect(s.size).toBe(3);
    expect(s.list.map((r) => [r.store.id, r.key.toString('hex'), r.hash])).toEqual([
      [A.id, x.toString('hex'), keyHash(A.id, x)],
      [B.id, Buffer.from('d').toString('hex'), keyHash(B.id, Buffer.from('d'))],
      [A.id, y.toString('hex'), keyHash(A.id, y)],
    ]);
  });
});
