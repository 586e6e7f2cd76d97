/**
 * Sliding-window distinct count (pure): "how many distinct members did this entity see in
 * about the last W", optionally split by a small category (e.g. address shape).
 *
 * One value per entity in a timed store: the member sets of its recent buckets (width B,
 * member-sets.ts). count(now) = size of the union of the sets of every bucket holding an instant
 * of the last W (firstCountedBucket: "about W", since the oldest bucket may be partly outside, so
 * a member counts for at least W and at most W + B). A member seen in two buckets is counted once while
 * either is in the window, and stays counted until the newest of its buckets leaves it.
 * Exact while every bucket holds at most `exactUpTo` members; a busier bucket becomes a
 * HyperLogLog sketch (2.3% standard error) and counts including it are estimates.
 * Idempotent: adding a member already in its bucket changes nothing and writes nothing, which
 * is what lets the API re-apply its own recent events for read-your-writes.
 * Bounded: buckets older than the window are dropped on write, and the value's segment expires
 * once the entity has been quiet for the store's retention (W + B + grace).
 */
import type { Aggregation } from '../aggregation.ts';
import { timedStore, type TypedStore } from '../stores/store-spec.ts';
import type { ReadKeys } from '../stores/tx.ts';
import { addMemberInPlace, decodeSets, SETS_CODEC, HLL_M, hllAdd, hllEstimateFrom, hllSlot, hllSums, hllTerm, unionCount, type BucketSet } from './member-sets.ts';

/**
 * The oldest bucket counted in "the last W" at `now`: every bucket holding an instant younger
 * than W, so a member is counted for at least W after it was seen (and leaves once its whole
 * bucket is W old: at most W + one bucket). A window that counted only whole buckets inside W
 * dropped a member seen at the end of a bucket up to one bucket early (an IP's signups after
 * 55 minutes, an inbox's spellings after 89 days).
 */
export function firstCountedBucket(now: number, windowMs: number, bucketMs: number): number {
  return Math.floor((now - windowMs + 1) / bucketMs);
}

/** A timed store of distinct-count summaries, held decoded between commits (member-sets.ts SETS_CODEC). */
export function summaryStore(id: number, name: string, retentionMs: number): TypedStore<BucketSet[]> {
  return { ...timedStore(id, name, retentionMs), codec: SETS_CODEC };
}

export interface DistinctCounterSpec<E> {
  readonly name: string;
  readonly summary: TypedStore<BucketSet[]>;
  readonly windowMs: number;
  readonly bucketMs: number;
  /** Members per bucket kept exactly; past it the bucket is sketched. */
  readonly exactUpTo: number;
  /** null = this event does not count here. */
  entity(e: E): Buffer | null;
  member(e: E): Buffer;
  category?(e: E): number;
  time(e: E): number;
}

/** Distinct members in about the last W at `now`, per category. */
export function countsAt(raw: Buffer | undefined, now: number, windowMs: number, bucketMs: number): Map<number, number> {
  const from = firstCountedBucket(now, windowMs, bucketMs);
  const to = Math.floor(now / bucketMs);
  const byCategory = new Map<number, BucketSet[]>();
  for (const s of decodeSets(raw)) {
    if (s.bucket < from || s.bucket > to) continue;
    const list = byCategory.get(s.category);
    if (list) list.push(s);
    else byCategory.set(s.category, [s]);
  }
  const out = new Map<number, number>();
  for (const [c, sets] of byCategory) out.set(c, unionCount(sets).count);
  return out;
}

export function total(m: Map<number, number>): number {
  let sum = 0;
  for (const n of m.values()) sum += n;
  return sum;
}

/** A member's id in an exact set (its first 8 bytes, as the stored sets keep them). */
export const memberId = (member: Buffer): string => member.toString('latin1', 0, 8);

export interface ExtraMember {
  readonly member: Buffer;
  readonly category: number;
  readonly time: number;
  /** The member's exact-set id, when the caller keeps it (a member counted for many checks). */
  readonly id?: string;
}

/** The union of a value's sets in one window, per category: exact members or merged registers. */
export interface WindowUnion {
  readonly from: number;
  readonly to: number;
  readonly byCategory: Map<number, CategoryUnion>;
}

/** Exact members, or merged registers with the estimator's sums (so extra members update them in O(1)). */
export interface CategoryUnion {
  exact?: Set<string>;
  hll?: Uint8Array;
  sum?: number;
  zeros?: number;
}

/**
 * Unions already computed, per stored value object. The API reads a busy domain's value once
 * per state commit (commit-cached-reader.ts) and every check until the next commit gets that
 * same Buffer: the union of its (possibly thousands of) members is built once, and each check
 * only adds its few pending members. A memo, not state: the result depends on the arguments only.
 */
const unions = new WeakMap<Buffer, WindowUnion>();

function windowUnion(raw: Buffer, from: number, to: number): WindowUnion {
  const known = unions.get(raw);
  if (known && known.from === from && known.to === to) return known;
  const u = unionOfSets(decodeSets(raw), from, to);
  unions.set(raw, u);
  return u;
}

/** The union of the sets of buckets `from`..`to` (a new object: its registers are its own). */
export function unionOfSets(all: readonly BucketSet[], from: number, to: number): WindowUnion {
  const byCategory: WindowUnion['byCategory'] = new Map();
  const sets = all.filter((s) => s.bucket >= from && s.bucket <= to);
  for (const c of new Set(sets.map((s) => s.category))) {
    const mine = sets.filter((s) => s.category === c);
    if (mine.every((s) => s.exact)) {
      const exact = new Set<string>();
      for (const s of mine) for (let i = 0; i < s.exact!.length; i += 8) exact.add(s.exact!.toString('latin1', i, i + 8));
      byCategory.set(c, { exact });
    } else {
      const hll = new Uint8Array(HLL_M);
      for (const s of mine) {
        if (s.hll) for (let i = 0; i < HLL_M; i++) hll[i] = Math.max(hll[i]!, s.hll[i]!);
        else for (let i = 0; i < s.exact!.length; i += 8) hllAdd(hll, s.exact!, i);
      }
      byCategory.set(c, { hll, ...hllSums(hll) });
    }
  }
  return { from, to, byCategory };
}

/** The buckets counted in "the last W" at `now`: [from, to]. */
export function windowBuckets(now: number, windowMs: number, bucketMs: number): { from: number; to: number } {
  return { from: firstCountedBucket(now, windowMs, bucketMs), to: Math.floor(now / bucketMs) };
}

/**
 * countsAt, as if `extra` sightings (events not in the stored value yet) had been applied:
 * the union of the window's stored sets and the extra members inside the window. Same result
 * as applying them (the counter is a union of sets): exact while every set is, else the
 * sketch's estimate.
 */
export function countsWith(raw: Buffer | undefined, now: number, windowMs: number, bucketMs: number, extra: readonly ExtraMember[], exclude?: Buffer): Map<number, number> {
  const { from, to } = windowBuckets(now, windowMs, bucketMs);
  return countsOver(raw ? windowUnion(raw, from, to) : undefined, now, windowMs, bucketMs, extra, exclude);
}

/**
 * countsWith over a union already taken (of the window at `now`: `unionOfSets` of
 * `windowBuckets(now)`), e.g. one kept up to date in memory (hot-windows.ts).
 */
export function countsOver(union: WindowUnion | undefined, now: number, windowMs: number, bucketMs: number, extra: readonly ExtraMember[], exclude?: Buffer): Map<number, number> {
  const { from, to } = windowBuckets(now, windowMs, bucketMs);
  const out = new Map<number, number>();
  forEachCount(union, { from, to, bucketMs, extra, excluded: exclude ? memberId(exclude) : undefined }, (c, n) => void out.set(c, n));
  return out;
}

/** total(countsWith(...)): the sum over categories, without a map of them (the history read takes only the total, per check). */
export function totalWith(raw: Buffer | undefined, now: number, windowMs: number, bucketMs: number, extra: readonly ExtraMember[]): number {
  const { from, to } = windowBuckets(now, windowMs, bucketMs);
  let sum = 0;
  forEachCount(raw ? windowUnion(raw, from, to) : undefined, { from, to, bucketMs, extra, excluded: undefined }, (_c, n) => {
    sum += n;
  });
  return sum;
}

/**
 * Each category's count of countsOver, the stored categories first, then those only extra
 * members have. The extra members are passed over once per category (a read has one or two
 * categories), so no map of them by category, and no set unless one is new to the window.
 */
function forEachCount(union: WindowUnion | undefined, w: ExtraWindow, emit: (category: number, count: number) => void): void {
  const extra = w.extra;
  if (union) for (const [c, base] of union.byCategory) emit(c, categoryCount(w, c, base));
  // Categories only extra members have, each once (a category is new at its first member in the window).
  for (let i = 0; i < extra.length; i++) {
    const c = extra[i]!.category;
    if (!inWindow(w, extra[i]!) || union?.byCategory.has(c)) continue;
    let first = true;
    for (let j = 0; j < i && first; j++) if (extra[j]!.category === c && inWindow(w, extra[j]!)) first = false;
    if (first) emit(c, categoryCount(w, c, undefined));
  }
}

/**
 * A read's window in buckets, its extra members, and the exact-set id of a member left out of
 * the count (exact sets only: a sketched set has no members).
 */
interface ExtraWindow {
  readonly from: number;
  readonly to: number;
  readonly bucketMs: number;
  readonly extra: readonly ExtraMember[];
  readonly excluded: string | undefined;
}

function inWindow(w: ExtraWindow, x: ExtraMember): boolean {
  const b = Math.floor(x.time / w.bucketMs);
  return b >= w.from && b <= w.to;
}

/**
 * A sketch's estimate as if the extra members `counted` accepts were added to a copy of its
 * registers: only the registers they raise change the sums (a few, against 2048 to copy and
 * rescan). `sum` and `zeros`: the registers' (hllSums).
 */
export function estimateWith(hll: Uint8Array, sum: number, zeros: number, extra: readonly ExtraMember[], counted: (x: ExtraMember) => boolean): number {
  let raised: Map<number, number> | undefined;
  for (const x of extra) {
    if (!counted(x)) continue;
    const slot = hllSlot(x.member, 0);
    const index = slot >>> 8;
    const rank = slot & 0xff;
    const current = raised?.get(index) ?? hll[index]!;
    if (rank <= current) continue;
    sum += hllTerm(rank) - hllTerm(current);
    if (current === 0) zeros--;
    (raised ??= new Map()).set(index, rank);
  }
  return Math.round(hllEstimateFrom(sum, zeros));
}

/** One category's count: the stored union's (`base`), with the window's extra members of that category as if added. */
function categoryCount(w: ExtraWindow, c: number, base: CategoryUnion | undefined): number {
  const excluded = w.excluded;
  if (base?.hll) return estimateWith(base.hll, base.sum!, base.zeros!, w.extra, (x) => x.category === c && inWindow(w, x) && (excluded === undefined || (x.id ?? memberId(x.member)) !== excluded));
  const known = base?.exact;
  let added: Set<string> | undefined;
  for (const x of w.extra) {
    if (x.category !== c || !inWindow(w, x)) continue;
    const id = x.id ?? memberId(x.member);
    if (id !== excluded && !known?.has(id)) (added ??= new Set()).add(id);
  }
  return (known?.size ?? 0) - (excluded !== undefined && known?.has(excluded) ? 1 : 0) + (added?.size ?? 0);
}

export function distinctCounter<E>(s: DistinctCounterSpec<E>): Aggregation<E> & { spec: DistinctCounterSpec<E>; readKeys(e: E, rs: ReadKeys): void } {
  const readKeys = (e: E, rs: ReadKeys): void => {
    const entity = s.entity(e);
    if (entity) rs.add(s.summary, entity);
  };
  return {
    name: s.name,
    spec: s,
    stores: [s.summary],
    readKeys,
    reads: readKeys,
    apply(e, tx) {
      const entity = s.entity(e);
      if (!entity) return;
      const t = s.time(e);
      // The summary as an object this transaction owns: members are added in place (a
      // sketched bucket raises its registers where they are) and it is encoded once per commit.
      const sets = tx.open(s.summary, entity) ?? [];
      const newest = addSighting(sets, s, t, s.category?.(e) ?? 0, s.member(e));
      if (newest === undefined) return; // too late, or already counted: no change, no write
      tx.set(s.summary, entity, sets, Math.max(t, newest * s.bucketMs));
    },
  };
}

/**
 * Adds a member seen at `t` to a summary this caller owns (changed in place: buckets that left
 * the window are dropped, the member joins its bucket's set). Returns the newest bucket the
 * summary holds, or undefined when nothing changed: the member was already counted there, or
 * `t` is too late (outside the window it would count in).
 */
export function addSighting(sets: BucketSet[], s: Pick<DistinctCounterSpec<unknown>, 'windowMs' | 'bucketMs' | 'exactUpTo'>, t: number, category: number, member: Buffer): number | undefined {
  const bucket = Math.floor(t / s.bucketMs);
  let newest = bucket;
  for (const x of sets) if (x.bucket > newest) newest = x.bucket;
  const oldest = firstCountedBucket(newest * s.bucketMs, s.windowMs, s.bucketMs) - 1;
  if (bucket < oldest) return undefined;
  let kept = 0;
  for (const x of sets) if (x.bucket >= oldest) sets[kept++] = x;
  const dropped = sets.length - kept;
  sets.length = kept;
  let at = 0;
  while (at < sets.length && (sets[at]!.bucket < bucket || (sets[at]!.bucket === bucket && sets[at]!.category < category))) at++;
  let added: boolean;
  if (at < sets.length && sets[at]!.bucket === bucket && sets[at]!.category === category) added = addMemberInPlace(sets[at]!, member, s.exactUpTo);
  else {
    sets.splice(at, 0, { bucket, category, exact: Buffer.from(member.subarray(0, 8)) });
    added = true;
  }
  return added || dropped > 0 ? newest : undefined;
}
