/** ip-signups-1h: distinct inboxes from one IP (keyed hash) at one account in the last hour. */
import type { CheckScored } from '../../domain/events.ts';
import { HOUR, MINUTE } from '../../domain/time.ts';
import { accountHashKey } from '../stores/key-layout.ts';
import { distinctCounter, summaryStore } from './distinct-counter.ts';

export const IP_WINDOW_MS = HOUR;
export const IP_BUCKET_MS = 5 * MINUTE;
/**
 * The IP's recent rate, read from the same buckets (the last 10 minutes of its hour): what
 * ip_burst judges. A farm signs up within minutes; people behind one NAT (a campus, an
 * office) arrive over the hour, and counted by the hour looked like a farm of their number.
 */
export const IP_RATE_WINDOW_MS = 10 * MINUTE;
const RETENTION = IP_WINDOW_MS + 2 * IP_BUCKET_MS + 10 * MINUTE;

export const IP_SIGNUPS = summaryStore(14, 'ip-signups-1h', RETENTION);

export const ipEntity = accountHashKey;

export const ipSignups1h = distinctCounter<CheckScored>({
  name: 'ip-signups-1h',
  summary: IP_SIGNUPS,
  // Exact: signups_from_ip is an integer in the contract (a value holds at most the window's members).
  exactUpTo: 65_535,
  windowMs: IP_WINDOW_MS,
  bucketMs: IP_BUCKET_MS,
  entity: (e) => (e.ip_hash ? ipEntity(e.account, e.ip_hash) : null),
  member: (e) => e.inbox_hash,
  time: (e) => e.time,
});
