/**
 * The short windows held in memory (issue 19, item 2): a domain's distinct inboxes in about
 * the last 10 minutes (domain-signups-10m) and an account's distinct inboxes per IP in about
 * the last hour (ip-signups-1h). Every check touches both, and nearly every key is cold (a
 * long tail of domains and IPs): kept in the stores, each cost a read, a decode, a cache
 * entry, an encode, a write and its garbage per check. Here a check costs a Map lookup and an
 * in-place change, with no store, no commit and no changelog.
 *
 * The values are the same summaries (member-sets.ts) changed by the same aggregation code
 * (distinctCounter's apply), so every count is what the store held. What is not kept is
 * rebuilt from the log: the feed (hot-window-feed.ts) replays the checks of the last window
 * and grace at start, so a restart, or a data dir rebuilt from its log, counts exactly what
 * it counted before.
 *
 * Each entry also keeps the union of the window it was last read at, raised in place as
 * members arrive: a busy domain's count is an O(1) update per check, not a union of its
 * buckets per read (the stored path memoised the union per committed value instead).
 * Pure: no clock (time comes in as arguments), no I/O.
 */
import type { CheckScored } from '../domain/events.ts';
import type { Aggregation } from './aggregation.ts';
import { countsOver, memberId, unionOfSets, windowBuckets, type DistinctCounterSpec, type ExtraMember, type WindowUnion } from './aggregations/distinct-counter.ts';
import { sightingOf } from './aggregations/domain-sightings.ts';
import { domainSignups10m } from './aggregations/domain-signups-10m.ts';
import { ipSignups1h } from './aggregations/ip-signups-1h.ts';
import { hllSlot, hllTerm, type BucketSet } from './aggregations/member-sets.ts';
import type { StoreSpec, TypedStore } from './stores/store-spec.ts';
import type { StoreTx } from './stores/tx.ts';

interface Entry {
  sets: BucketSet[];
  /** The union of the window last read, kept up to date by `add` (undefined: to be rebuilt). */
  union?: WindowUnion;
}

/** One windowed distinct counter held in memory, keyed by its entity. */
export class HotWindow<E> {
  private readonly entries = new Map<string, Entry>();
  /** Data older than this (relative to the newest event of an entity) is gone: the store's retention. */
  readonly retentionMs: number;

  constructor(
    private readonly counter: Aggregation<E> & { spec: DistinctCounterSpec<E> },
    private readonly member: (e: E) => Buffer,
  ) {
    this.retentionMs = counter.spec.summary.retentionMs!;
  }

  get spec(): DistinctCounterSpec<E> {
    return this.counter.spec;
  }

  /** Counts an event, as the store's aggregation would have. */
  add(e: E): void {
    const entity = this.counter.spec.entity(e);
    if (!entity) return;
    const id = entity.toString('latin1');
    let entry = this.entries.get(id);
    const fresh = entry === undefined;
    if (!entry) entry = { sets: [] };
    const tx = entryTx(entry);
    this.counter.apply(e, tx, noEmit);
    const time = this.counter.spec.time(e);
    const category = this.counter.spec.category?.(e) ?? 0;
    unpool(entry.sets, Math.floor(time / this.counter.spec.bucketMs), category);
    if (fresh) {
      if (entry.sets.length) this.entries.set(id, entry);
      return;
    }
    if (entry.union) raiseUnion(entry, this.counter.spec, time, category, this.member(e));
  }

  /** Distinct members of the entity in about the last W at `now`, with `extra` ones counted as if added. */
  counts(entity: Buffer, now: number, extra: readonly ExtraMember[], exclude?: Buffer): Map<number, number> {
    const s = this.counter.spec;
    return countsOver(this.union(entity, now), now, s.windowMs, s.bucketMs, extra, exclude);
  }

  /** Entities held. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops the entities whose newest bucket is older than the retention at `now`. */
  expire(now: number): number {
    const s = this.counter.spec;
    let dropped = 0;
    for (const [id, entry] of this.entries) {
      const newest = entry.sets.reduce((m, x) => Math.max(m, x.bucket), -1);
      if ((newest + 1) * s.bucketMs <= now - this.retentionMs) {
        this.entries.delete(id);
        dropped++;
      }
    }
    return dropped;
  }

  private union(entity: Buffer, now: number): WindowUnion | undefined {
    const entry = this.entries.get(entity.toString('latin1'));
    if (!entry) return undefined;
    const s = this.counter.spec;
    const { from, to } = windowBuckets(now, s.windowMs, s.bucketMs);
    if (entry.union && entry.union.from === from && entry.union.to === to) return entry.union;
    entry.union = unionOfSets(entry.sets, from, to);
    return entry.union;
  }
}

const noEmit = (): void => undefined;

/**
 * Gives the set just added to its own memory. Small Buffers are slices of Node's shared 8 KiB
 * pool, and one that lives on keeps its whole slab alive: held for minutes by every domain of
 * the window, the exact sets pinned most of the process's memory in slabs (docs/architecture.md,
 * Benchmarks). Copied out, each costs its bytes and one small allocation.
 */
function unpool(sets: BucketSet[], bucket: number, category: number): void {
  for (const x of sets) {
    if (x.bucket !== bucket || x.category !== category) continue;
    const exact = x.exact;
    if (exact && exact.byteLength !== exact.buffer.byteLength) {
      const own = Buffer.allocUnsafeSlow(exact.length);
      exact.copy(own);
      x.exact = own;
    }
    return;
  }
}

/** The one key a counter's apply opens, over an entry: its sets are changed in place. */
function entryTx(entry: Entry): StoreTx {
  return {
    open: <T>(_store: TypedStore<T>, _key: Buffer): T | undefined => (entry.sets.length ? (entry.sets as T) : undefined),
    set: <T>(_store: TypedStore<T>, _key: Buffer, value: T): void => {
      entry.sets = value as BucketSet[];
    },
    get: (store: StoreSpec) => unsupported(store),
    put: (store: StoreSpec) => unsupported(store),
    delete: (store: StoreSpec) => unsupported(store),
  };
}

function unsupported(store: StoreSpec): never {
  throw new Error(`hot window ${store.name}: only open/set are supported`);
}

/**
 * After a member was added at `time`: the entry's union of the window last read takes it too,
 * in place (an exact member, or a raised register with the estimator's sums), or is dropped to
 * be rebuilt when that cannot be done in place (the bucket outside that window, its set just
 * sketched, a category the union did not hold).
 */
function raiseUnion<E>(entry: Entry, s: DistinctCounterSpec<E>, time: number, category: number, member: Buffer): void {
  const u = entry.union!;
  const bucket = Math.floor(time / s.bucketMs);
  // Inside the union's window the add drops no bucket and is never too late: an add drops
  // buckets (or is ignored) only below the window of its entity's newest bucket, and a newest
  // bucket past the union's window is itself outside it.
  const c = u.byCategory.get(category);
  if (bucket < u.from || bucket > u.to || !c) {
    delete entry.union;
    return;
  }
  if (c.exact) {
    const set = entry.sets.find((x) => x.bucket === bucket && x.category === category);
    if (set?.exact) c.exact.add(memberId(member));
    else delete entry.union;
    return;
  }
  const slot = hllSlot(member, 0);
  const index = slot >>> 8;
  const rank = slot & 0xff;
  const current = c.hll![index]!;
  if (rank <= current) return;
  c.sum! += hllTerm(rank) - hllTerm(current);
  if (current === 0) c.zeros!--;
  c.hll![index] = rank;
}

/** The windows of a check held in memory: a domain's 10 minutes, an account's IP hour. */
export class HotWindows {
  readonly domainSignups = new HotWindow(domainSignups10m, (e) => e.inbox_hash);
  readonly ipSignups = new HotWindow(ipSignups1h, (e: CheckScored) => e.inbox_hash);
  /** Newest event time applied. */
  streamTime = 0;

  /** Counts a check (events of one partition in order; partitions may interleave). */
  add(e: CheckScored): void {
    if (e.time > this.streamTime) this.streamTime = e.time;
    this.domainSignups.add(sightingOf(e));
    this.ipSignups.add(e);
  }

  /** The longest retention: what a restart replays of the log (from the newest event back). */
  get replayMs(): number {
    return Math.max(this.domainSignups.retentionMs, this.ipSignups.retentionMs);
  }

  expire(now: number): number {
    return this.domainSignups.expire(now) + this.ipSignups.expire(now);
  }
}
