/**
 * domain-signups-10m: distinct inboxes at a domain in about the last 10 minutes, across all
 * customers (bot waves). domain-volume-7d: the same domain's checks per hour over a week, so a
 * wave is judged against the domain's own normal rate: 20 signups in 10 minutes is a wave at a
 * small company domain and an ordinary minute at gmail.com. We do not exclude big providers by
 * name; their volume says it (see waveExpected in history.ts).
 */
import type { DomainSighting } from '../../domain/events.ts';
import { DAY, HOUR, MINUTE } from '../../domain/time.ts';
import type { StoreSpec } from '../stores/store-spec.ts';
import { bucketCounter } from './bucket-counter.ts';
import { distinctCounter } from './distinct-counter.ts';

export const SIGNUPS_WINDOW_MS = 10 * MINUTE;
export const SIGNUPS_BUCKET_MS = MINUTE;
const GRACE = 5 * MINUTE;

export const DOMAIN_SIGNUPS_LATEST: StoreSpec = { id: 10, name: 'domain-signups-latest-10m', retentionMs: SIGNUPS_WINDOW_MS + 2 * SIGNUPS_BUCKET_MS + GRACE, segmentMs: 8 * MINUTE };
export const DOMAIN_SIGNUPS: StoreSpec = { id: 11, name: 'domain-signups-10m', retentionMs: SIGNUPS_WINDOW_MS + 2 * SIGNUPS_BUCKET_MS + GRACE, segmentMs: 8 * MINUTE };

export const domainSignups10m = distinctCounter<DomainSighting>({
  name: 'domain-signups-10m',
  latest: DOMAIN_SIGNUPS_LATEST,
  summary: DOMAIN_SIGNUPS,
  windowMs: SIGNUPS_WINDOW_MS,
  bucketMs: SIGNUPS_BUCKET_MS,
  entity: (e) => Buffer.from(e.domain),
  member: (e) => e.inbox_hash,
  time: (e) => e.time,
});

export const VOLUME_WINDOW_MS = 7 * DAY;
export const VOLUME_BUCKET_MS = HOUR;
export const DOMAIN_VOLUME: StoreSpec = { id: 12, name: 'domain-volume-7d', retentionMs: VOLUME_WINDOW_MS + 2 * HOUR, segmentMs: 4 * DAY };

export const domainVolume7d = bucketCounter<DomainSighting>({
  name: 'domain-volume-7d',
  store: DOMAIN_VOLUME,
  windowMs: VOLUME_WINDOW_MS,
  bucketMs: VOLUME_BUCKET_MS,
  entity: (e) => Buffer.from(e.domain),
  time: (e) => e.time,
});
