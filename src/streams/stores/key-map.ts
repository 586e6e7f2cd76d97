/**
 * The stream worker's keys by number: a store's key (the store's one-byte id and the key's bytes)
 * hashed to a small integer, and tables of entries keyed by it, exact under collisions (entries
 * whose keys hash alike are chained and told apart by their bytes, so a lookup never returns
 * another key's entry). The record cache (record-cache.ts), its transactions and the runtime's
 * batch reads use them instead of `mapKey` strings (tx.ts): a string key was one native
 * conversion and one concatenation per lookup, was hashed from its characters on every new
 * string, and compared through its object, where V8 hashes and compares a small integer in place
 * (hot-windows.ts keys its entities the same way). The API's reads keep `mapKey`: few keys per
 * check, and results other modules look up.
 */
import type { StoreSpec } from './store-spec.ts';

/** A key to read: a store and the key's bytes. */
export interface KeyRef {
  readonly store: StoreSpec;
  readonly key: Buffer;
}

/** A key with its hash (`keyHash`), as the tables hold it. */
export interface HashedKey extends KeyRef {
  readonly hash: number;
}

/** What a table holds: a hashed key and the link to the next entry of its hash (nearly always none). */
export interface Keyed<T> extends HashedKey {
  next: T | undefined;
}

/** A 30-bit FNV-1a hash of a store id and a key's bytes: a small integer V8 keeps in place. */
export function keyHash(storeId: number, key: Buffer): number {
  let h = Math.imul(0x811c9dc5 ^ storeId, 0x01000193);
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key[i]!, 0x01000193);
  return h & 0x3fffffff;
}

/** Whether two keys are the same bytes (keys are short: a loop costs less than a native call). */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  if (a === b) return true;
  const n = a.length;
  if (n !== b.length) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Entries by key: an entry is in one table at a time (its `next` is the table's). Iteration
 * (`forEach`) follows the order in which each hash was first added, which is insertion order but
 * for the rare chained entries.
 */
export class KeyTable<T extends Keyed<T>> {
  private readonly heads = new Map<number, T>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The entry of a key, by its hash (`keyHash(store.id, key)`). */
  find(store: StoreSpec, key: Buffer, hash: number): T | undefined {
    for (let e = this.heads.get(hash); e !== undefined; e = e.next) if (e.store.id === store.id && sameBytes(e.key, key)) return e;
    return undefined;
  }

  /** Adds an entry whose key the table does not hold (the caller looked it up). */
  add(e: T): void {
    e.next = this.heads.get(e.hash);
    this.heads.set(e.hash, e);
    this.count++;
  }

  /** Removes an entry the table holds. */
  remove(e: T): void {
    const head = this.heads.get(e.hash);
    if (head === e) {
      if (e.next === undefined) this.heads.delete(e.hash);
      else this.heads.set(e.hash, e.next); // the hash keeps its place in the iteration order
    } else {
      let prev = head;
      while (prev !== undefined && prev.next !== e) prev = prev.next;
      if (prev === undefined) return;
      prev.next = e.next;
    }
    e.next = undefined;
    this.count--;
  }

  /**
   * Calls `fn` on every entry; `fn` may remove the entry it is given (and no other). Returning
   * false stops the walk.
   */
  forEach(fn: (e: T) => boolean | void): void {
    for (const head of this.heads.values()) {
      for (let e: T | undefined = head; e !== undefined; ) {
        const next: T | undefined = e.next;
        if (fn(e) === false) return;
        e = next;
      }
    }
  }

  /** The entries, in `forEach`'s order. */
  toArray(): T[] {
    const out: T[] = [];
    this.forEach((e) => void out.push(e));
    return out;
  }
}

type DeclaredRead = Keyed<DeclaredRead>;

/**
 * The keys a batch of the stream worker will read (the runtime's counterpart of `ReadSet`), each
 * once, in the order first declared, with their hashes.
 */
export class KeySet {
  private readonly table = new KeyTable<DeclaredRead>();
  readonly list: HashedKey[] = [];

  add(store: StoreSpec, key: Buffer): void {
    const hash = keyHash(store.id, key);
    if (this.table.find(store, key, hash)) return;
    const r: DeclaredRead = { store, key, hash, next: undefined };
    this.table.add(r);
    this.list.push(r);
  }

  get size(): number {
    return this.list.length;
  }
}
