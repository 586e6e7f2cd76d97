/**
 * domain-signups-10m: distinct inboxes at a domain in about the last 10 minutes, across all
 * customers (bot waves; held in the API thread's memory, hot-windows.ts). The same domain's
 * checks per hour over a week (its volume, in domain-records-180d) judge a wave against the
 * domain's own normal rate: 20 signups in 10 minutes is a wave at a small company domain and an
 * ordinary minute at gmail.com. We do not exclude big providers by name; their volume says it
 * (expectedPerWindow, below).
 */
import type { DomainSighting } from '../../domain/events.ts';
import { DAY, HOUR, MINUTE } from '../../domain/time.ts';
import { domainKey } from '../stores/key-layout.ts';
import { distinctCounter, summaryStore } from './distinct-counter.ts';

export const SIGNUPS_WINDOW_MS = 10 * MINUTE;
export const SIGNUPS_BUCKET_MS = MINUTE;
const GRACE = 5 * MINUTE;

// Store ids 10, 13, 15 and 17 belonged to the per-member "latest" stores of an earlier design:
// retired, never to be reused.
export const DOMAIN_SIGNUPS = summaryStore(11, 'domain-signups-10m', SIGNUPS_WINDOW_MS + 2 * SIGNUPS_BUCKET_MS + GRACE);

export const domainSignups10m = distinctCounter<DomainSighting>({
  name: 'domain-signups-10m',
  summary: DOMAIN_SIGNUPS,
  // Exact up to 128 new inboxes per minute at one domain; beyond, an estimate (2.3% std error).
  exactUpTo: 128,
  windowMs: SIGNUPS_WINDOW_MS,
  bucketMs: SIGNUPS_BUCKET_MS,
  entity: (e) => domainKey(e.domain),
  member: (e) => e.inbox_hash,
  time: (e) => e.time,
});

export const VOLUME_WINDOW_MS = 7 * DAY;
export const VOLUME_BUCKET_MS = HOUR;

/** A quiet domain's prior: until a day has been observed, assume it was quiet all day. */
export const QUIET_PRIOR_WINDOWS = 144;

/**
 * A domain's normal number of signups in 10 minutes: its volume spread over the time the state
 * has actually been observing (`observedFromMs`: the oldest volume bucket anywhere, counted
 * from its end since it starts up to an hour before its first event), at most the week the
 * volume covers, at least `minWindows`.
 * Dividing by a full week made a new deployment's first days look like a wave at every busy
 * domain (gmail.com at 100 signups per 10 minutes stayed a "wave" for about a day and a half).
 * The floor is the prior for the time not yet observed: a free-mail provider's own domain is
 * busy by nature, so only what was observed counts (floor 1: nothing there is a wave in a
 * deployment's first hour); any other domain is assumed quiet for the first day
 * (QUIET_PRIOR_WINDOWS), so a wave at a company domain shows from the first minutes.
 */
export function expectedPerWindow(volume: number, observedFromMs: number, now: number, minWindows: number): number {
  const spanMs = Math.min(VOLUME_WINDOW_MS, now - (observedFromMs + VOLUME_BUCKET_MS));
  return volume / Math.max(minWindows, spanMs / SIGNUPS_WINDOW_MS);
}
