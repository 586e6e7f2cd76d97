import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckScored } from '../../src/domain/events.ts';
import { MINUTE } from '../../src/domain/time.ts';
import { countsWith, distinctCounter, total, type ExtraMember } from '../../src/streams/aggregations/distinct-counter.ts';
import { SETS_CODEC } from '../../src/streams/aggregations/member-sets.ts';
import { entityHash, HotWindow, HotWindows } from '../../src/streams/hot-windows.ts';
import { aCheck, hash } from '../helpers/pipeline.ts';
import { MemoryTx } from '../helpers/memory-tx.ts';

interface Ev {
  entity: string;
  member: string;
  t: number;
  cat: number;
}
const SUMMARY = { id: 102, name: 't-summary', retentionMs: 20 * MINUTE, segmentMs: 20 * MINUTE, codec: SETS_CODEC };
// Exact up to 6 members a bucket: the properties below cross into sketches all the time.
const counter = distinctCounter<Ev>({
  name: 'test-10m',
  summary: SUMMARY,
  exactUpTo: 6,
  windowMs: 10 * MINUTE,
  bucketMs: MINUTE,
  entity: (e) => Buffer.from(e.entity),
  member: (e) => memberOf(e.member),
  category: (e) => e.cat,
  time: (e) => e.t,
});
// Members are keyed hashes (the sketch reads their bits as random).
const memberOf = (m: string): Buffer => createHash('sha256').update(m).digest().subarray(0, 16);
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE);

/** An add, or a read of an entity at a time with extra (pending) members. */
type Step = { add: Ev } | { read: { entity: string; at: number; extra: string[]; exclude?: string } };

/**
 * Steps on a clock that moves forward as traffic does (0-8 s a step): an event happened up to
 * 3 minutes before its step (late ones too), a read is at its step's time or now and then at
 * any time of the run; so reads come back to an entity's union after adds, as the API's do.
 */
const steps: fc.Arbitrary<Step[]> = fc
  .array(
    fc.record({
      dt: fc.integer({ min: 0, max: 8_000 }),
      read: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      entity: fc.constantFrom('a.example', 'b.example', 'none.example'),
      member: fc.integer({ min: 0, max: 40 }),
      back: fc.integer({ min: 0, max: 3 * MINUTE }),
      // Six categories: an entity's window holds several sets per bucket, as an IP's domains do.
      cat: fc.integer({ min: 0, max: 5 }),
      anyTime: fc.option(fc.integer({ min: 0, max: 60 * MINUTE }), { freq: 5, nil: undefined }),
      extra: fc.array(fc.integer({ min: 0, max: 45 }), { maxLength: 3 }),
      exclude: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
    }),
    { maxLength: 150 },
  )
  .map((raw) => {
    let clock = T0;
    return raw.map((r): Step => {
      clock += r.dt;
      if (!r.read) return { add: { entity: r.entity, member: `m${r.member}`, t: clock - r.back, cat: r.cat } };
      const at = r.anyTime === undefined ? clock : T0 + r.anyTime;
      return { read: { entity: r.entity, at, extra: r.extra.map((x) => `m${x}`), ...(r.exclude === undefined ? {} : { exclude: `m${r.exclude}` }) } };
    });
  });

describe('hot windows (Given adds and reads in any order, Then every count equals the store path)', () => {
  it('counts exactly what the stored summary counts, exact sets and sketches alike, as reads and adds interleave', () => {
    fc.assert(
      fc.property(steps, (steps) => {
        const stored = new MemoryTx();
        const hot = new HotWindow(counter, (e) => memberOf(e.member));
        for (const s of steps) {
          if ('add' in s) {
            counter.apply(s.add, stored, () => undefined);
            hot.add(s.add);
            continue;
          }
          const { entity, at, extra, exclude } = s.read;
          const more: ExtraMember[] = extra.map((m, i) => ({ member: memberOf(m), category: i % 2, time: at - i * MINUTE }));
          const ex = exclude === undefined ? undefined : memberOf(exclude);
          const want = countsWith(stored.get(SUMMARY, Buffer.from(entity)), at, 10 * MINUTE, MINUTE, more, ex);
          expect(hot.counts(Buffer.from(entity), at, more, ex)).toEqual(want);
          // A shorter window of the same buckets (as ip_burst reads the IP's last 10 minutes of its hour).
          expect(hot.counts(Buffer.from(entity), at, more, ex, 4 * MINUTE)).toEqual(countsWith(stored.get(SUMMARY, Buffer.from(entity)), at, 4 * MINUTE, MINUTE, more, ex));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a busy entity read between adds (its union kept up to date in place) counts as a fresh union does', () => {
    const hot = new HotWindow(counter, (e) => memberOf(e.member));
    const stored = new MemoryTx();
    const read = (at: number): number => total(hot.counts(Buffer.from('busy'), at, []));
    for (let i = 0; i < 400; i++) {
      const e = { entity: 'busy', member: `u${i}`, t: T0 + 30 * MINUTE + (i % 3) * 1000, cat: 0 };
      counter.apply(e, stored, () => undefined);
      hot.add(e);
      const at = T0 + 30 * MINUTE + 5000;
      expect(read(at)).toBe(total(countsWith(stored.get(SUMMARY, Buffer.from('busy')), at, 10 * MINUTE, MINUTE, [])));
    }
    expect(read(T0 + 30 * MINUTE + 5000)).toBeGreaterThan(350); // sketched: an estimate near 400
  });

  it('an entity read at its window and at a shorter one between adds (both kept up to date in place) counts as fresh unions do', () => {
    // As the history read takes an IP's hour and its last 10 minutes at every check: members of
    // new and known categories, new and repeated, arriving in and before each window.
    const hot = new HotWindow(counter, (e) => memberOf(e.member));
    const stored = new MemoryTx();
    const key = Buffer.from('gateway');
    for (let i = 0; i < 600; i++) {
      const now = T0 + 30 * MINUTE + i * 2_000;
      const e = { entity: 'gateway', member: `g${(i * 7) % 90}`, t: now - ((i * 13) % 7) * MINUTE, cat: (i * 5) % 6 };
      counter.apply(e, stored, () => undefined);
      hot.add(e);
      for (const windowMs of [10 * MINUTE, 4 * MINUTE]) {
        expect(hot.counts(key, now, [], undefined, windowMs)).toEqual(countsWith(stored.get(SUMMARY, key), now, windowMs, MINUTE, []));
      }
    }
  });

  it('a read of an earlier window, then an event too late to count: the union read is not changed by it', () => {
    const hot = new HotWindow(counter, (e) => memberOf(e.member));
    const stored = new MemoryTx();
    const add = (e: Ev): void => {
      counter.apply(e, stored, () => undefined);
      hot.add(e);
    };
    const both = (at: number): [number, number] => [total(hot.counts(Buffer.from('e'), at, [])), total(countsWith(stored.get(SUMMARY, Buffer.from('e')), at, 10 * MINUTE, MINUTE, []))];
    add({ entity: 'e', member: 'old', t: T0 + 2 * MINUTE, cat: 0 });
    add({ entity: 'e', member: 'new', t: T0 + 30 * MINUTE, cat: 0 }); // drops the bucket of 'old'
    expect(both(T0 + 5 * MINUTE)).toEqual([0, 0]);
    add({ entity: 'e', member: 'late', t: T0 + 3 * MINUTE, cat: 0 }); // too late for the window it would count in
    expect(both(T0 + 5 * MINUTE)).toEqual([0, 0]);
  });

  it('a read of an earlier window holding a sketched bucket, then an event too late to count: the count read is not changed by it', () => {
    const hot = new HotWindow(counter, (e) => memberOf(e.member));
    const stored = new MemoryTx();
    const add = (e: Ev): void => {
      counter.apply(e, stored, () => undefined);
      hot.add(e);
    };
    const both = (at: number): [number, number] => [total(hot.counts(Buffer.from('s'), at, [])), total(countsWith(stored.get(SUMMARY, Buffer.from('s')), at, 10 * MINUTE, MINUTE, []))];
    for (let i = 0; i < 8; i++) add({ entity: 's', member: `w${i}`, t: T0 + 21 * MINUTE, cat: 0 }); // sketched (exact up to 6)
    add({ entity: 's', member: 'newest', t: T0 + 30 * MINUTE, cat: 0 }); // buckets before 19 are too late from now on
    const at = T0 + 25 * MINUTE; // counts buckets 16..25
    expect(both(at)[0]).toBe(both(at)[1]);
    for (let i = 0; i < 20; i++) add({ entity: 's', member: `late${i}`, t: T0 + 17 * MINUTE, cat: 0 }); // inside that window, too late for the value
    expect(both(at)[0]).toBe(both(at)[1]);
  });

  // The windows are keyed by a 30-bit hash of the entity (hot-windows.ts): keys that hash alike share a slot.
  const colliding = ((): string[] => {
    const seen = new Map<number, string>();
    for (let i = 0; ; i++) {
      const key = `entity-${i}.example`;
      const h = entityHash(Buffer.from(key));
      const other = seen.get(h);
      if (other !== undefined) return [other, key];
      seen.set(h, key);
    }
  })();

  it('entities whose keys hash alike are counted, read and dropped apart', () => {
    const [a, b] = colliding as [string, string];
    expect(entityHash(Buffer.from(a))).toBe(entityHash(Buffer.from(b)));
    fc.assert(
      fc.property(steps, fc.integer({ min: 0, max: 60 * MINUTE }), (steps, expireAt) => {
        // The same steps over three entities, two of which collide, one held before the other.
        const names = new Map([['a.example', a], ['b.example', b], ['none.example', 'none.example']]);
        const stored = new MemoryTx();
        const hot = new HotWindow(counter, (e) => memberOf(e.member));
        let expired = false;
        for (const s of steps) {
          if ('add' in s) {
            const e = { ...s.add, entity: names.get(s.add.entity)! };
            counter.apply(e, stored, () => undefined);
            hot.add(e);
            continue;
          }
          if (!expired && s.read.at >= T0 + expireAt) {
            // Expiry drops whole entities quiet for the retention, unlinking them from a shared slot.
            hot.expire(T0 + expireAt);
            expired = true;
          }
          if (expired && s.read.at < T0 + expireAt) continue; // a window before the expiry: what it dropped is gone
          const entity = names.get(s.read.entity)!;
          const more: ExtraMember[] = s.read.extra.map((m, i) => ({ member: memberOf(m), category: i % 2, time: s.read.at - i * MINUTE }));
          const want = countsWith(stored.get(SUMMARY, Buffer.from(entity)), s.read.at, 10 * MINUTE, MINUTE, more);
          const got = hot.counts(Buffer.from(entity), s.read.at, more);
          expect(got).toEqual(want);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('an entity expired from a shared slot leaves the other one there', () => {
    const [a, b] = colliding as [string, string];
    for (const [quiet, busy] of [[a, b], [b, a]] as const) {
      const hot = new HotWindow(counter, (e) => memberOf(e.member));
      hot.add({ entity: quiet, member: 'm1', t: T0, cat: 0 });
      hot.add({ entity: busy, member: 'm2', t: T0 + 15 * MINUTE, cat: 0 });
      hot.add({ entity: busy, member: 'm3', t: T0 + 15 * MINUTE, cat: 1 });
      expect(hot.size).toBe(2);
      expect(hot.expire(T0 + 21 * MINUTE)).toBe(1);
      expect(hot.size).toBe(1);
      expect(total(hot.counts(Buffer.from(quiet), T0 + 21 * MINUTE, []))).toBe(0);
      expect(hot.counts(Buffer.from(busy), T0 + 21 * MINUTE, [])).toEqual(new Map([[0, 1], [1, 1]]));
      hot.add({ entity: quiet, member: 'm4', t: T0 + 21 * MINUTE, cat: 0 }); // held again, beside the other
      expect(hot.size).toBe(2);
      expect(total(hot.counts(Buffer.from(quiet), T0 + 22 * MINUTE, []))).toBe(1);
      expect(hot.expire(T0 + 60 * MINUTE)).toBe(2);
      expect(hot.size).toBe(0);
    }
  });

  // The IP window's shape: thousands of entities, most with one member (their first bytes share slabs).
  it('thousands of entities, most with a member or two, count what the stored summaries count', () => {
    const stored = new MemoryTx();
    const hot = new HotWindow(counter, (e) => memberOf(e.member));
    const events: Ev[] = [];
    let seed = 7;
    const rand = (n: number): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
    for (let i = 0; i < 20_000; i++) events.push({ entity: `ip-${rand(6_000)}`, member: `m${rand(3)}-${rand(50)}`, t: T0 + i * 150 - rand(3) * MINUTE, cat: rand(4) === 0 ? 1 : 0 });
    for (const e of events) {
      counter.apply(e, stored, () => undefined);
      hot.add(e);
    }
    const at = T0 + 20_000 * 150;
    for (let k = 0; k < 6_000; k++) {
      const entity = Buffer.from(`ip-${k}`);
      expect(hot.counts(entity, at, [])).toEqual(countsWith(stored.get(SUMMARY, entity), at, 10 * MINUTE, MINUTE, []));
    }
  });

  it('drops an entity once it has been quiet for the retention, not before', () => {
    const hot = new HotWindow(counter, (e) => memberOf(e.member));
    hot.add({ entity: 'quiet', member: 'm1', t: T0, cat: 0 });
    hot.add({ entity: 'busy', member: 'm1', t: T0 + 15 * MINUTE, cat: 0 });
    expect(hot.expire(T0 + 20 * MINUTE)).toBe(0); // the bucket of T0 ends at T0 + 1 min: quiet for 19 min
    expect(hot.expire(T0 + 21 * MINUTE)).toBe(1);
    expect(hot.size).toBe(1);
    expect(total(hot.counts(Buffer.from('quiet'), T0 + 21 * MINUTE, []))).toBe(0);
  });
});

describe('the windows of a check', () => {
  it("a domain's inboxes across accounts in 10 minutes; an account's inboxes per IP in an hour", () => {
    const w = new HotWindows();
    const ip = hash('ip-1');
    const T = Date.UTC(2026, 10, 21, 12);
    const checks: CheckScored[] = [
      aCheck({ account: 'acme', domain: 'wave.example', inbox_hash: hash('a'), ip_hash: ip, time: T }),
      aCheck({ account: 'globex', domain: 'wave.example', inbox_hash: hash('b'), ip_hash: ip, time: T + MINUTE }),
      aCheck({ account: 'acme', domain: 'other.example', inbox_hash: hash('c'), ip_hash: ip, time: T + 30 * MINUTE }),
    ];
    for (const c of checks) w.add(c);
    const ipKey = (account: string): Buffer => Buffer.concat([Buffer.from(account), Buffer.from([0]), ip]);
    expect(total(w.domainSignups.counts(Buffer.from('wave.example'), T + 5 * MINUTE, []))).toBe(2);
    expect(total(w.domainSignups.counts(Buffer.from('wave.example'), T + 12 * MINUTE, []))).toBe(0);
    expect(total(w.ipSignups.counts(ipKey('acme'), T + 40 * MINUTE, []))).toBe(2);
    expect(total(w.ipSignups.counts(ipKey('globex'), T + 40 * MINUTE, []))).toBe(1);
    expect(w.streamTime).toBe(T + 30 * MINUTE);
    expect(w.replayMs).toBe(w.ipSignups.retentionMs);
  });

  it("an account's inboxes per numbered stem in an hour: each account its own, checks without a stem left out", () => {
    const w = new HotWindows();
    const stem = hash('stem-quillberg#@gmail.com');
    const T = Date.UTC(2026, 10, 21, 12);
    const checks: CheckScored[] = [
      aCheck({ account: 'acme', domain: 'gmail.com', inbox_hash: hash('qb0001'), stem_hash: stem, ip_hash: hash('ip-1'), time: T }),
      aCheck({ account: 'acme', domain: 'gmail.com', inbox_hash: hash('qb0002'), stem_hash: stem, ip_hash: hash('ip-2'), time: T + MINUTE }),
      aCheck({ account: 'acme', domain: 'gmail.com', inbox_hash: hash('qb0002'), stem_hash: stem, time: T + 2 * MINUTE }),
      aCheck({ account: 'acme', domain: 'gmail.com', inbox_hash: hash('qb0003'), stem_hash: stem, time: T + 40 * MINUTE }),
      aCheck({ account: 'globex', domain: 'gmail.com', inbox_hash: hash('qb0004'), stem_hash: stem, time: T + 40 * MINUTE }),
      aCheck({ account: 'acme', domain: 'gmail.com', inbox_hash: hash('qb'), stem_hash: null, time: T + 40 * MINUTE }),
      aCheck({ account: 'acme', domain: 'gmail.com', inbox_hash: hash('older'), time: T + 40 * MINUTE }),
    ];
    for (const c of checks) w.add(c);
    const stemKey = (account: string): Buffer => Buffer.concat([Buffer.from(account), Buffer.from([0]), stem]);
    expect(w.stemSignups.total(stemKey('acme'), T + 41 * MINUTE, [])).toBe(3);
    expect(w.stemSignups.total(stemKey('acme'), T + 41 * MINUTE, [], 10 * MINUTE)).toBe(1);
    expect(w.stemSignups.total(stemKey('globex'), T + 41 * MINUTE, [])).toBe(1);
    expect(w.stemSignups.total(stemKey('acme'), T + 41 * MINUTE, [{ member: hash('qb0005'), category: 0, time: T + 41 * MINUTE }])).toBe(4);
    // An hour and a bucket after the first two, only the third is left.
    expect(w.stemSignups.total(stemKey('acme'), T + 66 * MINUTE, [])).toBe(1);
    expect(w.stemSignups.size).toBe(2);
  });
});
