/**
 * inbox-checks-14d: per account and canonical inbox (keyed hash), the latest check. Feedback
 * by email labels that check. Idempotent (keeps the newest by time).
 */
import type { CheckScored } from '../../domain/events.ts';
import { DAY } from '../../domain/time.ts';
import type { Aggregation } from '../aggregation.ts';
import { accountHashKey } from '../stores/key-layout.ts';
import { timedStore, type StoreSpec } from '../stores/store-spec.ts';
import { decode, encode, LatestCheckType, type LatestCheck } from './store-values.ts';

export const INBOX_CHECKS_14D: StoreSpec = timedStore(3, 'inbox-checks-14d', 15 * DAY);

export const inboxChecksKey = accountHashKey;

/** Newest of two sightings; ties keep the first (deterministic for re-application). */
export function newerCheck(cur: LatestCheck | undefined, next: LatestCheck): LatestCheck {
  return cur && cur.time >= next.time ? cur : next;
}

export const inboxChecks14d: Aggregation<CheckScored> = {
  name: 'inbox-checks-14d',
  stores: [INBOX_CHECKS_14D],
  reads(e, rs) {
    rs.add(INBOX_CHECKS_14D, inboxChecksKey(e.account, e.inbox_hash));
  },
  apply(e, tx) {
    const key = inboxChecksKey(e.account, e.inbox_hash);
    const raw = tx.get(INBOX_CHECKS_14D, key);
    const cur = raw ? decode<LatestCheck>(LatestCheckType, raw) : undefined;
    const next = newerCheck(cur, { uuid: e.check_uuid, time: e.time });
    if (next !== cur) tx.put(INBOX_CHECKS_14D, key, encode(LatestCheckType, next), e.time);
  },
};
