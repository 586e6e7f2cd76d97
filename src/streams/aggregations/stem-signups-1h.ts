/**
 * stem-signups-1h: distinct inboxes at one account in the last hour that share a numbered stem
 * (signals/numbered-stem.ts: the canonical inbox with each digit run as one `#`, at its domain),
 * keyed by the account and the stem's keyed hash. A farm's numbered batch (`annaberg0001`,
 * `annaberg0002`, ...) is a new inbox each time, from as many IPs as it likes: nothing else links
 * them. Per account: one customer's sign-ups never move another's answer.
 *
 * Held in the API thread's memory (hot-windows.ts), rebuilt from the check log at start like the
 * IP window; never a store (the summary spec gives its retention; its id is reserved).
 */
import type { CheckScored } from '../../domain/events.ts';
import { HOUR, MINUTE } from '../../domain/time.ts';
import { accountHashKey } from '../stores/key-layout.ts';
import { distinctCounter, summaryStore } from './distinct-counter.ts';

export const STEM_WINDOW_MS = HOUR;
export const STEM_BUCKET_MS = 5 * MINUTE;
/** The stem's recent rate, read from the same buckets (the last 10 minutes of its hour). */
export const STEM_RATE_WINDOW_MS = 10 * MINUTE;
const RETENTION = STEM_WINDOW_MS + 2 * STEM_BUCKET_MS + 10 * MINUTE;

export const STEM_SIGNUPS = summaryStore(40, 'stem-signups-1h', RETENTION);

export const stemEntity = accountHashKey;

export const stemSignups1h = distinctCounter<CheckScored>({
  name: 'stem-signups-1h',
  summary: STEM_SIGNUPS,
  // Exact: the count is an integer fact (a value holds at most the window's members).
  exactUpTo: 65_535,
  windowMs: STEM_WINDOW_MS,
  bucketMs: STEM_BUCKET_MS,
  entity: (e) => (e.stem_hash ? stemEntity(e.account, e.stem_hash) : null),
  member: (e) => e.inbox_hash,
  time: (e) => e.time,
});
