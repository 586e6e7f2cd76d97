/** ip-signups-1h: distinct inboxes from one IP (keyed hash) at one account in the last hour. */
import type { CheckScored } from '../../domain/events.ts';
import { HOUR, MINUTE } from '../../domain/time.ts';
import { compositeKey, type StoreSpec } from '../stores/store-spec.ts';
import { distinctCounter } from './distinct-counter.ts';

export const IP_WINDOW_MS = HOUR;
export const IP_BUCKET_MS = 5 * MINUTE;
const RETENTION = IP_WINDOW_MS + 2 * IP_BUCKET_MS + 10 * MINUTE;

export const IP_SIGNUPS_LATEST: StoreSpec = { id: 13, name: 'ip-signups-latest-1h', retentionMs: RETENTION, segmentMs: 30 * MINUTE };
export const IP_SIGNUPS: StoreSpec = { id: 14, name: 'ip-signups-1h', retentionMs: RETENTION, segmentMs: 30 * MINUTE };

export const ipEntity = (account: string, ipHash: Buffer): Buffer => compositeKey(account, ipHash);

export const ipSignups1h = distinctCounter<CheckScored>({
  name: 'ip-signups-1h',
  latest: IP_SIGNUPS_LATEST,
  summary: IP_SIGNUPS,
  windowMs: IP_WINDOW_MS,
  bucketMs: IP_BUCKET_MS,
  entity: (e) => (e.ip_hash ? ipEntity(e.account, e.ip_hash) : null),
  member: (e) => e.inbox_hash,
  time: (e) => e.time,
});
