/**
 * usage-daily: billed emails per account per UTC day. Every check event is one billed email
 * (bulk writes one event per address answered), so billing counts exactly what was recorded.
 * Not idempotent, so each value also says which events it includes: the source offset after
 * the newest event counted (all of an account's checks are in one partition, in order). The API
 * adds its own events only from there (queries.ts); the value and its position travel together
 * (one record, one changelog record), so a replica can never pair a count with another
 * position. Values written before the position existed are 8 bytes (count only).
 */
import type { CheckScored } from '../../domain/events.ts';
import { DAY, dayOf } from '../../domain/time.ts';
import type { Aggregation, SourcePosition } from '../aggregation.ts';
import { accountDayKey } from '../stores/key-layout.ts';
import { timedStore, type StoreSpec } from '../stores/store-spec.ts';
import { readU64 } from './store-values.ts';

export const USAGE_DAILY: StoreSpec = timedStore(1, 'usage-daily', 400 * DAY);

// The day rule is the domain's (the services' day ranges use it too); re-exported for the stores' readers.
export { dayOf };

export const usageKey = accountDayKey;

export interface UsageValue {
  readonly count: number;
  /** Source offset after the newest event counted; undefined for values without it. */
  readonly through: number | undefined;
}

export function decodeUsage(b: Buffer | undefined): UsageValue {
  if (!b) return { count: 0, through: 0 };
  return { count: readU64(b), through: b.length >= 16 ? Number(b.readBigUInt64BE(8)) : undefined };
}

export function encodeUsage(v: { count: number; through: number }): Buffer {
  const b = Buffer.allocUnsafe(16);
  b.writeBigUInt64BE(BigInt(v.count), 0);
  b.writeBigUInt64BE(BigInt(v.through), 8);
  return b;
}

export const usageDaily: Aggregation<CheckScored> = {
  name: 'usage-daily',
  stores: [USAGE_DAILY],
  reads(e, rs) {
    rs.add(USAGE_DAILY, usageKey(e.account, dayOf(e.time)));
  },
  apply(e, tx, _emit, at?: SourcePosition) {
    const key = usageKey(e.account, dayOf(e.time));
    const prev = decodeUsage(tx.get(USAGE_DAILY, key));
    tx.put(USAGE_DAILY, key, encodeUsage({ count: prev.count + 1, through: Math.max(prev.through ?? 0, at ? at.offset + 1 : 0) }), e.time);
  },
};
