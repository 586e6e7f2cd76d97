import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../../src/domain/time.ts';
import fc from 'fast-check';
import { countsAt, countsWith, distinctCounter, firstCountedBucket, total } from '../../../src/streams/aggregations/distinct-counter.ts';
import { addMemberInPlace, decodeSets, SETS_CODEC, unionCount, type BucketSet } from '../../../src/streams/aggregations/member-sets.ts';
import type { StoreSpec } from '../../../src/streams/stores/store-spec.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';

interface Ev {
  entity: string;
  member: string;
  t: number;
  cat?: number;
}
const SUMMARY = { id: 102, name: 't-summary', retentionMs: 20 * MINUTE, segmentMs: 5 * MINUTE, codec: SETS_CODEC };
const counter = distinctCounter<Ev>({
  name: 'test-10m',
  summary: SUMMARY,
  exactUpTo: 50,
  windowMs: 10 * MINUTE,
  bucketMs: MINUTE,
  entity: (e) => Buffer.from(e.entity),
  member: (e) => Buffer.from(e.member.padStart(8, '_'), 'latin1'),
  category: (e) => e.cat ?? 0,
  time: (e) => e.t,
});
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE); // a bucket boundary

function given(events: Ev[]): MemoryTx {
  const tx = new MemoryTx();
  for (const e of events) counter.apply(e, tx, () => undefined);
  return tx;
}
const countAt = (tx: MemoryTx, entity: string, now: number, cat?: number): number => {
  const m = countsAt(tx.get(SUMMARY, Buffer.from(entity)), now, 10 * MINUTE, MINUTE);
  return cat === undefined ? total(m) : (m.get(cat) ?? 0);
};
const ev = (member: string, t: number, entity = 'example.com', cat?: number): Ev => ({ entity, member, t, ...(cat === undefined ? {} : { cat }) });

describe('distinct counter (10-minute window, 1-minute buckets)', () => {
  it('given 20 distinct members within the window, then the count is 20', () => {
    const tx = given(Array.from({ length: 20 }, (_, i) => ev(`m${i}`, T0 + i * 1000)));
    expect(countAt(tx, 'example.com', T0 + 30_000)).toBe(20);
    expect(countAt(tx, 'other.com', T0 + 30_000)).toBe(0);
  });

  it('when a member is seen again, then it is still counted once', () => {
    const tx = given([ev('a', T0), ev('a', T0 + 1000), ev('b', T0 + 2000), ev('a', T0 + 3 * MINUTE)]);
    expect(countAt(tx, 'example.com', T0 + 3 * MINUTE)).toBe(2);
  });

  it('an event at the end of its bucket counts until it is 10 minutes old, not a bucket less', () => {
    const late = T0 + MINUTE - 1; // the last millisecond of its bucket
    const tx = given([ev('a', late)]);
    expect(countAt(tx, 'example.com', late + 10 * MINUTE - 1)).toBe(1);
    expect(countAt(tx, 'example.com', late + 10 * MINUTE)).toBe(0);
  });

  it('an event at the start of its bucket counts for at least 10 minutes and leaves with its bucket', () => {
    const tx = given([ev('a', T0)]);
    expect(countAt(tx, 'example.com', T0 + 10 * MINUTE)).toBe(1); // exactly 10 minutes old: its bucket is partly inside
    expect(countAt(tx, 'example.com', T0 + 11 * MINUTE - 2)).toBe(1);
    expect(countAt(tx, 'example.com', T0 + 11 * MINUTE - 1)).toBe(0); // the whole bucket is 10 minutes old
  });

  it('every member seen within the last W counts, at any instant (never a bucket early)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * MINUTE }), fc.integer({ min: 0, max: 10 * MINUTE - 1 }), (t, age) => {
        const tx = given([ev('a', T0 + t)]);
        expect(countAt(tx, 'example.com', T0 + t + age)).toBe(1);
        expect(countAt(tx, 'example.com', T0 + t + 11 * MINUTE)).toBe(0); // past W + one bucket
      }),
      { numRuns: 200 },
    );
  });

  it('a re-sighting moves the member forward, so it stays in the window', () => {
    const tx = given([ev('a', T0), ev('a', T0 + 9 * MINUTE)]);
    expect(countAt(tx, 'example.com', T0 + 15 * MINUTE)).toBe(1);
    expect(countAt(tx, 'example.com', T0 + 20 * MINUTE)).toBe(0);
  });

  it('a late event within the window counts in its own bucket and expires with it', () => {
    const tx = given([ev('a', T0 + 8 * MINUTE), ev('late', T0 + 2 * MINUTE)]);
    expect(countAt(tx, 'example.com', T0 + 8 * MINUTE)).toBe(2);
    expect(countAt(tx, 'example.com', T0 + 13 * MINUTE)).toBe(1);
  });

  it('a late sighting of a member already counted does not change the count', () => {
    const tx = given([ev('a', T0 + 5 * MINUTE), ev('b', T0 + 5 * MINUTE)]);
    counter.apply(ev('a', T0 + MINUTE), tx, () => undefined);
    expect(countAt(tx, 'example.com', T0 + 6 * MINUTE)).toBe(2);
  });

  it('writes nothing when a member is seen again in its bucket (idempotent, no dirty write)', () => {
    const tx = given([ev('a', T0)]);
    let writes = 0;
    const counting = {
      get: tx.get.bind(tx),
      put: (...a: Parameters<MemoryTx['put']>) => (writes++, tx.put(...a)),
      delete: tx.delete.bind(tx),
      open: tx.open.bind(tx),
      set: (...a: Parameters<MemoryTx['set']>) => (writes++, tx.set(...a)),
    };
    counter.apply(ev('a', T0 + 1000), counting, () => undefined);
    expect(writes).toBe(0);
    counter.apply(ev('b', T0 + 1000), counting, () => undefined);
    expect(writes).toBe(1);
  });

  it('counts exactly across buckets, and estimates within a few percent once a bucket is sketched', () => {
    const exact = given(Array.from({ length: 300 }, (_, i) => ev(`m${i}`, T0 + (i % 10) * MINUTE)));
    expect(countAt(exact, 'example.com', T0 + 9 * MINUTE)).toBe(300); // 30 per bucket: all exact
    const members = (n: number, t: number) => Array.from({ length: n }, (_, i) => ev(createHash('sha256').update(`x${i}`).digest().toString('latin1', 0, 8), t));
    const busy = given(members(5000, T0));
    const estimate = countAt(busy, 'example.com', T0);
    expect(Math.abs(estimate - 5000) / 5000).toBeLessThan(0.07); // 3 standard errors of 2.3%
  });

  it('an event older than the window of the newest state is dropped', () => {
    const tx = given([ev('a', T0 + 30 * MINUTE), ev('ancient', T0)]);
    expect(countAt(tx, 'example.com', T0 + 30 * MINUTE)).toBe(1);
  });

  it('is idempotent: re-applying the same events leaves the state unchanged', () => {
    const events = [ev('a', T0), ev('b', T0 + 1000), ev('a', T0 + 2 * MINUTE), ev('c', T0 + 5 * MINUTE)];
    const tx = given(events);
    const once = tx.snapshot();
    for (const e of events) counter.apply(e, tx, () => undefined);
    expect(tx.snapshot()).toBe(once);
  });

  it('keeps counts per category', () => {
    const tx = given([ev('a', T0, 'x', 1), ev('b', T0, 'x', 1), ev('c', T0, 'x', 2)]);
    expect(countAt(tx, 'x', T0, 1)).toBe(2);
    expect(countAt(tx, 'x', T0, 2)).toBe(1);
  });

  it('keeps a bounded summary: never more buckets than the window touches (+1)', () => {
    const tx = given(Array.from({ length: 500 }, (_, i) => ev(`m${i}`, T0 + i * 20_000)));
    expect(decodeSets(tx.get(SUMMARY, Buffer.from('example.com'))).length).toBeLessThanOrEqual(12);
  });

  it('countsWith leaves out an excluded member, stored or extra (the other inboxes of a domain)', () => {
    const tx = given([ev('a', T0, 'x', 1), ev('b', T0, 'x', 1), ev('c', T0, 'x', 2)]);
    const raw = tx.get(SUMMARY, Buffer.from('x'));
    const id = (m: string) => Buffer.from(m.padStart(8, '_'), 'latin1');
    expect(countsWith(raw, T0, 10 * MINUTE, MINUTE, [], id('a'))).toEqual(new Map([[1, 1], [2, 1]]));
    expect(countsWith(raw, T0, 10 * MINUTE, MINUTE, [{ member: id('d'), category: 2, time: T0 }], id('d'))).toEqual(new Map([[1, 2], [2, 1]]));
    expect(countsWith(raw, T0, 10 * MINUTE, MINUTE, [], id('zz'))).toEqual(new Map([[1, 2], [2, 1]]));
  });

  it('countsWith = the union of the window sets and the extra members, exact or sketched, and memoised per value', () => {
    // Up to 700 events over 12 one-minute buckets: some buckets pass exactUpTo (50) and are sketched.
    const member = fc.integer({ min: 0, max: 400 }).map((n) => `m${n}`);
    const event = fc.record({ member, t: fc.integer({ min: 0, max: 12 * MINUTE }), cat: fc.integer({ min: 0, max: 1 }) });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 700 }), fc.array(event, { maxLength: 20 }), fc.integer({ min: 0, max: 3 * MINUTE }), (stored, extra, after) => {
        const tx = given(stored.map((e) => ev(e.member, T0 + e.t, 'example.com', e.cat)));
        const raw = tx.get(SUMMARY, Buffer.from('example.com'));
        const now = T0 + 12 * MINUTE + after;
        const extras = extra.map((e) => ({ member: Buffer.from(e.member.padStart(8, '_'), 'latin1'), category: e.cat, time: T0 + e.t }));
        // Reference: the sets of the window plus one exact set of the extras in it, per category.
        const from = firstCountedBucket(now, 10 * MINUTE, MINUTE);
        const to = Math.floor(now / MINUTE);
        const expected = new Map<number, number>();
        for (const c of [0, 1]) {
          const sets: BucketSet[] = decodeSets(raw).filter((x) => x.category === c && x.bucket >= from && x.bucket <= to);
          const ids = extras.filter((x) => x.category === c && Math.floor(x.time / MINUTE) >= from && Math.floor(x.time / MINUTE) <= to).map((x) => x.member);
          // (deduplicated: a set holds each member once; the same inbox may be pending twice)
          const unique = [...new Set(ids.map((b) => b.toString('latin1')))].map((x) => Buffer.from(x, 'latin1'));
          if (unique.length) sets.push({ bucket: to, category: c, exact: Buffer.concat(unique) });
          if (sets.length) expected.set(c, unionCount(sets).count);
        }
        expect(countsWith(raw, now, 10 * MINUTE, MINUTE, extras)).toEqual(expected);
        // The memo must not leak one call's extras into the next.
        expect(countsWith(raw, now, 10 * MINUTE, MINUTE, [])).toEqual(countsAt(raw, now, 10 * MINUTE, MINUTE));
      }),
      { numRuns: 150 },
    );
  });
});

describe('summaries held decoded: sketched buckets raised in place', () => {
  const sketched = (): BucketSet[] => {
    const reg = new Uint8Array(2048);
    return [{ bucket: 1, category: 0, hll: reg, ownsHll: true }];
  };
  const member = (s: string): Buffer => createHash('sha256').update(s).digest().subarray(0, 8);

  it("a copy shares the original's registers until its first change, then copies them once", () => {
    const original = sketched();
    const copy = SETS_CODEC.clone(original);
    expect(copy[0]!.hll).toBe(original[0]!.hll);
    let changed = 0;
    for (let i = 0; i < 200; i++) if (addMemberInPlace(copy[0]!, member(`m${i}`), 128)) changed++;
    expect(changed).toBeGreaterThan(0);
    expect(copy[0]!.hll).not.toBe(original[0]!.hll);
    expect(original[0]!.hll!.every((r) => r === 0)).toBe(true); // the original never saw a member
    const after = copy[0]!.hll;
    addMemberInPlace(copy[0]!, member('one more'), 128);
    expect(copy[0]!.hll).toBe(after); // owned now: raised where it is
  });

  it('decoded registers are views of the stored bytes: they are copied before a change', () => {
    const bytes = SETS_CODEC.encode(sketched());
    const before = Buffer.from(bytes);
    const sets = SETS_CODEC.decode(bytes);
    for (let i = 0; i < 50; i++) addMemberInPlace(sets[0]!, member(`m${i}`), 128);
    expect(bytes.equals(before)).toBe(true);
    expect(unionCount(sets).count).toBeGreaterThan(40);
  });
});
