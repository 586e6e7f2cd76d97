/**
 * usage-daily: billed emails per account per UTC day. Every check event is one billed email
 * (bulk writes one event per address answered), so billing counts exactly what was recorded.
 * Not idempotent: the API adds its own events only past the committed offset (queries.ts).
 */
import type { CheckScored } from '../../domain/events.ts';
import { DAY } from '../../domain/time.ts';
import type { Aggregation } from '../aggregation.ts';
import { compositeKey, timedStore, type StoreSpec } from '../stores/store-spec.ts';
import { readU64, u64 } from './store-values.ts';

export const USAGE_DAILY: StoreSpec = timedStore(1, 'usage-daily', 400 * DAY);

export const dayOf = (ts: number): number => Math.floor(ts / DAY);

export function usageKey(account: string, day: number): Buffer {
  const d = Buffer.allocUnsafe(4);
  d.writeUInt32BE(day);
  return compositeKey(account, d);
}

export const usageDaily: Aggregation<CheckScored> = {
  name: 'usage-daily',
  stores: [USAGE_DAILY],
  reads(e, rs) {
    rs.add(USAGE_DAILY, usageKey(e.account, dayOf(e.time)));
  },
  apply(e, tx) {
    const key = usageKey(e.account, dayOf(e.time));
    tx.put(USAGE_DAILY, key, u64(readU64(tx.get(USAGE_DAILY, key)) + 1), e.time);
  },
};
