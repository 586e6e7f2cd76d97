/**
 * domain-signups-10m: distinct inboxes at a domain in about the last 10 minutes, across all
 * customers (bot waves). domain-volume-7d: the same domain's checks per hour over a week, so a
 * wave is judged against the domain's own normal rate: 20 signups in 10 minutes is a wave at a
 * small company domain and an ordinary minute at gmail.com. We do not exclude big providers by
 * name; their volume says it (see waveExpected in history.ts).
 */
import type { DomainSighting } from '../../domain/events.ts';
import { DAY, HOUR, MINUTE } from '../../domain/time.ts';
import { timedStore, type StoreSpec } from '../stores/store-spec.ts';
import { bucketCounter } from './bucket-counter.ts';
import { distinctCounter } from './distinct-counter.ts';

export const SIGNUPS_WINDOW_MS = 10 * MINUTE;
export const SIGNUPS_BUCKET_MS = MINUTE;
const GRACE = 5 * MINUTE;

// Store ids 10, 13, 15 and 17 belonged to the per-member "latest" stores of an earlier design:
// retired, never to be reused.
export const DOMAIN_SIGNUPS: StoreSpec = timedStore(11, 'domain-signups-10m', SIGNUPS_WINDOW_MS + 2 * SIGNUPS_BUCKET_MS + GRACE);

export const domainSignups10m = distinctCounter<DomainSighting>({
  name: 'domain-signups-10m',
  summary: DOMAIN_SIGNUPS,
  // Exact up to 128 new inboxes per minute at one domain; beyond, an estimate (2.3% std error).
  exactUpTo: 128,
  windowMs: SIGNUPS_WINDOW_MS,
  bucketMs: SIGNUPS_BUCKET_MS,
  entity: (e) => Buffer.from(e.domain),
  member: (e) => e.inbox_hash,
  time: (e) => e.time,
});

export const VOLUME_WINDOW_MS = 7 * DAY;
export const VOLUME_BUCKET_MS = HOUR;
export const DOMAIN_VOLUME: StoreSpec = timedStore(12, 'domain-volume-7d', VOLUME_WINDOW_MS + 2 * HOUR);

export const domainVolume7d = bucketCounter<DomainSighting>({
  name: 'domain-volume-7d',
  store: DOMAIN_VOLUME,
  windowMs: VOLUME_WINDOW_MS,
  bucketMs: VOLUME_BUCKET_MS,
  entity: (e) => Buffer.from(e.domain),
  time: (e) => e.time,
});
