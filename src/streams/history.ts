/**
 * The history a check sees (HistoryFacts), read from the local stores in one snapshot and
 * completed with this instance's own recent events and the check itself, all re-applied on a
 * scratch transaction with the aggregations' own code. The distinct counters are idempotent,
 * so an own event the stores already hold is not counted twice.
 *
 * The domain pattern is judged against the domain's OTHER inboxes (before this check counts).
 * Own events behind the repartition topic are taken from the last OVERLAY_MS only, at most
 * OVERLAY_MAX per entity: the state converges within about a second, and past a few dozen a
 * count is a wave either way.
 */
import type { HistoryFacts } from '../domain/check.ts';
import type { CheckScored } from '../domain/events.ts';
import type { HistoryKeys, HistoryReader } from '../service/check-service.ts';
import { bucketTotal } from './aggregations/bucket-counter.ts';
import { countsAt, decodeSummary, total } from './aggregations/distinct-counter.ts';
import { decodeOutcomes, DOMAIN_OUTCOMES, fakeRateFor } from './aggregations/domain-outcomes.ts';
import { domainPattern, domainShapes180d } from './aggregations/domain-shapes-180d.ts';
import { sightingOf } from './aggregations/domain-sightings.ts';
import { domainSignups10m, domainVolume7d, SIGNUPS_WINDOW_MS, VOLUME_BUCKET_MS, VOLUME_WINDOW_MS } from './aggregations/domain-signups-10m.ts';
import { inboxAliases90d } from './aggregations/inbox-aliases-90d.ts';
import { ipSignups1h } from './aggregations/ip-signups-1h.ts';
import { inboxIndexKey, type OwnEvents } from './own-events.ts';
import type { StateReader } from './stores/state-reader.ts';
import { BatchTx, ReadSet, type StoreTx } from './stores/tx.ts';

export const OVERLAY_MS = 2_000;
export const OVERLAY_MAX = 64;
const WINDOWS_PER_WEEK = VOLUME_WINDOW_MS / SIGNUPS_WINDOW_MS;

type Counter<E> = { readKeys(e: E, rs: ReadSet): void; apply(e: E, tx: StoreTx, emit: () => void): void; spec: { summary: import('./stores/store-spec.ts').StoreSpec; windowMs: number; bucketMs: number; entity(e: E): Buffer | null } };

export function createHistoryReader(state: StateReader, own: OwnEvents): HistoryReader {
  return {
    async history(k: HistoryKeys): Promise<HistoryFacts> {
      const now = k.time;
      const current = currentEvent(k);
      const currentSighting = sightingOf(current);
      const recent = (list: readonly { event: CheckScored }[]): CheckScored[] =>
        list
          .map((p) => p.event)
          .filter((e) => e.time >= now - OVERLAY_MS && e.time <= now)
          .slice(-OVERLAY_MAX)
          .sort((a, b) => a.time - b.time);
      const ownDomain = recent(own.checksByDomain.get(k.domain)).map(sightingOf);
      const ownIp = k.ipHash ? recent(own.checksByIp.get(inboxIndexKey(k.account, k.ipHash))) : [];
      const ownInbox = recent(own.checksByInbox.get(inboxIndexKey(k.account, k.inboxHash)));

      const rs = new ReadSet();
      const declare = <E>(c: Counter<E>, events: E[]): void => events.forEach((e) => c.readKeys(e, rs));
      declare(domainSignups10m, [...ownDomain, currentSighting]);
      declare(domainShapes180d, [...ownDomain, currentSighting]);
      declare(inboxAliases90d, [...ownInbox, current]);
      if (k.ipHash) declare(ipSignups1h, [...ownIp, current]);
      rs.add(domainVolume7d.spec.store, Buffer.from(k.domain));
      rs.add(DOMAIN_OUTCOMES, Buffer.from(k.domain));
      const tx = new BatchTx(await state.fetch(rs, now));

      const replay = <E>(c: Counter<E>, events: E[]): void => events.forEach((e) => c.apply(e, tx, noEmit));
      const counts = <E>(c: Counter<E>, e: E): Map<number, number> => {
        const entity = c.spec.entity(e);
        return entity ? countsAt(decodeSummary(tx.get(c.spec.summary, entity)), now, c.spec.windowMs, c.spec.bucketMs) : new Map();
      };

      // The pattern of the domain's other inboxes, then this check joins the counts.
      replay(domainShapes180d, ownDomain);
      const pattern = k.accountType === 'work' ? domainPattern(counts(domainShapes180d, currentSighting), k.localShape) : undefined;
      replay(domainSignups10m, [...ownDomain, currentSighting]);
      replay(inboxAliases90d, [...ownInbox, current]);
      if (k.ipHash) replay(ipSignups1h, [...ownIp, current]);

      const weekly = bucketTotal(tx.get(domainVolume7d.spec.store, Buffer.from(k.domain)), now, VOLUME_WINDOW_MS, VOLUME_BUCKET_MS);
      const fake = fakeRateFor(decodeOutcomes(tx.get(DOMAIN_OUTCOMES, Buffer.from(k.domain))), k.account);
      const out: { -readonly [K in keyof HistoryFacts]: HistoryFacts[K] } = {
        recentSignups: total(counts(domainSignups10m, currentSighting)),
        recentSignupsExpected: weekly / WINDOWS_PER_WEEK,
        aliasVariants: total(counts(inboxAliases90d, current)),
      };
      if (k.ipHash) out.signupsFromIp = total(counts(ipSignups1h, current));
      if (pattern) out.domainPattern = pattern;
      if (fake) {
        out.domainFakeRate = fake.rate;
        out.domainFakeReporters = fake.reporters;
      }
      return out;
    },
  };
}

const noEmit = (): void => undefined;

/** The check being answered, shaped as the event it will become (only the fields counters read). */
function currentEvent(k: HistoryKeys): CheckScored {
  return {
    check_uuid: Buffer.alloc(16),
    account: k.account,
    time: k.time,
    domain: k.domain,
    inbox_hash: k.inboxHash,
    spelling_hash: k.spellingHash,
    ip_hash: k.ipHash,
    local_shape: k.localShape,
    account_type: k.accountType,
    feature_version: 0,
    features: [],
    baseline_probability: 0,
    served_model: '',
    served_probability: 0,
    learned_probability: null,
    verdict: '',
    bulk: false,
  };
}

