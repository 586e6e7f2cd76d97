import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CheckScored } from '../../../src/domain/events.ts';
import { DAY, HOUR, MINUTE } from '../../../src/domain/time.ts';
import { bucketVolume } from '../../../src/streams/aggregations/bucket-counter.ts';
import { countsAt, countsWith, total } from '../../../src/streams/aggregations/distinct-counter.ts';
import {
  decodeDomainRecord,
  DOMAIN_RECORD_CODEC,
  DOMAIN_RECORDS,
  DOMAIN_RECORDS_CONVERSION,
  domainRecords,
  encodeDomainRecord,
  SHAPES,
  shapesOf,
  volumeOf,
} from '../../../src/streams/aggregations/domain-records-180d.ts';
import { shapeCategory } from '../../../src/streams/aggregations/domain-shapes-180d.ts';
import { VOLUME_BUCKET_MS, VOLUME_WINDOW_MS } from '../../../src/streams/aggregations/domain-signups-10m.ts';
import { domainKey } from '../../../src/streams/stores/key-layout.ts';
import { segmentOf, type TypedStore } from '../../../src/streams/stores/store-spec.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';
import { aCheck, hash } from '../../helpers/pipeline.ts';
import { writeDomainStoresV1 } from '../../helpers/domain-stores-v1.ts';
import { LevelStore } from '../../../src/streams/stores/level-store.ts';
import { DOMAIN_SHAPES_V1, DOMAIN_VOLUME_V1 } from '../../../src/streams/aggregations/domain-records-180d.ts';
import { ReadSet, mapKey } from '../../../src/streams/stores/tx.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const T = Date.UTC(2026, 10, 21, 12);
const KEY = domainKey('example.com');

class TimedTx extends MemoryTx {
  readonly times: number[] = [];
  override set<T>(store: TypedStore<T>, key: Buffer, value: T, ts?: number): void {
    this.times.push(ts!);
    super.set(store, key, value);
  }
}

function given(events: CheckScored[]): TimedTx {
  const tx = new TimedTx();
  for (const e of events) domainRecords.apply(e, tx, () => undefined);
  return tx;
}
const volume = (tx: MemoryTx, now: number) => bucketVolume(volumeOf(tx.get(DOMAIN_RECORDS, KEY)), now, VOLUME_WINDOW_MS, VOLUME_BUCKET_MS);
const shapes = (tx: MemoryTx, now: number) => countsWith(shapesOf(tx.get(DOMAIN_RECORDS, KEY)), now, SHAPES.windowMs, SHAPES.bucketMs, []);

describe('domain-records-180d: one record per domain (volume and shapes)', () => {
  it("holds the domain's checks per hour over a week and, at company domains, its inboxes per shape over 180 days", () => {
    const tx = given([
      aCheck({ time: T - 8 * DAY, inbox_hash: hash('a'), local_shape: 'first.last' }),
      aCheck({ time: T - 2 * DAY, inbox_hash: hash('b'), local_shape: 'first.last' }),
      aCheck({ time: T, inbox_hash: hash('c'), local_shape: 'flast' }),
      aCheck({ time: T + MINUTE, inbox_hash: hash('c'), local_shape: 'flast' }),
      aCheck({ time: T + 2 * MINUTE, inbox_hash: hash('d'), local_shape: 'first', account_type: 'free' }),
    ]);
    expect(tx.data.size).toBe(1);
    expect(volume(tx, T + 3 * MINUTE)).toEqual({ total: 4, oldestMs: Math.floor((T - 2 * DAY) / HOUR) * HOUR });
    // The same inbox twice counts once; a free-mail check counts in the volume only.
    expect(Object.fromEntries(shapes(tx, T + 3 * MINUTE))).toEqual({ [shapeCategory('first.last')]: 2, [shapeCategory('flast')]: 1 });
    expect(total(shapes(tx, T + 200 * DAY))).toBe(0);
  });

  it('a free-mail domain has a volume and no shapes', () => {
    const tx = given([aCheck({ time: T, account_type: 'free' }), aCheck({ time: T + 1, account_type: 'free', inbox_hash: hash('x') })]);
    expect(volume(tx, T + 1).total).toBe(2);
    expect(decodeDomainRecord(tx.get(DOMAIN_RECORDS, KEY)!).shapes).toEqual([]);
  });

  it("is written at its newest bucket's start: a late check never moves it to an older segment", () => {
    const tx = given([aCheck({ time: T + 3 * DAY + 5 * MINUTE }), aCheck({ time: T, inbox_hash: hash('late') })]);
    expect(tx.times[1]).toBe(tx.times[0]);
    expect(segmentOf(DOMAIN_RECORDS, tx.times[1]!)).toBe(segmentOf(DOMAIN_RECORDS, T + 3 * DAY));
  });

  it('its encoding round-trips, and a copy changes apart from its original (sketched shapes included)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 300 }), fc.boolean()), { minLength: 1, maxLength: 200 }),
        (rows) => {
          const tx = new MemoryTx();
          for (const [hours, inbox, work] of rows)
            domainRecords.apply(aCheck({ time: T + hours * HOUR, inbox_hash: hash(`i${inbox % 150}`), local_shape: inbox % 2 ? 'flast' : 'first.last', account_type: work ? 'work' : 'free' }), tx, () => undefined);
          const raw = tx.get(DOMAIN_RECORDS, KEY)!;
          expect(encodeDomainRecord(decodeDomainRecord(raw)).equals(raw)).toBe(true);
          const original = decodeDomainRecord(raw);
          const copy = DOMAIN_RECORD_CODEC.clone(original);
          // Changing the copy as a transaction does (a new check) leaves the original as stored.
          const changing = new MemoryTx();
          changing.set(DOMAIN_RECORDS, KEY, copy);
          domainRecords.apply(aCheck({ time: T + 401 * HOUR, inbox_hash: hash('new') }), { ...changing, open: () => copy, set: () => undefined } as never, () => undefined);
          expect(encodeDomainRecord(original).equals(raw)).toBe(true);
          expect(encodeDomainRecord(copy).equals(raw)).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses bytes of another encoding instead of misreading them', () => {
    expect(() => decodeDomainRecord(Buffer.from([9, 0, 0]))).toThrow(/unknown encoding/);
    expect(() => decodeDomainRecord(Buffer.from([1, 0, 5, 1]))).toThrow(/volume entries/);
  });
});

describe('the conversion from domain-volume-7d and domain-shapes-180d (as earlier versions kept them)', () => {
  it('gives the record this version builds from the same checks, byte for byte, and the same counts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-domain-v1-'));
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.integer({ min: 0, max: 24 * 200 }), fc.integer({ min: 0, max: 400 }), fc.boolean()), { minLength: 1, maxLength: 150 }),
          async (rows) => {
            // In event order, as both versions apply them (late events included: times are not sorted).
            const checks = rows.map(([hours, inbox, work]) => aCheck({ time: T + hours * HOUR, inbox_hash: hash(`i${inbox % 140}`), local_shape: inbox % 3 ? 'flast' : 'f.last', account_type: work ? 'work' : 'free' }));
            rmSync(dir, { recursive: true, force: true });
            await writeDomainStoresV1(dir, checks);
            const db = new LevelStore(dir);
            await db.open([DOMAIN_VOLUME_V1, DOMAIN_SHAPES_V1]);
            const reads = new ReadSet();
            reads.add(DOMAIN_VOLUME_V1, KEY);
            reads.add(DOMAIN_SHAPES_V1, KEY);
            const newest = Math.max(...checks.map((c) => c.time));
            const old = await db.fetch(reads, newest);
            await db.close();
            const [v1, s1] = [old.get(mapKey(DOMAIN_VOLUME_V1, KEY)), old.get(mapKey(DOMAIN_SHAPES_V1, KEY))];
            const converted = DOMAIN_RECORDS_CONVERSION.convert([v1, s1])!;
            const native = given(checks);
            expect(converted.value.equals(native.get(DOMAIN_RECORDS, KEY)!)).toBe(true);
            expect(converted.ts).toBe(native.times.at(-1));
            for (const now of [newest, newest + 3 * DAY, newest + 100 * DAY]) {
              expect(bucketVolume(volumeOf(converted.value), now, VOLUME_WINDOW_MS, VOLUME_BUCKET_MS)).toEqual(bucketVolume(v1, now, VOLUME_WINDOW_MS, VOLUME_BUCKET_MS));
              expect(countsAt(shapesOf(converted.value), now, SHAPES.windowMs, SHAPES.bucketMs)).toEqual(countsAt(s1, now, SHAPES.windowMs, SHAPES.bucketMs));
            }
          },
        ),
        { numRuns: 25 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a domain the old stores do not hold converts to nothing', () => {
    expect(DOMAIN_RECORDS_CONVERSION.convert([undefined, undefined])).toBeUndefined();
  });
});
