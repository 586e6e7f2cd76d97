import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../../src/domain/time.ts';
import { distinctCounter } from '../../../src/streams/aggregations/distinct-counter.ts';
import { SETS_CODEC } from '../../../src/streams/aggregations/member-sets.ts';
import { Added, PackedSets } from '../../../src/streams/aggregations/packed-sets.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';

interface Ev {
  member: string;
  t: number;
  cat: number;
}
const SUMMARY = { id: 103, name: 't-packed', retentionMs: 20 * MINUTE, segmentMs: 20 * MINUTE, codec: SETS_CODEC };
const KEY = Buffer.from('entity');
const memberOf = (m: string): Buffer => createHash('sha256').update(m).digest().subarray(0, 16);
const T0 = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE);
const spec = (exactUpTo: number) => ({ windowMs: 10 * MINUTE, bucketMs: MINUTE, exactUpTo });
const counterOf = (exactUpTo: number) =>
  distinctCounter<Ev>({
    name: 't-packed',
    summary: SUMMARY,
    exactUpTo,
    windowMs: 10 * MINUTE,
    bucketMs: MINUTE,
    entity: () => KEY,
    member: (e) => memberOf(e.member),
    category: (e) => e.cat,
    time: (e) => e.t,
  });

describe('packed sets (Given any adds, Then the Buffer is the value distinctCounter would store)', () => {
  it('holds the stored encoding after every add: late events, dropped buckets, categories, sketches, and sets shrunk into sketches', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 6, 300),
        fc.array(fc.record({ dt: fc.integer({ min: 0, max: 20_000 }), back: fc.integer({ min: 0, max: 14 * MINUTE }), member: fc.integer({ min: 0, max: 400 }), cat: fc.integer({ min: 0, max: 2 }) }), { maxLength: 400 }),
        (exactUpTo, raw) => {
          const counter = counterOf(exactUpTo);
          const stored = new MemoryTx();
          const packed = new PackedSets();
          let clock = T0;
          for (const r of raw) {
            clock += r.dt;
            const e = { member: `m${r.member}`, t: clock - r.back, cat: r.cat };
            const before = stored.get(SUMMARY, KEY);
            counter.apply(e, stored, () => undefined);
            const added = packed.add(spec(exactUpTo), Math.floor(e.t / MINUTE), e.cat, memberOf(e.member));
            const after = stored.get(SUMMARY, KEY)!;
            expect(packed.encoded().equals(after)).toBe(true);
            // Nothing added: the stored value was not written either (or only its old buckets dropped).
            if (added === Added.Nothing && before) expect(SETS_CODEC.decode(after).length).toBeLessThanOrEqual(SETS_CODEC.decode(before).length);
            // Memory follows the value: grown by half again at most, given back below a third.
            expect(packed.capacity).toBeLessThanOrEqual(Math.max(64, 3 * after.length));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives memory back once the buckets that needed it leave the window (a sketch of 2 KB among them)', () => {
    const packed = new PackedSets();
    for (let i = 0; i <= 3; i++) packed.add(spec(3), 100, 0, memberOf(`x${i}`));
    expect(packed.capacity).toBeGreaterThanOrEqual(8 + 2048);
    expect(packed.add(spec(3), 120, 0, memberOf('later'))).toBe(Added.Exact);
    expect(packed.encoded().length).toBe(8 + 8);
    expect(packed.capacity).toBeLessThanOrEqual(64);
  });

  it('a set past its exact limit becomes a sketch in place, larger or smaller than the members it held', () => {
    for (const exactUpTo of [3, 300]) {
      const packed = new PackedSets();
      const results: Added[] = [];
      for (let i = 0; i <= exactUpTo; i++) results.push(packed.add(spec(exactUpTo), 100, 0, memberOf(`x${i}`)));
      expect(results.at(-1)).toBe(Added.Sketched);
      expect(results.slice(0, -1).every((r) => r === Added.Exact)).toBe(true);
      const [set] = SETS_CODEC.decode(packed.encoded());
      expect(set!.hll).toBeDefined();
      expect(packed.encoded().length).toBe(8 + 2048);
    }
  });
});
