/**
 * The history a check sees (HistoryFacts), read from the local stores in one snapshot and
 * completed with this instance's own events the stores do not hold yet and the check itself.
 * The distinct counters are unions of member sets, so "as if applied" is a union too: stored
 * sets ∪ pending members ∪ this check (countsWith), one pass, no re-application.
 *
 * Which own events are pending: those at or past the committed offset of their partition (read
 * in the same snapshot as the stores) for aggregations fed by the check topic itself; for
 * aggregations behind a repartition topic (Kafka mode's domain counters) the API cannot know,
 * so it takes its own events of the last `domainHorizonMs` (counting one twice is impossible:
 * it is a union).
 * The domain pattern is judged against the domain's OTHER inboxes (before this check counts).
 * The inbox's record and the domain's outcomes are not read when the key filters rule them out
 * (most inboxes were never seen, most domains have no reported outcome): the filters are asked
 * after the committed offsets are taken, and whatever writes the state adds a key to them
 * before the commit that includes it is announced, so a record the offsets include is never
 * ruled out (stores/key-filtering-store.ts).
 * Implements the service's HistoryQueries port (service/ports.ts).
 */
import { accountPartition } from '../bus/account-partition.ts';
import { TOPICS } from '../bus/topics.ts';
import type { HistoryFacts } from '../domain/check.ts';
import type { CheckScored } from '../domain/events.ts';
import type { HistoryKeys, HistoryQueries, Sighting } from '../service/ports.ts';
import { bucketVolume } from './aggregations/bucket-counter.ts';
import { countsWith, memberId, totalWith, type ExtraMember } from './aggregations/distinct-counter.ts';
import { decodeOutcomes, DOMAIN_OUTCOMES, fakeRateFor, hasFakeRate } from './aggregations/domain-outcomes.ts';
import { DOMAIN_RECORDS, SHAPES, shapesOf, volumeOf } from './aggregations/domain-records-180d.ts';
import { domainPattern, shapeCategory } from './aggregations/domain-shapes-180d.ts';
import { expectedPerWindow, QUIET_PRIOR_WINDOWS, signupMember, VOLUME_BUCKET_MS, VOLUME_WINDOW_MS } from './aggregations/domain-signups-10m.ts';
import { INBOX_RECORDS, inboxRecordKey, SPELLINGS, spellingsOf } from './aggregations/inbox-records-90d.ts';
import { domainCategory, IP_RATE_WINDOW_MS, ipEntity } from './aggregations/ip-signups-1h.ts';
import { STEM_RATE_WINDOW_MS, stemEntity } from './aggregations/stem-signups-1h.ts';
import type { HotWindows } from './hot-windows.ts';
import { inboxIndexKey, type OwnEvents, type Positioned } from './own-events.ts';
import { decodeOffset, domainKey as domainKeyOf, offsetKey } from './stores/key-layout.ts';
import { OFFSETS_STORE } from './stores/offsets.ts';
import type { KeyFilters } from './stores/key-filter.ts';
import type { StateReader } from './stores/state-reader.ts';
import { ReadSet } from './stores/tx.ts';

export interface HistoryOptions {
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

export interface HotWindowsView {
  readonly windows: HotWindows;
  applied(): readonly number[];
}

/**
 * A bulk sibling's members, built once per sibling (each later address of the request counts
 * it again), with their exact-set ids.
 */
interface SiblingMembers {
  readonly inbox: ExtraMember;
  readonly spelling: ExtraMember;
  /** Its member of the domain's recent sign-ups (the account's inbox: signupMember). */
  readonly signup: ExtraMember;
  /** Its member of the IP's recent inboxes: the inbox, in its domain's category. */
  readonly fromIp: ExtraMember;
  readonly shape?: ExtraMember;
}
const siblingCache = new WeakMap<Sighting, SiblingMembers>();
function siblingMembers(x: Sighting): SiblingMembers {
  let m = siblingCache.get(x);
  if (!m) {
    const inbox = { member: x.inbox_hash, category: 0, time: x.time, id: memberId(x.inbox_hash) };
    const spelling = { member: x.spelling_hash, category: 0, time: x.time, id: memberId(x.spelling_hash) };
    const pair = signupMember(x.account, x.inbox_hash);
    const signup = { member: pair, category: 0, time: x.time, id: memberId(pair) };
    const fromIp = { ...inbox, category: domainCategory(x.domain) };
    m = x.account_type === 'work' ? { inbox, spelling, signup, fromIp, shape: { ...inbox, category: shapeCategory(x.local_shape) } } : { inbox, spelling, signup, fromIp };
    siblingCache.set(x, m);
  }
  return m;
}

const NONE: readonly Positioned<CheckScored>[] = [];

/** A member seen at `time`, of category 0. */
function sighted(member: Buffer, time: number): ExtraMember {
  return { member, category: 0, time };
}

/** Kafka mode's domain counters (behind a repartition topic): own events of the last `horizon` ms may be pending. */
function withinHorizon(p: Positioned<CheckScored>, now: number, horizon: number): boolean {
  return p.event.time >= now - horizon && p.event.time <= now;
}

export function createHistoryReader(state: StateReader, own: OwnEvents, opts: HistoryOptions): HistoryQueries {
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
      // Each key's map key is made once: the read set and the lookups below share it.
      // The domain's volume and, at company domains, its shapes: one record.
      const domainMk = rs.add(DOMAIN_RECORDS, domainKey);
      const rated = hasFakeRate(k.domain);
      // Outcomes reported at the domain (none at most domains: the key filters tell).
      const outcomesMk = rated && (!opts.filters || opts.filters.mayHold(DOMAIN_OUTCOMES, domainKey)) ? rs.add(DOMAIN_OUTCOMES, domainKey) : undefined;
      // The account's own events all sit in its partition (checks are keyed by account), so its
      // committed offset alone tells which of them the stores hold.
      const partition = accountPartition(k.account);
      const offsetMk = opts.committed ? undefined : rs.add(OFFSETS_STORE, offsetKey(TOPICS.checks.name, partition));
      // Own events and committed offsets are taken before the state is read, never after: an
      // event the state commits while the read is in flight is pruned from own events, and the
      // read may not include it yet. Taken first, it is in the read, in the pending list, or in
      // both (harmless: these counts are of distinct members).
      const committedBefore = opts.committed ? (opts.committed()[partition] ?? 0) : undefined;
      const hotBefore = hot.applied();
      const work = k.accountType === 'work';
      // One pass over the domain's own events (at a free-mail domain, its last ~5 s of this
      // instance's checks), keeping only what may be pending: for the hot windows, those at or
      // past their position now (it only moves on, so what is pending after the read is among
      // them); for the domain record (read by company-domain checks only), those the state's
      // offsets do not include, or, when the offsets come with the read, every candidate.
      const hotDomain: Positioned<CheckScored>[] = [];
      const stateDomain: Positioned<CheckScored>[] = [];
      for (const p of own.checksByDomain.get(k.domain)) {
        if (p.offset >= (hotBefore[p.partition] ?? 0)) hotDomain.push(p);
        if (work && (!opts.domainFromChecks ? withinHorizon(p, now, horizon) : committedBefore === undefined || p.partition !== partition || p.offset >= committedBefore)) stateDomain.push(p);
      }
      // Copied (the list changes while the read is in flight); most inboxes have none.
      const inboxOwn = own.checksByInbox.get(inboxIndexKey(k.account, k.inboxHash));
      const ownByInbox = inboxOwn.length ? inboxOwn.slice() : NONE;
      const hotIp: Positioned<CheckScored>[] = [];
      if (k.ipHash) for (const p of own.checksByIp.get(inboxIndexKey(k.account, k.ipHash))) if (p.offset >= (hotBefore[p.partition] ?? 0)) hotIp.push(p);
      // Checks of other requests running right now (their events are not written yet) count too.
      const flying = own.inFlight(k.account, k.domain, k.inboxHash, k.ipHash, k.request, k.stemHash);
      // Asked after the offsets were taken, the filters hold every key of what they include (read
      // with the state, the offsets could include a commit later than the filters' answer).
      const inboxMk = !opts.filters || committedBefore === undefined || opts.filters.mayHold(INBOX_RECORDS, inboxKey) ? rs.add(INBOX_RECORDS, inboxKey) : undefined;
      const got = await state.fetch(rs, now);
      const committed = committedBefore ?? decodeOffset(offsetMk === undefined ? undefined : got.get(offsetMk));

      // Kafka mode: a replica applies each changelog on its own, so the streams' positions (the
      // offsets changelog) may already include an event whose store records have not arrived;
      // own events of the horizon count as pending too (a union: never counted twice).
      const pendingAtState = (p: Positioned<CheckScored>): boolean => p.partition !== partition || p.offset >= committed || (!opts.domainFromChecks && withinHorizon(p, now, horizon));
      // The hot windows are read after the await (this thread changes them, synchronously):
      // own events they do not include yet are those at or past their position.
      const hotApplied = hot.applied();
      const ownDomain = opts.domainFromChecks && committedBefore === undefined ? stateDomain.filter(pendingAtState) : stateDomain;
      // The extra members of each count, built in one pass each (this runs for every check):
      // own events the stores or hot windows do not hold yet, this check, and earlier
      // addresses of the same bulk request and checks of other requests in flight (a union: one
      // that is also an own event by now is counted once).
      const e = k.earlier;
      const domainSignups: ExtraMember[] = [];
      for (const p of hotDomain) if (p.offset >= (hotApplied[p.partition] ?? 0)) domainSignups.push(sighted(signupMember(p.event.account, p.event.inbox_hash), p.event.time));
      domainSignups.push(sighted(signupMember(k.account, k.inboxHash), now));
      const shapes: ExtraMember[] | undefined = k.accountType === 'work' ? [] : undefined;
      if (shapes) for (const p of ownDomain) if (p.event.account_type === 'work') shapes.push({ member: p.event.inbox_hash, category: shapeCategory(p.event.local_shape), time: p.event.time });
      const atDomain = (x: Sighting): void => {
        const m = siblingMembers(x);
        domainSignups.push(m.signup);
        if (shapes && m.shape) shapes.push(m.shape);
      };
      if (e) for (let i = 0; i < e.atDomainCount; i++) atDomain(e.atDomain[i]!);
      for (const x of flying.atDomain) atDomain(x);

      const domain = got.get(domainMk);
      // The OTHER inboxes: an earlier check of this one is not evidence of a pattern.
      const pattern = shapes ? domainPattern(countsWith(shapesOf(domain), now, SHAPES.windowMs, SHAPES.bucketMs, shapes, k.inboxHash), k.localShape) : undefined;
      const recentSignups = hot.windows.domainSignups.total(domainKey, now, domainSignups);
      const spellings: ExtraMember[] = [];
      for (const p of ownByInbox) if (pendingAtState(p)) spellings.push(sighted(p.event.spelling_hash, p.event.time));
      spellings.push(sighted(k.spellingHash, now));
      if (e) for (let i = 0; i < e.ofInboxCount; i++) spellings.push(siblingMembers(e.ofInbox[i]!).spelling);
      for (const x of flying.ofInbox) spellings.push(siblingMembers(x).spelling);
      const aliasVariants = totalWith(spellingsOf(inboxMk === undefined ? undefined : got.get(inboxMk)), now, SPELLINGS.windowMs, SPELLINGS.bucketMs, spellings);
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
        const extra: ExtraMember[] = [];
        // Each inbox in its domain's category, as the window keeps it (ipSignups1h's category).
        for (const p of hotIp) if (p.offset >= (hotApplied[p.partition] ?? 0)) extra.push({ member: p.event.inbox_hash, category: domainCategory(p.event.domain), time: p.event.time });
        extra.push({ member: k.inboxHash, category: domainCategory(k.domain), time: now });
        for (const x of flying.fromIp) extra.push(siblingMembers(x).fromIp);
        out.signupsFromIp = hot.windows.ipSignups.total(ipKey, now, extra);
        const recent = hot.windows.ipSignups.spread(ipKey, now, extra, IP_RATE_WINDOW_MS);
        out.recentSignupsFromIp = recent.members;
        out.recentDomainsFromIp = recent.categories;
      }
      if (k.stemHash) {
        const stem = k.stemHash;
        // The account's inboxes of this numbered stem: its own checks the window does not hold
        // yet, this check, and those earlier in its request or in flight. A stem names its domain
        // (the canonical one), so the pending and earlier ones are among the checks at this domain
        // (a googlemail.com address among gmail.com ones is left out of those few, never of the window).
        const ofStem = (s: { readonly account: string; readonly stem_hash?: Buffer | null }): boolean => s.account === k.account && s.stem_hash != null && s.stem_hash.equals(stem);
        const extra: ExtraMember[] = [];
        for (const p of hotDomain) if (p.offset >= (hotApplied[p.partition] ?? 0) && ofStem(p.event)) extra.push(sighted(p.event.inbox_hash, p.event.time));
        extra.push(sighted(k.inboxHash, now));
        if (e) for (let i = 0; i < e.atDomainCount; i++) if (ofStem(e.atDomain[i]!)) extra.push(siblingMembers(e.atDomain[i]!).inbox);
        for (const x of flying.ofStem) extra.push(siblingMembers(x).inbox);
        const stemKey = stemEntity(k.account, stem);
        out.numberedSiblings = hot.windows.stemSignups.total(stemKey, now, extra);
        out.recentNumberedSiblings = hot.windows.stemSignups.total(stemKey, now, extra, STEM_RATE_WINDOW_MS);
      }
      if (pattern) out.domainPattern = pattern;
      const fake = rated ? fakeRateFor(decodeOutcomes(outcomesMk === undefined ? undefined : got.get(outcomesMk)), k.account, opts.maxAccountShare) : undefined;
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
