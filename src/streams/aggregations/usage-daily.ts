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
import { timedStore, type TypedStore } from '../stores/store-spec.ts';
import { readU64 } from './store-values.ts';


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
  writeU64(b, v.count, 0);
  writeU64(b, v.through, 8);
  return b;
}

/** u64 BE of a safe integer, without the BigInt writeBigUInt64BE would take. */
function writeU64(b: Buffer, n: number, at: number): void {
  b.writeUInt32BE(Math.floor(n / 2 ** 32), at);
  b.writeUInt32BE(n >>> 0, at + 4);
}

/**
 * Held decoded between commits: an account's day is one hot key, counted by every check, so its
 * value is encoded once per commit instead of decoded and encoded once per check.
 */
export const USAGE_DAILY: TypedStore<UsageValue> = {
  ...timedStore(1, 'usage-daily', 400 * DAY),
  codec: {
    decode: (b) => decodeUsage(b),
    encode: (v) => encodeUsage({ count: v.count, through: v.through ?? 0 }),
    clone: (v) => v, // never changed in place: each check sets a new value
    size: () => 48,
  },
};

export const usageDaily: Aggregation<CheckScored> = {
  name: 'usage-daily',
  stores: [USAGE_DAILY],
  reads(e, rs) {
    rs.add(USAGE_DAILY, usageKey(e.account, dayOf(e.time)));
  },
  apply(e, tx, _emit, at?: SourcePosition) {
    const key = usageKey(e.account, dayOf(e.time));
    const prev = tx.open(USAGE_DAILY, key);
    tx.set(USAGE_DAILY, key, { count: (prev?.count ?? 0) + 1, through: Math.max(prev?.through ?? 0, at ? at.offset + 1 : 0) }, e.time);
  },
};
