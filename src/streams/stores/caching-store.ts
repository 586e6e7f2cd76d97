/**
 * The caching layer (Kafka Streams' Caching*Store), a decorator over any engine stack: the
 * runtime's reads go through a record cache (record-cache.ts), its writes are coalesced there
 * and reach the store below only when the runtime commits, with the source positions, in one
 * atomic commit. Reads of keys the cache lacks are prefetched while earlier batches are still
 * being applied, so they overlap; the prefetches of one turn of the event loop (a durable notice
 * wakes every partition it moved, and each prepares its batch) share one read of the store below
 * (turn-batcher.ts).
 *
 * A prefetch that started before a commit may hold values that commit replaced: each prefetch
 * remembers the commit generation it started at, the keys of the commits since are kept until
 * no such prefetch is in flight, and a stale value is never filled in (the key is read again).
 * Other readers (the API's queries) read the store below: committed state only, together with
 * the positions that produced it.
 */
import type { HashedKey, KeySet } from './key-map.ts';
import { RecordCache, type CacheTx } from './record-cache.ts';
import type { CommittedPosition, FetchedEntry, StateStore } from './state-store.ts';
import type { StoreSpec } from './store-spec.ts';
import type { PendingWrite } from './tx.ts';
import { WrappedStore } from './wrapped-store.ts';
import { turnBatcher } from './turn-batcher.ts';

/** What a prefetch read, and the commit generation it started at. */
export interface Prefetched {
  readonly reads: KeySet;
  /** The keys the cache lacked, and what the store below held for each (same order). */
  readonly missing: readonly HashedKey[];
  readonly fetched: readonly FetchedEntry[];
  readonly gen: number;
}

export class CachingStore extends WrappedStore {
  private readonly cache: RecordCache;
  private commitGen = 0;
  /** Prefetches in flight, by the commit generation they started at. */
  private readonly inFlight = new Map<number, number>();
  /** The key hashes each commit wrote, while a prefetch older than it is in flight. */
  private readonly recentCommits: { gen: number; hashes: Set<number> }[] = [];
  private readonly read = turnBatcher((group: readonly { keys: readonly HashedKey[]; now: number }[]) => this.inner.fetchEntriesMany(group));

  constructor(inner: StateStore, cacheBytes?: number) {
    super(inner);
    this.cache = new RecordCache(cacheBytes);
    this.cache.protect = (hash) => this.recentCommits.some((c) => c.hashes.has(hash));
  }

  /** Entries written and not committed yet. */
  get dirty(): number {
    return this.cache.dirty;
  }

  /** Loads the stores held whole (`cacheAll`): from then on the cache is their only reader. */
  async loadHeldWhole(specs: readonly StoreSpec[], now: number): Promise<void> {
    for (const store of specs) {
      if (!store.cacheAll) continue;
      for (const e of await this.inner.scan(store, now)) this.cache.fill(store, e.key, e.value, e.seg);
    }
  }

  /** Reads what the cache lacks of `reads` (may run while another batch is being applied). */
  async prefetch(reads: KeySet, now: number): Promise<Prefetched> {
    const gen = this.commitGen;
    this.inFlight.set(gen, (this.inFlight.get(gen) ?? 0) + 1);
    try {
      const missing = this.missingFrom(reads);
      const fetched = missing.length ? await this.read({ keys: missing, now }) : [];
      return { reads, missing, fetched, gen };
    } catch (err) {
      this.release(gen);
      throw err;
    }
  }

  /** Takes a prefetch into the cache (exactly once per prefetch), leaving out what a commit since made stale. */
  take(p: Prefetched): void {
    try {
      const fresh = this.recentCommits.length === 0 || this.recentCommits.at(-1)!.gen <= p.gen;
      for (let i = 0; i < p.missing.length; i++) {
        const r = p.missing[i]!;
        // What the cache holds already stays (fill leaves it): a fresher value than the read's.
        // A key of the same hash as one committed since is read again too (complete): exact.
        if (!fresh && this.committedSince(p.gen, r.hash)) continue;
        const e = p.fetched[i]!;
        this.cache.fill(r.store, r.key, e.value, e.seg, r.hash);
      }
    } finally {
      this.release(p.gen);
    }
  }

  /** Reads, now, whatever of `reads` the cache still lacks (values a commit made stale, or evicted). */
  async complete(reads: KeySet, now: number): Promise<void> {
    const again = this.missingFrom(reads);
    if (again.length === 0) return;
    const got = await this.inner.fetchEntries(again, now);
    for (let i = 0; i < again.length; i++) this.cache.fill(again[i]!.store, again[i]!.key, got[i]!.value, got[i]!.seg, again[i]!.hash);
  }

  /** A transaction over the cache for one source partition's batch (its writes reach the cache on `apply`). */
  tx(now: number, partition: number): CacheTx {
    return this.cache.tx(now, partition);
  }

  /** Commits the coalesced writes and the positions that produced them, atomically, to the store below; returns the writes. */
  async flush(positions: readonly CommittedPosition[]): Promise<readonly PendingWrite[]> {
    if (positions.length === 0 && this.cache.dirty === 0) return [];
    const receipt = this.cache.takeDirty();
    try {
      await this.inner.commit(receipt.writes, positions);
    } catch (err) {
      receipt.fail(); // stays dirty; the next commit tries again
      throw err;
    }
    receipt.done();
    this.commitGen++;
    // Hashes, not keys: small integers held in place, which hold no key's bytes alive while a
    // prefetch is in flight (most commits).
    if (this.inFlight.size) this.recentCommits.push({ gen: this.commitGen, hashes: new Set(receipt.hashes) });
    const oldest = this.inFlight.size ? Math.min(...this.inFlight.keys()) : this.commitGen;
    while (this.recentCommits.length && this.recentCommits[0]!.gen <= oldest) this.recentCommits.shift();
    this.cache.evict();
    return receipt.writes;
  }

  /** Reads the cache cannot answer: not cached, and not of a store held whole. */
  private missingFrom(reads: KeySet): HashedKey[] {
    const missing: HashedKey[] = [];
    for (const r of reads.list) {
      // A store held whole needs no read: what the cache lacks is absent.
      if (r.store.cacheAll || this.cache.has(r)) continue;
      missing.push(r);
    }
    return missing;
  }

  private release(gen: number): void {
    const n = (this.inFlight.get(gen) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(gen);
    else this.inFlight.set(gen, n);
  }

  /** Whether a commit after generation `gen` wrote a key of this hash (kept while a prefetch of that age is in flight). */
  private committedSince(gen: number, hash: number): boolean {
    for (let i = this.recentCommits.length - 1; i >= 0 && this.recentCommits[i]!.gen > gen; i--) if (this.recentCommits[i]!.hashes.has(hash)) return true;
    return false;
  }

  // The rest of the store interface (WrappedStore) is the store below's, for the layers above and
  // other readers: committed state, below the cache. Its commit writes through: dirty entries of
  // the same keys are the runtime's to commit, and nothing else writes here.
  /** Drops expired entries from the cache and expired segments from the store below. */
  override expire(now: number): Promise<number> {
    this.cache.dropExpired(now);
    return this.inner.expire(now);
  }
}
