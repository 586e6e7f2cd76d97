/**
 * The key-filtering layer, a decorator of any engine: it keeps a Bloom filter (key-filter.ts)
 * of the keys some stores hold, so that a reader skips the read of a key the store certainly
 * lacks. (RocksDB keeps such filters per file; here a read costs a trip to the libuv pool and
 * a thread switch, so the filter sits in front of the engine, in shared memory the API thread
 * reads.) The history of a check reads the inbox's record, and most inboxes were never seen:
 * the filter answers for them without a read (issue 19 item 3).
 *
 * The invariant readers rely on: at every moment, every key the engine holds of a filtered
 * store is in the filter the readers were last handed. So:
 *   - at open, the first filter is built like a replacement (below), from the engine's keys,
 *     in the background; until it is handed over, the store may hold any key;
 *   - a write's keys are added before the write reaches the engine, so before the commit that
 *     makes them visible is announced with its source positions (a reader takes the positions
 *     first, then asks the filter: every event the positions include has its key there);
 *   - a filter is replaced (when it fills past its capacity, or after a segment of its store
 *     was dropped, so that expired keys stop costing reads) while writes go to both: the new
 *     one is created, the writes already in flight are awaited, then the engine's keys are read
 *     into it (those writes' included); only then is it handed to the readers (`onReplaced`,
 *     synchronously: a worker thread posts it before the notice of any later commit) and the
 *     old one left. A reader still holding the old one meanwhile is right too: it was written
 *     until the hand-over.
 * Deletes and tombstones leave their bits: a false positive costs a read, nothing else.
 */
import { decodeStoreKey } from './key-layout.ts';
import { KeyFilter, type KeyFilters, type SharedKeyFilters } from './key-filter.ts';
import type { CommittedPosition, PhysicalRecord, StateStore } from './state-store.ts';
import type { StoreSpec } from './store-spec.ts';
import type { PendingWrite } from './tx.ts';
import { WrappedStore } from './wrapped-store.ts';

/** Keys a filter is made for at least: 2^20 keys take 2 MiB. */
export const MIN_FILTER_CAPACITY = 1 << 20;

export interface KeyFilteringOptions {
  /** Keys a filter is sized for at least (tests use small ones to see replacements). */
  readonly minCapacity?: number;
  /** A filter was replaced: the readers of another thread must be handed `filters` now. */
  readonly onReplaced?: (filters: SharedKeyFilters) => void;
  /** A replacement failed (the old filter stays, still right; it is tried again later). */
  readonly onError?: (err: unknown) => void;
}

interface Held {
  readonly spec: StoreSpec;
  /** Undefined until the first one is built: meanwhile the store may hold any key. */
  filter?: KeyFilter;
  /** Keys new to `filter` so far (an estimate of the distinct keys: a false positive is not counted). */
  added: number;
  /** The filter being built to replace it, written too meanwhile. */
  next?: { filter: KeyFilter; added: number };
}

export class KeyFilteringStore extends WrappedStore implements KeyFilters {
  private readonly held = new Map<number, Held>();
  private readonly writing = new Set<Promise<void>>();
  private readonly replacing = new Set<Promise<void>>();
  private readonly minCapacity: number;
  private closing = false;

  constructor(
    inner: StateStore,
    private readonly filtered: readonly StoreSpec[],
    private readonly opts: KeyFilteringOptions = {},
  ) {
    super(inner);
    this.minCapacity = opts.minCapacity ?? MIN_FILTER_CAPACITY;
  }

  /** Opens the engine and starts building the filters of the filtered stores among `specs` (see `load`). */
  override async open(specs: readonly StoreSpec[]): Promise<void> {
    await this.inner.open(specs);
    this.load(specs);
  }

  /**
   * Starts building the filters of the filtered stores among `specs` from the keys of the
   * engine (opened already; called before any write through this layer). They are built in the
   * background, as a replacement is, and handed over when done (`settled`): reading a million
   * keys takes seconds, and until then every key may be held (reads happen as without filters).
   */
  load(specs: readonly StoreSpec[]): void {
    for (const spec of this.filtered) {
      if (!specs.some((s) => s.id === spec.id) || this.held.has(spec.id)) continue;
      const h: Held = { spec, added: 0 };
      this.held.set(spec.id, h);
      this.replace(h, this.minCapacity);
    }
  }

  mayHold(store: { readonly id: number }, key: Uint8Array): boolean {
    const f = this.held.get(store.id)?.filter;
    return f === undefined || f.mayHold(key);
  }

  /** The filters built, to hand to readers in other threads (KeyFiltersView). */
  shared(): SharedKeyFilters {
    const out: [number, ReturnType<KeyFilter['share']>][] = [];
    for (const [id, h] of this.held) if (h.filter) out.push([id, h.filter.share()]);
    return out;
  }

  override commit(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void> {
    for (const w of writes) {
      const h = this.held.get(w.store.id);
      if (h && w.value !== null && w.value.length > 0) this.add(h, w.key);
    }
    return this.track(this.inner.commit(writes, positions));
  }

  override applyPhysical(records: readonly PhysicalRecord[], positions: readonly CommittedPosition[]): Promise<void> {
    for (const r of records) {
      if (r.value === null || r.value.length === 0) continue;
      const k = decodeStoreKey(r.key);
      const h = k && this.held.get(k.storeId);
      if (h) this.add(h, k.userKey);
    }
    return this.track(this.inner.applyPhysical(records, positions));
  }

  override async expire(now: number): Promise<number> {
    const oldest = new Map([...this.held].map(([id, h]) => [id, this.inner.segmentsOf(h.spec)[0]]));
    const dropped = await this.inner.expire(now);
    // A dropped segment's keys are gone from the engine: a new filter stops answering "maybe" for them.
    for (const [id, h] of this.held) if (this.inner.segmentsOf(h.spec)[0] !== oldest.get(id)) this.replace(h, Math.max(this.minCapacity, h.filter?.capacity ?? 0));
    return dropped;
  }

  /** Resolves once no filter is being built (tests; close waits for it too). */
  async settled(): Promise<void> {
    while (this.replacing.size) await Promise.allSettled([...this.replacing]);
  }

  override async close(): Promise<void> {
    this.closing = true;
    await this.settled();
    await Promise.allSettled([...this.writing]);
    await this.inner.close();
  }

  private add(h: Held, key: Uint8Array): void {
    if (h.filter?.add(key)) h.added++;
    if (h.next?.filter.add(key)) h.next.added++;
  }

  /**
   * Tracks a write already added to the filters (a replacement awaits the writes in flight
   * when it starts, so a write counts as in flight from before a replacement it triggers), then
   * replaces the filters it filled.
   */
  private track(p: Promise<void>): Promise<void> {
    this.writing.add(p);
    const done = (): void => void this.writing.delete(p);
    p.then(done, done);
    for (const h of this.held.values()) if (h.filter && h.added > h.filter.capacity) this.replace(h, 2 * h.filter.capacity);
    return p;
  }

  private replace(h: Held, capacity: number): void {
    if (h.next || this.closing) return;
    const next = { filter: KeyFilter.create(capacity), added: 0 };
    h.next = next; // from here on, every write adds to it too
    const inFlight = [...this.writing];
    const run = (async () => {
      try {
        await Promise.allSettled(inFlight); // writes whose keys it missed are in the engine now
        for await (const batch of this.inner.keys(h.spec)) {
          if (this.closing) return;
          for (const k of batch) if (next.filter.add(k)) next.added++;
        }
        h.filter = next.filter;
        h.added = next.added;
        h.next = undefined;
        this.opts.onReplaced?.(this.shared());
        // Built over full (a start over many keys): a bigger one, built the same way.
        if (h.added > capacity) this.replace(h, 2 * Math.max(capacity, h.added));
      } catch (err) {
        this.opts.onError?.(err);
      } finally {
        if (h.next === next) h.next = undefined;
      }
    })();
    this.replacing.add(run);
    void run.finally(() => this.replacing.delete(run));
  }
}
