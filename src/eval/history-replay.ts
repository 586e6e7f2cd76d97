/**
 * The history facts the service gives each check of a sequence (issue 16), replayed with the
 * aggregations' own functions, so the eval's burst sections and a test against the running
 * service predict the same numbers:
 *
 * - `aliasVariants`: the inbox's distinct spellings at the account in 90 days
 *   (inbox-records-90d's SPELLINGS; per account);
 * - `recentSignups`: the domain's distinct inboxes in 10 minutes, across accounts, each
 *   account's its own (domain-signups-10m: (account, inbox) pairs), against its normal level (expectedPerWindow, from the domain's
 *   checks so far and the time the deployment has been observing), and of them
 *   `requestInboxesAtDomain`, the other inboxes there earlier in the same bulk request;
 * - `signupsFromIp`: the IP's distinct inboxes at the account in the last hour (ip-signups-1h;
 *   per account), for checks sent with a public IP, and `recentSignupsFromIp`, the same sets
 *   read over the last 10 minutes (IP_RATE_WINDOW_MS: what ip_burst judges), and
 *   `recentDomainsFromIp`, the domain categories those fill (ip_burst's spread);
 * - `numberedSiblings`: the account's distinct inboxes in the last hour that share the check's
 *   numbered stem (stem-signups-1h; per account), and `recentNumberedSiblings`, the same over
 *   the last 10 minutes, for inboxes that have one (signals/numbered-stem.ts).
 *
 * Each count is the stored sets (distinct-counter.ts addSighting) read with this check added
 * (totalWith), as streams/history.ts reads them. Members are any fixed hash of the strings (the
 * service keys them with its secret: a distinct count is the same).
 *
 * Pure: checks in, facts out.
 */
import { createHash } from 'node:crypto';
import type { HistoryFacts } from '../domain/check.ts';
import { addSighting, countsWith, type DistinctCounterSpec } from '../streams/aggregations/distinct-counter.ts';
import { domainSignups10m, expectedPerWindow, QUIET_PRIOR_WINDOWS } from '../streams/aggregations/domain-signups-10m.ts';
import { SPELLINGS } from '../streams/aggregations/inbox-records-90d.ts';
import { domainCategory, IP_RATE_WINDOW_MS, ipSignups1h } from '../streams/aggregations/ip-signups-1h.ts';
import { encodeSets, type BucketSet } from '../streams/aggregations/member-sets.ts';
import { STEM_RATE_WINDOW_MS, stemSignups1h } from '../streams/aggregations/stem-signups-1h.ts';
import { numberedStem } from '../signals/numbered-stem.ts';

/** One check as the service keys it. */
export interface ReplayCheck {
  readonly account: string;
  readonly domain: string;
  /** The canonical inbox (the service's `canonical`). */
  readonly inbox: string;
  /** The address as written (a spelling of the inbox). */
  readonly email: string;
  /** A public IP the check came with (canonical form); absent: no IP, or one the service ignores. */
  readonly ip?: string;
  readonly time: number;
  /** The address is at a free-mail provider (the service's account_type `free`): its domain's normal level needs no quiet prior. */
  readonly free: boolean;
  /** The bulk request it came in (checks of one request share it, in input order); absent: a single check. */
  readonly request?: string;
}

type Window = Pick<DistinctCounterSpec<unknown>, 'windowMs' | 'bucketMs' | 'exactUpTo'>;

const memberOf = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Distinct members per key in a sliding window, read and added to as the service's summaries are. */
class Counts {
  private readonly sets = new Map<string, BucketSet[]>();
  constructor(private readonly w: Window) {}

  /** The key's distinct count at `time` with `member` included, then `member` remembered. */
  see(key: string, member: string, time: number): number {
    return this.seeOver(key, member, time, [this.w.windowMs])[0]!.members;
  }

  /**
   * `see`, counted over each of `windowsMs` (windows of the same buckets, no longer than the
   * spec's), the member in `category`: per window, its members and the categories they fill.
   */
  seeOver(key: string, member: string, time: number, windowsMs: readonly number[], category = 0): { members: number; categories: number }[] {
    const sets = this.sets.get(key) ?? [];
    this.sets.set(key, sets);
    const m = memberOf(member);
    const raw = sets.length ? encodeSets(sets) : undefined;
    const n = windowsMs.map((ms) => {
      const counts = [...countsWith(raw, time, ms, this.w.bucketMs, [{ member: m, category, time }]).values()];
      return { members: counts.reduce((a, b) => a + b, 0), categories: counts.filter((x) => x > 0).length };
    });
    addSighting(sets, this.w, time, category, m);
    return n;
  }
}

/**
 * The facts of each check of `checks` (in time order). `observedFromMs`: since when the
 * deployment has been observing (0: a settled one, whose week held no other traffic at these
 * domains; the first check's time: a fresh one, as a service just started is).
 */
export function replayHistory(checks: readonly ReplayCheck[], observedFromMs: number): HistoryFacts[] {
  const spellings = new Counts(SPELLINGS);
  const domains = new Counts(domainSignups10m.spec);
  const ips = new Counts(ipSignups1h.spec);
  // The domain's volume: its checks so far (the service's hourly counts over the week).
  const volume = new Map<string, number>();
  // Each bulk request's inboxes per domain so far (requestInboxesAtDomain: its others there).
  const requests = new Map<string, Set<string>>();
  const stems = replayNumberedSiblings(checks);
  return checks.map((c, i) => {
    const seen = (volume.get(c.domain) ?? 0) + 1;
    volume.set(c.domain, seen);
    const recentSignups = domains.see(c.domain, of(c.account, c.inbox), c.time);
    const facts: { -readonly [K in keyof HistoryFacts]: HistoryFacts[K] } = {
      recentSignups,
      recentSignupsExpected: expectedPerWindow(Math.max(seen, recentSignups), observedFromMs, c.time, c.free ? 1 : QUIET_PRIOR_WINDOWS),
      aliasVariants: spellings.see(of(c.account, c.inbox), c.email, c.time),
    };
    if (c.request !== undefined) {
      const key = of(c.request, c.domain);
      const inboxes = requests.get(key) ?? new Set<string>();
      requests.set(key, inboxes);
      const others = inboxes.size - (inboxes.has(c.inbox) ? 1 : 0);
      if (others > 0) facts.requestInboxesAtDomain = others;
      inboxes.add(c.inbox);
    }
    if (c.ip !== undefined) {
      // Each inbox in its domain's category, as ip-signups-1h keeps it.
      const [hour, recent] = ips.seeOver(of(c.account, c.ip), c.inbox, c.time, [ipSignups1h.spec.windowMs, IP_RATE_WINDOW_MS], domainCategory(c.domain));
      facts.signupsFromIp = hour!.members;
      facts.recentSignupsFromIp = recent!.members;
      facts.recentDomainsFromIp = recent!.categories;
    }
    const stem = stems[i];
    if (stem) {
      facts.numberedSiblings = stem.numberedSiblings;
      facts.recentNumberedSiblings = stem.recentNumberedSiblings;
    }
    return facts;
  });
}

/** A key part no address or IP can contain, so (account, value) pairs never collide. */
const of = (a: string, b: string): string => `${a}\n${b}`;

/** Each check's numbered siblings (undefined for an inbox without a numbered stem), as stem-signups-1h counts them. */
export function replayNumberedSiblings(checks: readonly Pick<ReplayCheck, 'account' | 'inbox' | 'time'>[]): ({ numberedSiblings: number; recentNumberedSiblings: number } | undefined)[] {
  const counts = new Counts(stemSignups1h.spec);
  return checks.map((c) => {
    const stem = numberedStem(c.inbox);
    if (stem === undefined) return undefined;
    const [hour, recent] = counts.seeOver(of(c.account, stem), c.inbox, c.time, [stemSignups1h.spec.windowMs, STEM_RATE_WINDOW_MS]);
    return { numberedSiblings: hour!.members, recentNumberedSiblings: recent!.members };
  });
}
