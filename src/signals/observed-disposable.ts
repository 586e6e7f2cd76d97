/**
 * Domains seen serving a temporary-mail service, with when they were last seen: the shape of
 * fakefilter's `json/data.json` (npm `fakefilter`, BSD-3-Clause, by 7c). Unlike a list of
 * submissions, each entry is a domain the maintainer's monitors saw a temporary-mail service
 * (emailfake.com, temp-mail.org, generator.email, emailondeck.com ...) hand out, with its
 * provider, first and last sighting.
 *
 * Temporary-mail services register cheap domains, use them for weeks or months and let them
 * lapse; a lapsed domain can be registered again by anyone, a person or a shop among them. So
 * an entry counts only while its last sighting is recent: fakefilter's own rule (its README,
 * "Expired Domains") is to drop a domain after a year without a sighting, and its data still
 * carries some older ones. The year is counted back from the data's own timestamp, never from
 * a clock, so the same package version always gives the same set.
 *
 * Pure.
 */

/** One sighting record (seconds since the epoch). */
export interface ObservedDomain {
  readonly provider: string;
  readonly firstseen: number;
  readonly lastseen: number;
}

/** fakefilter `json/data.json`: `t` is when the data was written (seconds since the epoch). */
export interface ObservedDisposableData {
  readonly t: number;
  readonly domains: Readonly<Record<string, ObservedDomain>>;
}

/** Days without a sighting after which an entry no longer counts (fakefilter's expiry rule). */
export const OBSERVED_MAX_IDLE_DAYS = 365;

const DAY_SECONDS = 86_400;
const ASCII_DOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/**
 * The domains seen within `maxIdleDays` of the data's timestamp, lowercase ASCII (the data is
 * Punycode already; anything else is skipped, not guessed at).
 */
export function recentlyObservedDomains(data: ObservedDisposableData, maxIdleDays = OBSERVED_MAX_IDLE_DAYS): string[] {
  // Without its timestamp no entry's age can be told: a changed data format must fail at start.
  if (!Number.isFinite(data.t)) throw new Error('disposable sightings: the data has no numeric timestamp t');
  const oldest = data.t - maxIdleDays * DAY_SECONDS;
  const out: string[] = [];
  for (const [domain, seen] of Object.entries(data.domains)) {
    if (!ASCII_DOMAIN.test(domain)) continue;
    if (!Number.isFinite(seen.lastseen) || seen.lastseen < oldest) continue;
    out.push(domain);
  }
  return out;
}
