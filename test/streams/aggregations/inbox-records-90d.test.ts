import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CheckScored } from '../../../src/domain/events.ts';
import { DAY } from '../../../src/domain/time.ts';
import { countsWith, total } from '../../../src/streams/aggregations/distinct-counter.ts';
import {
  ALIAS_BUCKET_MS,
  ALIAS_WINDOW_MS,
  decodeInboxRecord,
  encodeInboxRecord,
  INBOX_RECORD_CODEC,
  INBOX_RECORDS,
  inboxRecordKey,
  inboxRecords90d,
  latestOf,
  spellingsOf,
} from '../../../src/streams/aggregations/inbox-records-90d.ts';
import { segmentOf } from '../../../src/streams/stores/store-spec.ts';
import type { StoreSpec, TypedStore } from '../../../src/streams/stores/store-spec.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';
import { aCheck, hash, uuid } from '../../helpers/pipeline.ts';

const T = Date.UTC(2026, 10, 21, 12);
const KEY = inboxRecordKey('acme', hash('inbox-a'));

/** A MemoryTx that also remembers the timestamp of each write (the segment a timed store puts it in). */
class TimedTx extends MemoryTx {
  readonly times: number[] = [];
  override set<T>(store: TypedStore<T>, key: Buffer, value: T, ts?: number): void {
    this.times.push(ts!);
    super.set(store, key, value);
  }
  override put(store: StoreSpec, key: Buffer, value: Buffer, ts?: number): void {
    super.put(store, key, value);
    if (ts !== undefined) this.times.push(ts);
  }
}

function given(events: CheckScored[]): TimedTx {
  const tx = new TimedTx();
  for (const e of events) inboxRecords90d.apply(e, tx, () => undefined);
  return tx;
}
const aliases = (tx: MemoryTx, now: number): number => total(countsWith(spellingsOf(tx.get(INBOX_RECORDS, KEY)), now, ALIAS_WINDOW_MS, ALIAS_BUCKET_MS, []));
const spelling = (s: string): Buffer => hash(`${s}-spelling`); // members are told apart by their first 8 bytes

describe('inbox-records-90d: one record per account and inbox', () => {
  it('holds the latest check and the distinct spellings of the last 90 days in one value', () => {
    const a = aCheck({ time: T, spelling_hash: spelling('1') });
    const b = aCheck({ time: T + DAY, spelling_hash: spelling('2') });
    const c = aCheck({ time: T + 2 * DAY, spelling_hash: spelling('1') });
    const tx = given([a, b, c]);
    expect(tx.data.size).toBe(1);
    expect(latestOf(tx.get(INBOX_RECORDS, KEY))!.uuid.equals(c.check_uuid)).toBe(true);
    expect(latestOf(tx.get(INBOX_RECORDS, KEY))!.time).toBe(T + 2 * DAY);
    expect(aliases(tx, T + 2 * DAY)).toBe(2);
    // A spelling leaves once its day is more than 90 days old; the latest check stays.
    expect(aliases(tx, T + 91 * DAY + DAY)).toBe(1);
  });

  it('keeps the newest check when an older one arrives late, and still counts its spelling', () => {
    const newer = aCheck({ time: T + 1000, spelling_hash: spelling('1') });
    const older = aCheck({ time: T, spelling_hash: spelling('2') });
    const tx = given([newer, older]);
    expect(latestOf(tx.get(INBOX_RECORDS, KEY))!.uuid.equals(newer.check_uuid)).toBe(true);
    expect(aliases(tx, T + 2000)).toBe(2);
  });

  it('re-applying events it already holds writes nothing (the API re-applies its own; a state builds it by replay)', () => {
    const events = [aCheck({ time: T, spelling_hash: spelling('1') }), aCheck({ time: T + 5, spelling_hash: spelling('2') })];
    const tx = given(events);
    const before = tx.snapshot();
    const writes = tx.times.length;
    for (const e of events) inboxRecords90d.apply(e, tx, () => undefined);
    expect(tx.snapshot()).toBe(before);
    expect(tx.times.length).toBe(writes);
  });

  it("is written at its newest part's time: a late check never moves it to an older segment", () => {
    const tx = given([aCheck({ time: T + 3 * DAY }), aCheck({ time: T, spelling_hash: spelling('late') })]);
    expect(tx.times).toEqual([T + 3 * DAY, T + 3 * DAY]);
    expect(segmentOf(INBOX_RECORDS, tx.times[1]!)).toBe(segmentOf(INBOX_RECORDS, T + 3 * DAY));
  });

  it('its encoding round-trips, and a copy changes apart from its original', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.uint8Array({ minLength: 16, maxLength: 16 })), { minLength: 1, maxLength: 30 }), (rows) => {
        const tx = new MemoryTx();
        for (const [day, sp] of rows) inboxRecords90d.apply(aCheck({ time: T + day * DAY, check_uuid: uuid(), spelling_hash: Buffer.from(sp) }), tx, () => undefined);
        const raw = tx.get(INBOX_RECORDS, KEY)!;
        expect(encodeInboxRecord(decodeInboxRecord(raw)).equals(raw)).toBe(true);
        const copy = INBOX_RECORD_CODEC.clone(decodeInboxRecord(raw));
        const original = decodeInboxRecord(raw);
        copy.spellings.length = 0;
        expect(encodeInboxRecord(original).equals(raw)).toBe(true);
      }),
    );
  });

  it('refuses bytes of another encoding instead of misreading them', () => {
    expect(() => decodeInboxRecord(Buffer.from([9, 1, 2]))).toThrow(/unknown encoding/);
  });
});
