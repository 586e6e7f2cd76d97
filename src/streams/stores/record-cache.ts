/**
 * The record cache behind the caching layer (caching-store.ts, Kafka Streams' Caching*Store):
 * recently read or written entries stay in memory, and writes are coalesced until the runtime
 * commits them, together with the source positions, in one atomic batch. A hot key (a big
 * domain's summary, an account's daily usage) is written once per commit instead of once per
 * event. A store with a codec keeps its values decoded here: transactions change a private copy
 * in place, the cache takes it when the batch is applied, and it is encoded once per commit.
 * Bounded by memory: clean entries are evicted oldest first once the cache holds more than
 * `maxBytes` (keys + values + a fixed per-entry overhead); dirty entries are never evicted (the
 * runtime commits before too many accumulate). Blind-written stores (store-spec.ts `blind`)
 * never enter it: their writes wait for the next commit on a list of their own.
 */
import { keyHash, KeyTable, type HashedKey } from './key-map.ts';
import { isTimed, segmentIsLive, segmentOf, TOMBSTONE, type StoreSpec, type TypedStore } from './store-spec.ts';
import type { PendingWrite, StoreTx } from './tx.ts';

interface Entry {
  readonly store: StoreSpec;
  readonly key: Buffer;
  /** `keyHash` of the store and key: the entry's key in the cache's table. */
  readonly hash: number;
  /** The next entry of the same hash (key-map.ts). */
  next: Entry | undefined;
  /** null: absent (or deleted in a key-value store), or not kept once `live` was committed. Stale while `live` holds a newer value. */
  value: Buffer | null;
  /** The decoded value (stores with a codec), once a transaction opened it: authoritative. */
  live: unknown;
  /** Segment the value lives in (timed stores), for liveness at read time. */
  seg: number;
  dirty: boolean;
  /** Source partition whose processing wrote it (changelog partition). */
  partition: number;
  /**
   * Entry of a store held whole (`cacheAll`): never evicted while it holds a value. A key of
   * such a store that is not in the cache is absent, so a clean entry without a value is
   * dropped (a store of short-lived keys, like pending labels, stays small).
   */
  pinned: boolean;
  /** Bumped on every write: tells a commit whether the entry changed after it was taken. */
  version: number;
  /**
   * What the entry adds to `bytes` (`RecordCache.cost` when it was filled or last written): kept,
   * so a write or a removal subtracts it without sizing the value again (a codec's size walks a
   * decoded value's parts). The cached value is not changed between writes (transactions change
   * a copy), so it is the cost taken afresh.
   */
  cost: number;
}

/** A blind write waiting for the next commit. */
interface BlindWrite extends PendingWrite {
  readonly hash: number;
  next: BlindWrite | undefined;
  readonly partition: number;
}

/** A key a transaction touched: its write (raw bytes, or a decoded value), or a value it opened. */
interface TxKey {
  readonly store: StoreSpec;
  readonly key: Buffer;
  readonly hash: number;
  next: TxKey | undefined;
  /** Written: the bytes (null: delete, unless `live` is set), the decoded value, the segment. */
  written: boolean;
  value: Buffer | null;
  live: unknown;
  seg: number;
  /** A decoded value opened but not (yet) set: the same object on every open of the key. */
  opened: unknown;
}

/** Bytes a cached entry costs beyond its key and value bytes (entry object, map slot, Buffer object), measured with heap statistics. */
const ENTRY_OVERHEAD = 600;

/** What a commit takes from the cache; exactly one of done/fail is called. */
export interface DirtyReceipt {
  readonly writes: (PendingWrite & { partition: number })[];
  /** Each write's key hash (`keyHash`), in the order of `writes`. */
  readonly hashes: number[];
  /** The commit succeeded: entries not rewritten meanwhile become clean. */
  done(): void;
  /** The commit failed: everything taken stays dirty. */
  fail(): void;
}

/** A transaction over the cache (caching-store.ts hands it to the aggregations). */
export type CacheTx = StoreTx & { apply(): void };

export class RecordCache {
  /** By the hash of store and key (key-map.ts): exact, keys that hash alike are chained. */
  private readonly entries = new KeyTable<Entry>();
  /** Entries written since the last commit (so a commit never scans the whole cache). */
  private dirtyList: Entry[] = [];
  /** Blind writes waiting for the next commit, by key (a later write of the key replaces it). */
  private blind = new KeyTable<BlindWrite>();

  private bytes = 0;

  /**
   * 16 MiB by default, small on purpose: most keys a check touches (new inboxes, IPs, the long
   * tail of domains) are not touched again before the cache turns over, so mostly the per-account
   * keys are read back from it (docs/architecture.md, Benchmarks: per-store hit rates; neither a
   * smaller nor a bigger cache changed the CPU per check, a bigger one cost RSS).
   */
  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  private static cost(e: { key: Buffer; value: Buffer | null; live: unknown; store: StoreSpec }): number {
    const v = e.live !== undefined ? e.store.codec!.size(e.live) : e.value ? e.value.length : 0;
    return ENTRY_OVERHEAD + e.key.length + v;
  }

  /** Whether the cache (or a blind write waiting for the commit) answers a read of the key. */
  has(k: HashedKey): boolean {
    return this.entries.find(k.store, k.key, k.hash) !== undefined || this.blind.find(k.store, k.key, k.hash) !== undefined;
  }

  /** Records what the database holds for a key (a prefetch result). */
  fill(store: StoreSpec, key: Buffer, value: Buffer | undefined, seg: number, hash = keyHash(store.id, key)): void {
    if (this.has({ store, key, hash })) return;
    const e: Entry = { store, key, hash, next: undefined, value: value ?? null, live: undefined, seg, dirty: false, partition: -1, pinned: store.cacheAll === true, version: 0, cost: 0 };
    e.cost = RecordCache.cost(e);
    this.entries.add(e);
    this.bytes += e.cost;
  }

  get dirty(): number {
    return this.dirtyList.length + this.blind.size;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * A transaction over the cache at stream time `now`, for one source partition's batch. Its
   * writes stay in the transaction until `apply()` folds them into the cache: a batch that fails
   * halfway (say, its outputs could not be produced) leaves the cache untouched, so the retried
   * batch is not applied on top of its own partial effects. Decoded values are copied (on
   * write, by their codec) before a transaction changes them, for the same reason.
   */
  tx(now: number, partition: number): CacheTx {
    /** The keys this transaction wrote or opened, by hash, and in the order first touched. */
    const touched = new KeyTable<TxKey>();
    const order: TxKey[] = [];
    // Aggregations read a key and then write the same key object: remember the last key's
    // hash so the pair hashes it once.
    let lastKey: Buffer | undefined;
    let lastStore: StoreSpec | undefined;
    let lastHash = 0;
    const hashOf = (store: StoreSpec, key: Buffer): number => {
      if (key !== lastKey || store !== lastStore) {
        lastKey = key;
        lastStore = store;
        lastHash = keyHash(store.id, key);
      }
      return lastHash;
    };
    /** What the transaction sees for a key: its own write, a blind write, the cache; else undefined when held whole. */
    const lookup = (store: StoreSpec, key: Buffer, h: number, own: TxKey | undefined): { value: Buffer | null; live: unknown; seg: number } | undefined => {
      if (own?.written) return own;
      const b = this.blind.find(store, key, h);
      if (b) return { value: b.value, live: undefined, seg: b.segmentStart };
      const e = this.entries.find(store, key, h);
      if (!e) {
        if (store.cacheAll) return undefined; // held whole: not cached means absent
        throw new Error(`store ${store.name}: read of an undeclared key`);
      }
      return e;
    };
    const visible = (store: StoreSpec, e: { value: Buffer | null; live: unknown; seg: number }): boolean =>
      (e.live !== undefined || (e.value !== null && e.value.length > 0)) && !(isTimed(store) && !segmentIsLive(store, e.seg, now));
    const slot = (store: StoreSpec, key: Buffer, h: number): TxKey => {
      let t = touched.find(store, key, h);
      if (!t) {
        t = { store, key, hash: h, next: undefined, written: false, value: null, live: undefined, seg: 0, opened: undefined };
        touched.add(t);
        order.push(t);
      }
      return t;
    };
    const write = (store: StoreSpec, key: Buffer, value: Buffer | null, live: unknown, ts: number): void => {
      const t = slot(store, key, hashOf(store, key));
      t.opened = undefined;
      t.written = true;
      t.value = value;
      t.live = live;
      t.seg = segmentOf(store, ts);
    };
    return {
      get: (store, key) => {
        const h = hashOf(store, key);
        const e = lookup(store, key, h, touched.find(store, key, h));
        if (!e || !visible(store, e)) return undefined;
        return e.live !== undefined ? store.codec!.encode(e.live) : e.value!;
      },
      put(store, key, value, ts) {
        if (value.length === 0) throw new Error(`store ${store.name}: empty values are reserved for tombstones`);
        write(store, key, value, undefined, ts);
      },
      delete(store, key, ts) {
        write(store, key, isTimed(store) ? TOMBSTONE : null, undefined, ts);
      },
      open<T>(store: TypedStore<T>, key: Buffer): T | undefined {
        const h = hashOf(store, key);
        const own = touched.find(store, key, h);
        if (own?.opened !== undefined) return own.opened as T;
        if (own?.written && own.live !== undefined) return own.live as T; // set earlier in this transaction: already its own
        const e = lookup(store, key, h, own);
        if (!e || !visible(store, e)) return undefined;
        // A value decoded from bytes is new; one the cache holds decoded is copied before changes.
        const v = e.live !== undefined ? store.codec.clone(e.live as T) : store.codec.decode(e.value!);
        (own ?? slot(store, key, h)).opened = v;
        return v;
      },
      set<T>(store: TypedStore<T>, key: Buffer, value: T, ts: number) {
        write(store, key, null, value, ts);
      },
      apply: () => {
        for (const w of order) {
          if (!w.written) continue;
          if (w.store.blind) {
            const value = w.live !== undefined ? w.store.codec!.encode(w.live) : w.value;
            const was = this.blind.find(w.store, w.key, w.hash);
            if (was) this.blind.remove(was);
            this.blind.add({ store: w.store, key: w.key, hash: w.hash, next: undefined, value, segmentStart: w.seg, partition });
            const read = this.entries.find(w.store, w.key, w.hash); // read earlier (e.g. by a label join): the write replaces it
            if (read && !read.dirty) {
              this.entries.remove(read);
              this.bytes -= read.cost;
            }
            continue;
          }
          const e = this.entries.find(w.store, w.key, w.hash);
          if (e) {
            if (!e.dirty) this.dirtyList.push(e);
            this.bytes -= e.cost;
            e.value = w.value;
            e.live = w.live;
            e.seg = w.seg;
            e.dirty = true;
            e.partition = partition;
            e.version++;
            e.cost = RecordCache.cost(e);
            this.bytes += e.cost;
          } else {
            const n: Entry = { store: w.store, key: w.key, hash: w.hash, next: undefined, value: w.value, live: w.live, seg: w.seg, dirty: true, partition, pinned: w.store.cacheAll === true, version: 1, cost: 0 };
            n.cost = RecordCache.cost(n);
            this.entries.add(n);
            this.dirtyList.push(n);
            this.bytes += n.cost;
          }
        }
        // A transaction is applied once; its table is not used again.
        order.length = 0;
      },
    };
  }

  /**
   * The writes to commit, with a receipt: `done()` after the commit succeeded marks them clean
   * (entries written again meanwhile stay dirty); without it they stay dirty for the next try.
   * Decoded values are encoded here, once per commit.
   */
  takeDirty(): DirtyReceipt {
    const taken = this.dirtyList;
    this.dirtyList = [];
    const blind = this.blind.toArray();
    this.blind = new KeyTable<BlindWrite>();
    const versions = taken.map((e) => e.version);
    const writes: (PendingWrite & { partition: number })[] = taken.map((e) => {
      if (e.live !== undefined) {
        e.value = e.store.codec!.encode(e.live); // the bytes now match the decoded value
      }
      return { store: e.store, key: e.key, value: e.value, segmentStart: e.seg, partition: e.partition };
    });
    const hashes = taken.map((e) => e.hash);
    for (const w of blind) {
      writes.push(w);
      hashes.push(w.hash);
    }
    return {
      writes,
      hashes,
      done: () => {
        taken.forEach((e, i) => {
          if (e.version === versions[i]) {
            e.dirty = false;
            // Written: the decoded value stays authoritative, its bytes are not read again (a
            // read encodes the decoded value). Kept, they held a small Buffer per cached record
            // and the 8 KiB pool slab it was cut from, for as long as the record stayed cached.
            if (e.live !== undefined) e.value = null;
            if (e.pinned && e.live === undefined && (e.value === null || e.value.length === 0)) {
              this.entries.remove(e);
              this.bytes -= e.cost;
              return;
            }
          } else this.dirtyList.push(e); // written again after being taken: still to commit
        });
      },
      fail: () => {
        const again = new Set(this.dirtyList);
        for (const e of taken) if (!again.has(e)) this.dirtyList.push(e);
        for (const w of blind) if (!this.blind.find(w.store, w.key, w.hash)) this.blind.add(w);
      },
    };
  }

  /**
   * Evicts the oldest-inserted clean entries past the bound, down to 90% of it (amortised:
   * the scan only runs once the bound is crossed). Insertion order approximates recency well
   * enough here: hot keys are written every batch and re-enter after an eviction.
   */
  evict(): void {
    if (this.bytes <= this.maxBytes) return;
    const target = this.maxBytes * 0.9;
    this.entries.forEach((e) => {
      if (this.bytes <= target) return false;
      if (!e.dirty && !e.pinned && !this.protect?.(e.hash)) {
        this.entries.remove(e);
        this.bytes -= e.cost;
      }
      return true;
    });
  }

  get memoryBytes(): number {
    return this.bytes;
  }

  /**
   * Keys the runtime must not lose yet (written by commits a prefetch in flight may not have
   * seen), by hash: another key of the same hash is kept too, which costs memory for a while, never a wrong value.
   */
  protect: ((hash: number) => boolean) | undefined;

  /** Drops entries of expired segments (they would read as absent anyway). */
  dropExpired(now: number): void {
    this.entries.forEach((e) => {
      if (!e.dirty && isTimed(e.store) && (e.value !== null || e.live !== undefined) && !segmentIsLive(e.store, e.seg, now)) {
        this.bytes -= e.cost;
        this.entries.remove(e);
      }
    });
  }
}
