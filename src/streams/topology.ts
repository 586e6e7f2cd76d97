/**
 * The topology as data: which aggregations each source topic feeds, in order. Every store has
 * a hand-assigned id and name in its aggregation file (store-spec.ts: ids are never reused).
 *
 *   checks.scored.v1 (key account)
 *     ├─► usage-daily, check-index-14d, inbox-records-90d (latest check + spellings)
 *     ├─► account-checks-daily, account-waves-1h (GET /v1/stats)
 *     ├─► label join (check side: completes labels that arrived first) ─► checks.labelled.v1
 *     │     (+ account-outcomes-daily-late)
 *     └─► repartition by domain ─► mailsift-domain-sightings-repartition
 *   feedback.received.v1 (key account, co-partitioned with checks)
 *     └─► check-labels-14d + model-stats + account-outcomes-daily (+ pending-labels-14d)
 *           ─► checks.labelled.v1 (key domain)
 *   mailsift-domain-sightings-repartition (key domain)
 *     └─► domain-records-180d (volume + shapes)
 *   checks.labelled.v1 (key domain)
 *     └─► domain-outcomes-365d (deduplicated by check)
 *
 * The short windows (domain-signups-10m, ip-signups-1h) are not stores in either mode: every
 * API thread, which reads them, holds them in memory, fed by the checks topic and rebuilt from
 * it (hot-windows.ts, hot-window-feed.ts). Their aggregations stay the rule the memory follows.
 *
 * Embedded mode runs one instance that owns every partition, so nothing needs moving between
 * instances: the domain aggregations run inline on the check events (EMBEDDED_TOPOLOGY), the
 * same aggregation code in the same commit, without the repartition topic's write, read and
 * decode. Kafka mode (TOPOLOGY) repartitions, because there a domain's checks arrive at
 * several instances.
 */
import type { CheckLabelled, CheckScored, DomainSighting, FeedbackReceived } from '../domain/events.ts';
import { partitionFor } from '../bus/partitioner.ts';
import type { Aggregation, ProcessorNode } from './aggregation.ts';
import { accountChecksDaily } from './aggregations/account-checks-daily.ts';
import { accountWaves1h } from './aggregations/account-waves-1h.ts';
import { checkIndex14d } from './aggregations/check-index-14d.ts';
import { checkLabels, labelJoinOnCheck } from './aggregations/check-labels.ts';
import { domainOutcomes } from './aggregations/domain-outcomes.ts';
import { DOMAIN_RECORDS_CONVERSION, domainRecords } from './aggregations/domain-records-180d.ts';
import { domainSightings, sightingOf } from './aggregations/domain-sightings.ts';
import { DOMAIN_SIGNUPS } from './aggregations/domain-signups-10m.ts';
import { inboxRecords90d } from './aggregations/inbox-records-90d.ts';
import { IP_SIGNUPS } from './aggregations/ip-signups-1h.ts';
import { usageDaily } from './aggregations/usage-daily.ts';
import type { StoreSpec } from './stores/store-spec.ts';

export const checksNode: ProcessorNode<'check-scored'> = {
  name: 'checks',
  source: 'checks',
  aggregations: [usageDaily, accountChecksDaily, accountWaves1h, checkIndex14d, inboxRecords90d, labelJoinOnCheck, domainSightings],
  timeOf: (e: CheckScored) => e.time,
};

export const feedbackNode: ProcessorNode<'feedback-received'> = {
  name: 'labels',
  source: 'feedback',
  aggregations: [checkLabels],
  timeOf: (e: FeedbackReceived) => e.time,
};

/**
 * The repartition topic is keyed by domain (Kafka's partitioner, as the emitting side uses), so
 * each domain's record is written from one partition: its owner converts it on an upgrade.
 */
const domainRecordsByPartition: Aggregation<DomainSighting> = {
  ...domainRecords,
  converts: { ...DOMAIN_RECORDS_CONVERSION, partitionOf: (key, partitions) => partitionFor(key, partitions) },
};

export const domainNode: ProcessorNode<'domain-sighting'> = {
  name: 'domains',
  source: 'domainSightings',
  aggregations: [domainRecordsByPartition],
  timeOf: (e: DomainSighting) => e.time,
};

export const outcomesNode: ProcessorNode<'check-labelled'> = {
  name: 'domain-outcomes',
  source: 'labelled',
  aggregations: [domainOutcomes],
  timeOf: (e: CheckLabelled) => e.label_time,
};

export const TOPOLOGY: readonly ProcessorNode[] = [checksNode, feedbackNode, domainNode, outcomesNode] as unknown as readonly ProcessorNode[];

/**
 * A domain aggregation fed directly by check events (a repartition with nowhere to move). Its
 * keys are written from any checks partition (they are keyed by account), so a conversion of its
 * store converts every key at once.
 */
function onChecks(a: Aggregation<DomainSighting>): Aggregation<CheckScored> {
  const converts = a.converts && { from: a.converts.from, to: a.converts.to, convert: a.converts.convert };
  return {
    name: a.name,
    stores: a.stores,
    ...(converts ? { converts } : {}),
    reads: (e, rs) => a.reads(sightingOf(e), rs),
    apply: (e, tx, emit) => a.apply(sightingOf(e), tx, emit),
  };
}

/** Embedded mode's checks node: the domain aggregations applied to the check events themselves. */
export const embeddedChecksNode: ProcessorNode<'check-scored'> = {
  name: 'checks',
  source: 'checks',
  aggregations: [...checksNode.aggregations.filter((a) => a !== domainSightings), ...domainNode.aggregations.map(onChecks)],
  timeOf: (e: CheckScored) => e.time,
};

export const EMBEDDED_TOPOLOGY: readonly ProcessorNode[] = [embeddedChecksNode, feedbackNode, outcomesNode] as unknown as readonly ProcessorNode[];

export function topologyFor(bus: 'embedded' | 'kafka'): readonly ProcessorNode[] {
  return bus === 'embedded' ? EMBEDDED_TOPOLOGY : TOPOLOGY;
}

export function storesOf(nodes: readonly ProcessorNode[]): StoreSpec[] {
  const byId = new Map<number, StoreSpec>();
  for (const n of nodes) for (const a of n.aggregations) for (const s of a.stores) {
    const clash = byId.get(s.id);
    if (RETIRED_STORES.some((r) => r.id === s.id)) throw new Error(`store id ${s.id} (${s.name}) is retired`);
    if (CONVERTED_STORES.some((r) => r.id === s.id)) throw new Error(`store id ${s.id} (${s.name}) was converted into another store`);
    if (IN_MEMORY_STORES.some((r) => r.id === s.id)) throw new Error(`store id ${s.id} (${s.name}) is held in the API thread's memory, not a store`);
    if (clash && clash.name !== s.name) throw new Error(`store id ${s.id} is used by ${clash.name} and ${s.name}`);
    byId.set(s.id, s);
  }
  return [...byId.values()];
}

/**
 * Stores of earlier versions, replaced by others: their ids are never reused, and a state that
 * still holds their data deletes it at start. inbox-checks-14d (3) and inbox-aliases-90d (16)
 * became inbox-records-90d (one record per account and inbox), which such a state builds from
 * the log (the aggregation is replayable: runtime.ts). Ids 10, 13, 15 and 17 belonged to an
 * earlier design's per-member stores (domain-signups-10m.ts).
 */
export const RETIRED_STORES: readonly StoreSpec[] = [
  { id: 3, name: 'inbox-checks-14d' },
  { id: 16, name: 'inbox-aliases-90d' },
];

/**
 * Stores of earlier versions whose values an upgrade converts into their successor (aggregation.ts
 * StoreConversion): domain-volume-7d (12) and domain-shapes-180d (18) became domain-records-180d
 * (one record per domain). Their ids are never reused. The streams' state keeps them open, never
 * written (a partition another instance owns may still need converting here once it is
 * assigned), and deletes their data once every partition is marked converted in it (runtime.ts);
 * a replica deletes them at start (the successor arrives through its own changelog).
 */
export const CONVERTED_STORES: readonly StoreSpec[] = [...DOMAIN_RECORDS_CONVERSION.from];

/** The stores a streams state opens: the topology's, and those its aggregations convert from. */
export function stateStoresOf(nodes: readonly ProcessorNode[]): StoreSpec[] {
  const from = new Map<number, StoreSpec>();
  for (const n of nodes) for (const a of n.aggregations) for (const s of a.converts?.from ?? []) from.set(s.id, s);
  return [...storesOf(nodes), ...from.values()];
}

/**
 * Stores of earlier versions now held in the API thread's memory (hot-windows.ts), in both
 * modes: their ids are never reused either, and a state or replica that still holds their data
 * deletes it at start.
 */
export const IN_MEMORY_STORES: readonly StoreSpec[] = [DOMAIN_SIGNUPS, IP_SIGNUPS];

/**
 * What a state deletes at start: the retired stores, the short windows' old values, and the
 * stores converted into others, except those it keeps open (`open`: a streams state's, which
 * converts from them; a replica keeps none).
 */
export function storesToDrop(open: readonly StoreSpec[] = []): StoreSpec[] {
  return [...RETIRED_STORES, ...IN_MEMORY_STORES, ...CONVERTED_STORES].filter((s) => !open.some((o) => o.id === s.id));
}

/**
 * Stores whose changelog topics earlier versions wrote and this one no longer does: nothing
 * reads them. `mailsift topics plan` lists them as retired; `mailsift topics apply` leaves them
 * on the brokers unless asked to delete them (--delete-retired).
 */
export function storesWithRetiredChangelogs(): StoreSpec[] {
  return storesToDrop();
}
