/**
 * The history read as it was before the one-pass read of own events (main at 08ef6bc): each
 * check copied the domain's own events and filtered them three times. Kept as the model the
 * one-pass read (src/streams/history.ts) must equal, answer for answer (history-one-pass.test.ts).
 */
import { accountPartition } from '../../src/bus/account-partition.ts';
import { TOPICS } from '../../src/bus/topics.ts';
import type { HistoryFacts } from '../../src/domain/check.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import type { HistoryKeys, HistoryQueries, Sighting } from '../../src/service/ports.ts';
import { bucketVolume } from '../../src/streams/aggregations/bucket-counter.ts';
import { countsWith, memberId, total, type ExtraMember } from '../../src/streams/aggregations/distinct-counter.ts';
import { decodeOutcomes, DOMAIN_OUTCOMES, fakeRateFor, hasFakeRate } from '../../src/streams/aggregations/domain-outcomes.ts';
import { DOMAIN_RECORDS, SHAPES, shapesOf, volumeOf } from '../../src/streams/aggregations/domain-records-180d.ts';
import { domainPattern, shapeCategory } from '../../src/streams/aggregations/domain-shapes-180d.ts';
import { expectedPerWindow, QUIET_PRIOR_WINDOWS, signupMember, VOLUME_BUCKET_MS, VOLUME_WINDOW_MS } from '../../src/streams/aggregations/domain-signups-10m.ts';
import { INBOX_RECORDS, inboxRecordKey, SPELLINGS, spellingsOf } from '../../src/streams/aggregations/inbox-records-90d.ts';
import { domainCategory, IP_RATE_WINDOW_MS, ipEntity } from '../../src/streams/aggregations/ip-signups-1h.ts';
import type { HotWindows } from '../../src/streams/hot-windows.ts';
import { inboxIndexKey, type OwnEvents, type Positioned } from '../../src/streams/own-events.ts';
import { decodeOffset, domainKey as domainKeyOf, offsetKey } from '../../src/streams/stores/key-layout.ts';
import { OFFSETS_STORE } from '../../src/streams/stores/offsets.ts';
import type { KeyFilters } from '../../src/streams/stores/key-filter.ts';
import type { StateReader } from '../../src/streams/stores/state-reader.ts';
import { mapKey, ReadSet } from '../../src/streams/stores/tx.ts';

interface HistoryOptions {
  /** Embedded mode: domain counters are fed by the check topic too (offsets are exact). */
  readonly domainFromChecks: boolean;
  /** Otherwise: own events of this long are taken as possibly pending. */
  readonly domainHorizonMs?: number;
  /**
   * Committed offsets of the check topic as of the state the reader sees (or older): when
   * given, they are used instead of reading them with the state (see commit-cached-reader.ts).
   */
  readonly committed?: () => readonly number[];
  /** MAILSIFT_MAX_ACCOUNT_SHARE: one customer's largest share of a domain's fake rate. */
  readonly maxAccountShare?: number;
  /**
   * The short windows (a domain's 10 minutes, an IP's hour), held in this thread's memory in
   * both modes (hot-windows.ts), with the next offset per partition of the checks topic they include.
   */
  readonly hot: HotWindowsView;
  /** Filters of the keys the state holds (key-filtering-store.ts): a key they rule out is not read (with `committed` only). */
  readonly filters?: KeyFilters;
}

interface HotWindowsView {
  readonly windows: HotWindows;
  applied(): readonly number[];
}

/**
 * A bulk sibling's members, built once per sibling (each later address of the request counts
 * it again), with their exact-set ids.
 */
const siblingCache = new WeakMap<Sighting, { inbox: ExtraMember; spelling: ExtraMember; signup: ExtraMember; shape?: ExtraMember }>();
function siblingMembers(x: Sighting): { inbox: ExtraMember; spelling: ExtraMember; signup: ExtraMember; shape?: ExtraMember } {
  let m = siblingCache.get(x);
  if (!m) {
    const inbox = { member: x.inbox_hash, category: 0, time: x.time, id: memberId(x.inbox_hash) };
    const spelling = { member: x.spelling_hash, category: 0, time: x.time, id: memberId(x.spelling_hash) };
    const signup = { member: signupMember(x.account, x.inbox_hash), category: 0, time: x.time };
    m = x.account_type === 'work' ? { inbox, spelling, signup, shape: { ...inbox, category: shapeCategory(x.local_shape) } } : { inbox, spelling, signup };
    siblingCache.set(x, m);
  }
  return m;
}

export function createReferenceHistoryReader(state: StateReader, own: OwnEvents, opts: HistoryOptions): HistoryQueries {
  const horizon = opts.domainHorizonMs ?? 2_000;
  // Since when the state has been observing: the oldest volume bucket any read has shown. Busy
  // domains (read all the time) carry the oldest buckets, so this settles within the first
  // checks after a start; until then it errs late (the floor below then decides).
  let observedFrom = Infinity;
  return {
    async history(k: HistoryKeys): Promise<HistoryFacts> {
      const now = k.time;
      const domainKey = domainKeyOf(k.domain);
      const ipKey = k.ipHash ? ipEntity(k.account, k.ipHash) : undefined;
      const inboxKey = inboxRecordKey(k.account, k.inboxHash);

      const hot = opts.hot;
      const rs = new ReadSet();
      // The domain's volume and, at company domains, its shapes: one record.
      rs.add(DOMAIN_RECORDS, domainKey);
      const rated = hasFakeRate(k.domain);
      // Outcomes reported at the domain (none at most domains: the key filters tell).
      if (rated && (!opts.filters || opts.filters.mayHold(DOMAIN_OUTCOMES, domainKey))) rs.add(DOMAIN_OUTCOMES, domainKey);
      // The account's own events all sit in its partition (checks are keyed by account), so its
      // committed offset alone tells which of them the stores hold.
      const partition = accountPartition(k.account);
      const committedKey = offsetKey(TOPICS.checks.name, partition);
      if (!opts.committed) rs.add(OFFSETS_STORE, committedKey);
      // Own events and committed offsets are taken before the state is read, never after: an
      // event the state commits while the read is in flight is pruned from own events, and the
      // read may not include it yet. Taken first, it is in the read, in the pending list, or in
      // both (harmless: these counts are of distinct members).
      const ownByDomain = [...own.checksByDomain.get(k.domain)];
      const ownByInbox = [...own.checksByInbox.get(inboxIndexKey(k.account, k.inboxHash))];
      const ownByIp = k.ipHash ? [...own.checksByIp.get(inboxIndexKey(k.account, k.ipHash))] : [];
      // Checks of other requests running right now (their events are not written yet) count too.
      const flying = own.inFlight(k.account, k.domain, k.inboxHash, k.ipHash, k.request);
      const committedBefore = opts.committed ? (opts.committed()[partition] ?? 0) : undefined;
      // Asked after the offsets were taken, the filters hold every key of what they include (read
      // with the state, the offsets could include a commit later than the filters' answer).
      if (!opts.filters || !opts.committed || opts.filters.mayHold(INBOX_RECORDS, inboxKey)) rs.add(INBOX_RECORDS, inboxKey);
      const got = rs.entries.size ? await state.fetch(rs, now) : new Map<string, Buffer | undefined>();
      const committed = committedBefore ?? decodeOffset(got.get(mapKey(OFFSETS_STORE, committedKey)));
      const value = (store: { id: number }, key: Buffer): Buffer | undefined => got.get(mapKey(store as never, key));

      const withinHorizon = (p: Positioned<CheckScored>): boolean => p.event.time >= now - horizon && p.event.time <= now;
      // Kafka mode: a replica applies each changelog on its own, so the streams' positions (the
      // offsets changelog) may already include an event whose store records have not arrived;
      // own events of the horizon count as pending too (a union: never counted twice).
      const pendingBySource = (list: readonly Positioned<CheckScored>[]): CheckScored[] =>
        list.filter((p) => p.partition !== partition || p.offset >= committed || (!opts.domainFromChecks && withinHorizon(p))).map((p) => p.event);
      // The hot windows are read after the await (this thread changes them, synchronously):
      // own events they do not include yet are those at or past their position.
      const hotApplied = hot.applied();
      const pendingHot = (list: readonly Positioned<CheckScored>[]): CheckScored[] => list.filter((p) => p.offset >= (hotApplied[p.partition] ?? 0)).map((p) => p.event);
      const pendingDomain = (list: readonly Positioned<CheckScored>[]): CheckScored[] =>
        opts.domainFromChecks ? pendingBySource(list) : list.filter(withinHorizon).map((p) => p.event);
      const ownDomain = pendingDomain(ownByDomain);
      // Earlier addresses of the same bulk request count as if already checked (a union: one
      // that is also an own event by now is counted once).
      const e = k.earlier;
      const siblingsAtDomain = [...(e ? e.atDomain.slice(0, e.atDomainCount) : []), ...flying.atDomain].map(siblingMembers);
      const siblingsOfInbox = [...(e ? e.ofInbox.slice(0, e.ofInboxCount) : []), ...flying.ofInbox].map(siblingMembers);
      const members = (events: readonly CheckScored[], member: (e: CheckScored) => Buffer, category: (e: CheckScored) => number = () => 0): ExtraMember[] =>
        events.map((e) => ({ member: member(e), category: category(e), time: e.time }));

      const domain = value(DOMAIN_RECORDS, domainKey);
      const pattern =
        k.accountType === 'work'
          ? domainPattern(
              countsWith(shapesOf(domain), now, SHAPES.windowMs, SHAPES.bucketMs, [
                ...members(ownDomain.filter((e) => e.account_type === 'work'), (e) => e.inbox_hash, (e) => shapeCategory(e.local_shape)),
                ...siblingsAtDomain.flatMap((m) => (m.shape ? [m.shape] : [])),
              ], k.inboxHash), // the OTHER inboxes: an earlier check of this one is not evidence of a pattern
              k.localShape,
            )
          : undefined;

      const current = { time: now, account: k.account, domain: k.domain, inbox_hash: k.inboxHash, spelling_hash: k.spellingHash } as CheckScored;
      const recentSignups = total(hot.windows.domainSignups.counts(domainKey, now, [...members([...pendingHot(ownByDomain), current], (e) => signupMember(e.account, e.inbox_hash)), ...siblingsAtDomain.map((m) => m.signup)]));
      const aliasVariants = total(
        countsWith(spellingsOf(value(INBOX_RECORDS, inboxKey)), now, SPELLINGS.windowMs, SPELLINGS.bucketMs, [...members([...pendingBySource(ownByInbox), current], (e) => e.spelling_hash), ...siblingsOfInbox.map((m) => m.spelling)]),
      );
      const volume = bucketVolume(volumeOf(domain), now, VOLUME_WINDOW_MS, VOLUME_BUCKET_MS);
      if (volume.oldestMs !== undefined && volume.oldestMs < observedFrom) observedFrom = volume.oldestMs;
      const out: { -readonly [K in keyof HistoryFacts]: HistoryFacts[K] } = {
        recentSignups,
        // The week holds at least the last 10 minutes, which the volume store (not read-your-writes)
        // may not show yet.
        recentSignupsExpected: expectedPerWindow(Math.max(volume.total, recentSignups), observedFrom, now, k.accountType === 'free' ? 1 : QUIET_PRIOR_WINDOWS),
        aliasVariants,
      };
      if (e && e.otherInboxesAtDomain > 0) out.requestInboxesAtDomain = e.otherInboxesAtDomain;
      if (ipKey) {
        const extra = [...members([...pendingHot(ownByIp), current], (e) => e.inbox_hash, (e) => domainCategory(e.domain)), ...flying.fromIp.map((x) => ({ ...siblingMembers(x).inbox, category: domainCategory(x.domain) }))];
        out.signupsFromIp = total(hot.windows.ipSignups.counts(ipKey, now, extra));
        const recent = hot.windows.ipSignups.counts(ipKey, now, extra, undefined, IP_RATE_WINDOW_MS);
        out.recentSignupsFromIp = total(recent);
        out.recentDomainsFromIp = [...recent.values()].filter((n) => n > 0).length;
      }
      if (pattern) out.domainPattern = pattern;
      const fake = rated ? fakeRateFor(decodeOutcomes(value(DOMAIN_OUTCOMES, domainKey)), k.account, opts.maxAccountShare) : undefined;
      if (fake) {
        out.domainFakeRate = fake.rate;
        out.domainFakeShare = fake.share;
        out.domainFakeReporters = fake.reporters;
        out.domainFakeEstablished = fake.established;
      }
      return out;
    },
  };
}
