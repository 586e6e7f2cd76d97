/**
 * The short windows held in memory (issue 19, item 2): a domain's distinct inboxes in about
 * the last 10 minutes (domain-signups-10m), an account's distinct inboxes per IP in about
 * the last hour (ip-signups-1h), and an account's distinct inboxes per numbered stem in about the
 * last hour (stem-signups-1h: only checks of an inbox with a stem touch it). Every check touches both, and nearly every key is cold (a
 * long tail of domains and IPs): kept in the stores, each cost a read, a decode, a cache
 * entry, an encode, a write and its garbage per check. Here a check costs a Map lookup and an
 * in-place change, with no store, no commit and no changelog.
 *
 * Each entity's value is the stored summary itself, in its encoding, in one Buffer changed in
 * place (packed-sets.ts: the same rule as distinctCounter's apply, so every count is what the
 * store held). Decoded into an object and a Buffer per bucket set, the window cost several
 * times its bytes per entity (docs/architecture.md, Benchmarks). What is not kept is rebuilt
 * from the log: the feed (hot-window-feed.ts) replays the checks of the last window and grace
 * at start, so a restart, or a data dir rebuilt from its log, counts exactly what it counted
 * before.
 *
 * Each entry also keeps the counts of the window it was last read at, raised in place as
 * members arrive (a member new to its bucket is looked up in the window's other buckets: a
 * few binary searches): a busy domain's count is a small update per check, not a union of
 * its buckets per read.
 * Pure: no clock (time comes in as arguments), no I/O.
 */
import type { CheckScored } from '../domain/events.ts';
import type { Aggregation } from './aggregation.ts';
import { estimateWith, memberId, windowBuckets, type DistinctCounterSpec, type ExtraMember } from './aggregations/distinct-counter.ts';
import { domainSignups10m } from './aggregations/domain-signups-10m.ts';
import { ipSignups1h } from './aggregations/ip-signups-1h.ts';
import { stemSignups1h } from './aggregations/stem-signups-1h.ts';
import { HLL_M, hllSlot, hllSums, hllTerm } from './aggregations/member-sets.ts';
import { Added, PackedSets } from './aggregations/packed-sets.ts';

/** One category's distinct members in a window: an exact count, or merged registers with the estimator's sums. */
class CategoryCount {
  count = 0;
  hll: Uint8Array | undefined = undefined;
  sum = 0;
  zeros = 0;
  constructor(readonly category: number) {}
}

/** The counts of the window `from`..`to` (buckets), per category in the order of their first set. */
const NO_CATEGORIES: readonly CategoryCount[] = [];

function hasCategory(counts: readonly CategoryCount[], category: number): boolean {
  for (const c of counts) if (c.category === category) return true;
  return false;
}

interface WindowCounts {
  readonly from: number;
  readonly to: number;
  readonly categories: CategoryCount[];
}

/**
 * An entity's summary, with the counts of the window last read (undefined: to be taken again)
 * and of the shorter window last read (`recent`: the IP's last 10 minutes of its hour, a stem's
 * rate window), each raised in place as members arrive.
 */
class Entry extends PackedSets {
  counts: WindowCounts | undefined = undefined;
  recent: WindowCounts | undefined = undefined;
  /** The next entity whose key hashes alike (a chain, nearly always empty). */
  sibling: Entry | undefined = undefined;
  /** `key`: the entity's key bytes, one character each (latin1). */
  constructor(readonly key: string) {
    super();
  }
}

/**
 * A 30-bit hash of an entity's key (FNV-1a), a small integer as a Map key: V8 hashes and
 * compares it in place, where a string key is hashed from its characters and compared through
 * its object, a memory access more per lookup in a window of millions of entities (the IP
 * window adds a new entity for nearly every check: the start-up replay's largest part).
 */
export function entityHash(key: Buffer): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key[i]!, 0x01000193);
  return h & 0x3fffffff;
}

/** Whether the entry's key is these bytes. */
function keyIs(entry: Entry, key: Buffer): boolean {
  const k = entry.key;
  if (k.length !== key.length) return false;
  for (let i = 0; i < key.length; i++) if (k.charCodeAt(i) !== key[i]) return false;
  return true;
}

/** One windowed distinct counter held in memory, keyed by its entity. */
export class HotWindow<E> {
  /** By the hash of their key; entities whose keys hash alike are chained from the first. */
  private readonly entries = new Map<number, Entry>();
  private held = 0;
  /** Data older than this (relative to the newest event of an entity) is gone: the store's retention. */
  readonly retentionMs: number;

  /** `member`: the member the counter counts (its spec's). */
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
    const s = this.counter.spec;
    const entity = s.entity(e);
    if (!entity) return;
    const h = entityHash(entity);
    const first = this.entries.get(h);
    let entry = first;
    while (entry && !keyIs(entry, entity)) entry = entry.sibling;
    if (!entry) {
      entry = new Entry(entity.toString('latin1'));
      entry.sibling = first;
      this.entries.set(h, entry);
      this.held++;
    }
    const bucket = Math.floor(s.time(e) / s.bucketMs);
    const category = s.category?.(e) ?? 0;
    const member = this.member(e);
    const added = entry.add(s, bucket, category, member);
    if (added === Added.Nothing) return;
    if (entry.counts && !raised(entry, entry.counts, bucket, category, member, added)) entry.counts = undefined;
    if (entry.recent && !raised(entry, entry.recent, bucket, category, member, added)) entry.recent = undefined;
  }

  /**
   * Distinct members of the entity in about the last W at `now`, with `extra` ones counted as if
   * added (and `exclude` left out, from exact sets); over `windowMs` when given (see `total`).
   */
  counts(entity: Buffer, now: number, extra: readonly ExtraMember[], exclude?: Buffer, windowMs = this.counter.spec.windowMs): Map<number, number> {
    const out = new Map<number, number>();
    this.forEachCount(entity, now, extra, exclude, (c, n) => void out.set(c, n), windowMs);
    return out;
  }

  /**
   * The sum of `counts` over categories, without a map of them (the history read takes only the total, per check).
   * `windowMs`: a shorter window of the same buckets (e.g. an IP's last 10 minutes of its hour),
   * whose counts are kept beside the counter's own window's (one shorter window per entity: the
   * last one read), raised in place as members arrive.
   */
  total(entity: Buffer, now: number, extra: readonly ExtraMember[], windowMs = this.counter.spec.windowMs): number {
    let sum = 0;
    this.forEachCount(entity, now, extra, undefined, (_c, n) => {
      sum += n;
    }, windowMs);
    return sum;
  }

  /**
   * `total` over `windowMs`, with the number of categories that have a member there (at the IP
   * window, whose categories are domains: the window's distinct domains, ip_burst's spread).
   */
  spread(entity: Buffer, now: number, extra: readonly ExtraMember[], windowMs = this.counter.spec.windowMs): { members: number; categories: number } {
    let members = 0;
    let categories = 0;
    this.forEachCount(entity, now, extra, undefined, (_c, n) => {
      members += n;
      if (n > 0) categories++;
    }, windowMs);
    return { members, categories };
  }

  private forEachCount(entity: Buffer, now: number, extra: readonly ExtraMember[], exclude: Buffer | undefined, emit: (category: number, count: number) => void, windowMs = this.counter.spec.windowMs): void {
    const s = this.counter.spec;
    const { from, to } = windowBuckets(now, windowMs, s.bucketMs);
    let entry = this.entries.get(entityHash(entity));
    while (entry && !keyIs(entry, entity)) entry = entry.sibling;
    // A shorter window's counts are kept in a slot of their own: in the counter's, each read of
    // one would replace the other's and both would be taken afresh at every check (an IP's hour
    // and its last 10 minutes are both read per check: docs/architecture.md, issue 19, 21st round).
    let w: WindowCounts | undefined;
    if (entry && windowMs === s.windowMs) {
      w = entry.counts;
      if (!w || w.from !== from || w.to !== to) w = entry.counts = windowCounts(entry, from, to);
    } else if (entry) {
      w = entry.recent;
      if (!w || w.from !== from || w.to !== to) w = entry.recent = windowCounts(entry, from, to);
    }
    const read: ReadOf = { entry, from, to, fromMs: from * s.bucketMs, toMs: (to + 1) * s.bucketMs, extra, excluded: exclude ? memberId(exclude) : undefined, exclude };
    const stored = w?.categories ?? NO_CATEGORIES;
    for (const base of stored) emit(base.category, countOf(read, base.category, base));
    // Categories only the extra members have, each once (at its first member in the window).
    const inWindow = (x: ExtraMember): boolean => x.time >= read.fromMs && x.time < read.toMs;
    for (let i = 0; i < extra.length; i++) {
      const c = extra[i]!.category;
      if (!inWindow(extra[i]!) || hasCategory(stored, c)) continue;
      let first = true;
      for (let j = 0; j < i && first; j++) if (extra[j]!.category === c && inWindow(extra[j]!)) first = false;
      if (first) emit(c, countOf(read, c, undefined));
    }
  }

  /** Entities held. */
  get size(): number {
    return this.held;
  }

  /** Drops the entities whose newest bucket is older than the retention at `now`. */
  expire(now: number): number {
    const s = this.counter.spec;
    const gone = (entry: Entry): boolean => (entry.newestBucket() + 1) * s.bucketMs <= now - this.retentionMs;
    let dropped = 0;
    for (const [h, first] of this.entries) {
      let kept: Entry | undefined;
      let last: Entry | undefined;
      for (let entry: Entry | undefined = first; entry; entry = entry.sibling) {
        if (gone(entry)) {
          dropped++;
          continue;
        }
        if (last) last.sibling = entry;
        else kept = entry;
        last = entry;
      }
      if (last) last.sibling = undefined;
      if (!kept) this.entries.delete(h);
      else if (kept !== first) this.entries.set(h, kept);
    }
    this.held -= dropped;
    return dropped;
  }
}

/**
 * Raises kept counts `w` of `entry` for a member just added at `bucket` (`added`: what the add
 * did); false when they must be taken again at the next read instead.
 * Inside the counted window an add drops no bucket: an add drops buckets only below the window
 * of its entity's newest bucket (the retention, at least any window read), and a newest bucket
 * past the counted window is itself outside it. Outside that window, or a set just sketched:
 * taken again.
 */
function raised(entry: Entry, w: WindowCounts, bucket: number, category: number, member: Buffer, added: Added): boolean {
  const c = bucket >= w.from && bucket <= w.to && added !== Added.Sketched ? w.categories.find((x) => x.category === category) : undefined;
  if (!c) return false;
  if (c.hll) raise(c, member);
  else if (added !== Added.Exact) return false;
  else if (!entry.holds(w.from, w.to, category, member.readUInt32BE(0), member.readUInt32BE(4), entry.setOf(bucket, category))) c.count++;
  return true;
}

/** A read: the entity (if held), its window in buckets and in time, the extra members and the one left out. */
interface ReadOf {
  readonly entry: Entry | undefined;
  readonly from: number;
  readonly to: number;
  readonly fromMs: number;
  readonly toMs: number;
  readonly extra: readonly ExtraMember[];
  readonly excluded: string | undefined;
  readonly exclude: Buffer | undefined;
}

/** One category's count of a read: the window's (`base`), with the extra members of the window counted as if added. */
function countOf(r: ReadOf, category: number, base: CategoryCount | undefined): number {
  if (base?.hll) return estimateWith(base.hll, base.sum, base.zeros, r.extra, (x) => x.category === category && x.time >= r.fromMs && x.time < r.toMs && (r.excluded === undefined || (x.id ?? memberId(x.member)) !== r.excluded));
  // No closure per call: an IP of many domains has a category each, every one counted at each read.
  let added: Set<string> | undefined;
  for (const x of r.extra) {
    if (x.category !== category || x.time < r.fromMs || x.time >= r.toMs) continue;
    const id = x.id ?? memberId(x.member);
    if (id !== r.excluded && !added?.has(id) && !known(r, category, base, x.member)) (added ??= new Set()).add(id);
  }
  return (base?.count ?? 0) - (r.exclude && known(r, category, base, r.exclude) ? 1 : 0) + (added?.size ?? 0);
}

/** Whether the read's window holds the member in an exact set of the category (none without a `base`). */
function known(r: ReadOf, category: number, base: CategoryCount | undefined, m: Buffer): boolean {
  return base !== undefined && r.entry!.holds(r.from, r.to, category, m.readUInt32BE(0), m.readUInt32BE(4));
}

/**
 * windowCounts' scratch (it runs synchronously, one call at a time, and leaves every slot it
 * touched at 0): by category (a byte), the index + 1 of its count in the list being built, and
 * the newest of its exact sets seen so far, as an index + 1 into `setOffsets`, whose
 * `olderSet` entry links to the one before it. At an IP of many domains a window holds up to
 * 256 sets per bucket: found by a search of the list and a scan of every earlier set for each
 * member, a read cost the sets times the members (docs/architecture.md, issue 19 nineteenth round).
 */
const countSlot = new Int32Array(256);
const newestSet = new Int32Array(256);
let setOffsets = new Int32Array(64);
let olderSet = new Int32Array(64);

/** The counts of buckets `from`..`to`: distinct exact members (each counted at its first bucket), or merged registers. */
function windowCounts(p: PackedSets, from: number, to: number): WindowCounts {
  const categories: CategoryCount[] = [];
  const id: [number, number] = [0, 0];
  try {
    p.forEachSet(from, to, (_at, category, exact) => {
      if (countSlot[category] === 0) countSlot[category] = categories.push(new CategoryCount(category));
      if (!exact) categories[countSlot[category]! - 1]!.hll ??= new Uint8Array(HLL_M);
    });
    let sets = 0;
    p.forEachSet(from, to, (at, category, _exact, n) => {
      const c = categories[countSlot[category]! - 1]!;
      if (c.hll) return p.mergeInto(at, c.hll);
      // The category's exact sets seen so far are all of earlier buckets (one set per bucket and
      // category): a member counts at its first bucket, so at none of those.
      for (let k = 0; k < n; k++) {
        p.idAt(at, k, id);
        let before = false;
        for (let s = newestSet[category]!; s !== 0 && !before; s = olderSet[s - 1]!) before = p.includes(setOffsets[s - 1]!, id[0], id[1]);
        if (!before) c.count++;
      }
      if (sets === setOffsets.length) {
        setOffsets = grown(setOffsets);
        olderSet = grown(olderSet);
      }
      setOffsets[sets] = at;
      olderSet[sets] = newestSet[category]!;
      newestSet[category] = ++sets;
    });
  } finally {
    for (const c of categories) countSlot[c.category] = newestSet[c.category] = 0;
  }
  for (const c of categories) {
    if (!c.hll) continue;
    const { sum, zeros } = hllSums(c.hll);
    c.sum = sum;
    c.zeros = zeros;
  }
  // Exactly as long as it is (an array grown by push keeps room for 17): held by every entity read.
  return { from, to, categories: categories.slice() };
}

function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** A member added to a sketched category of the counted window: its register raised in place, with the estimator's sums. */
function raise(c: CategoryCount, member: Buffer): void {
  const slot = hllSlot(member, 0);
  const index = slot >>> 8;
  const rank = slot & 0xff;
  const current = c.hll![index]!;
  if (rank <= current) return;
  c.sum += hllTerm(rank) - hllTerm(current);
  if (current === 0) c.zeros--;
  c.hll![index] = rank;
}

/** The windows of a check held in memory: a domain's 10 minutes, an account's IP hour, an account's numbered stem's hour. */
export class HotWindows {
  readonly domainSignups = new HotWindow(domainSignups10m, domainSignups10m.spec.member);
  readonly ipSignups = new HotWindow(ipSignups1h, (e: CheckScored) => e.inbox_hash);
  readonly stemSignups = new HotWindow(stemSignups1h, (e: CheckScored) => e.inbox_hash);
  /** Newest event time applied. */
  streamTime = 0;

  /** Counts a check (events of one partition in order; partitions may interleave). */
  add(e: CheckScored): void {
    if (e.time > this.streamTime) this.streamTime = e.time;
    this.domainSignups.add(e);
    this.ipSignups.add(e);
    this.stemSignups.add(e);
  }

  /** The longest retention: what a restart replays of the log (from the newest event back). */
  get replayMs(): number {
    return Math.max(this.domainSignups.retentionMs, this.ipSignups.retentionMs, this.stemSignups.retentionMs);
  }

  expire(now: number): number {
    return this.domainSignups.expire(now) + this.ipSignups.expire(now) + this.stemSignups.expire(now);
  }
}
