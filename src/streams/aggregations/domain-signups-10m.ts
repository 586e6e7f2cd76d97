/**
 * domain-signups-10m: distinct inboxes at a domain in about the last 10 minutes, across all
 * customers, each customer's counted as its own (bot waves; held in the API thread's memory,
 * hot-windows.ts): the member is the (account, inbox) pair (signupMember, below). The same domain's
 * checks per hour over a week (its volume, in domain-records-180d) judge a wave against the
 * domain's own normal rate: 20 signups in 10 minutes is a wave at a small company domain and an
 * ordinary minute at gmail.com. We do not exclude big providers by name; their volume says it
 * (expectedPerWindow, below).
 */
import { createHash } from 'node:crypto';
import type { CheckScored } from '../../domain/events.ts';
import { DAY, HOUR, MINUTE } from '../../domain/time.ts';
import { domainKey } from '../stores/key-layout.ts';
import { distinctCounter, summaryStore } from './distinct-counter.ts';

export const SIGNUPS_WINDOW_MS = 10 * MINUTE;
export const SIGNUPS_BUCKET_MS = MINUTE;
const GRACE = 5 * MINUTE;

// Store ids 10, 13, 15 and 17 belonged to the per-member "latest" stores of an earlier design:
// retired, never to be reused.
export const DOMAIN_SIGNUPS = summaryStore(11, 'domain-signups-10m', SIGNUPS_WINDOW_MS + 2 * SIGNUPS_BUCKET_MS + GRACE);

/** Each account's 8-byte mask (accounts are few: the deployment's customers). */
const masks = new Map<string, Buffer>();

/**
 * The member a check adds to its domain's count: its inbox as checked by its account. Counted
 * by inbox alone, the count was a membership oracle across customers: an account that checked
 * an address another customer had checked in the window saw the count not rise (a new inbox:
 * +1), and learned that someone had checked exactly that address. As a pair, an account's
 * checks move the count by its own new inboxes whatever the others checked; the others move it
 * by theirs (an inbox two customers checked counts twice: rare for people, and a wave all the same).
 * The first 8 bytes are all a member's sets keep (its exact id and sketch slot): the inbox
 * hash's (a keyed hash) xor the account's mask, a few ns where hashing the pair per check cost
 * ~1.6 us, as unlikely to collide (two pairs collide only if their inbox hashes differ by
 * exactly the accounts' masks).
 */
export function signupMember(account: string, inboxHash: Buffer): Buffer {
  let mask = masks.get(account);
  if (!mask) masks.set(account, (mask = createHash('sha256').update('domain-signups-10m\n').update(account).digest().subarray(0, 8)));
  const out = Buffer.allocUnsafe(8);
  for (let i = 0; i < 8; i++) out[i] = inboxHash[i]! ^ mask[i]!;
  return out;
}

export const domainSignups10m = distinctCounter<CheckScored>({
  name: 'domain-signups-10m',
  summary: DOMAIN_SIGNUPS,
  // Exact up to 128 new inboxes per minute at one domain; beyond, an estimate (2.3% std error).
  exactUpTo: 128,
  windowMs: SIGNUPS_WINDOW_MS,
  bucketMs: SIGNUPS_BUCKET_MS,
  entity: (e) => domainKey(e.domain),
  member: (e) => signupMember(e.account, e.inbox_hash),
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
