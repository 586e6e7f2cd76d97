/**
 * Every topic the service uses, as data: name, schema, partitioning key, retention.
 * `deploy/topics` and the Kafka adapter's topic creation read this same table.
 *
 * Partitioning: checks and feedback are keyed by account, so every per-account aggregation
 * (usage, labels, inbox index, aliases, IP bursts) is co-partitioned and needs no shuffle.
 * Cross-customer domain aggregations read repartition topics keyed by domain. A very large
 * customer therefore lands in one partition: the price of exact per-account state.
 */
import { DAY } from '../domain/time.ts';

export type SchemaName = 'check-scored' | 'feedback-received' | 'check-labelled' | 'domain-sighting' | 'model-published' | 'account-control';

export interface TopicSpec {
  readonly name: string;
  readonly schema: SchemaName;
  readonly partitions: number;
  /**
   * How long records stay in the log. Long enough to rebuild every store by replay. Infinity
   * for a compacted topic: its newest record per key stays for good (a tombstone removes it).
   */
  readonly retentionMs: number;
  /** Kept by key, not by time (Kafka cleanup.policy=compact; the embedded log compacts it too). */
  readonly compacted?: boolean;
  readonly keyedBy: string;
  readonly doc: string;
}

/** Partitions per topic: the most streams instances that can share the work. */
export const DEFAULT_PARTITIONS = 6;

export const TOPICS = {
  checks: {
    name: 'checks.scored.v1',
    schema: 'check-scored',
    partitions: DEFAULT_PARTITIONS,
    retentionMs: 91 * DAY,
    keyedBy: 'account',
    doc: 'One event per answered check; downstream analytics consume it.',
  },
  feedback: {
    name: 'feedback.received.v1',
    schema: 'feedback-received',
    partitions: DEFAULT_PARTITIONS,
    retentionMs: 91 * DAY,
    keyedBy: 'account',
    doc: 'Accepted outcome reports.',
  },
  labelled: {
    name: 'checks.labelled.v1',
    schema: 'check-labelled',
    partitions: DEFAULT_PARTITIONS,
    retentionMs: 365 * DAY,
    keyedBy: 'domain',
    doc: 'Checks joined with their first outcome: training data and per-domain outcome rates.',
  },
  models: {
    name: 'models.published.v1',
    schema: 'model-published',
    partitions: 1,
    retentionMs: 3650 * DAY,
    keyedBy: 'model',
    doc: 'Every learned model version the trainer published (one partition: a total order of versions).',
  },
  controls: {
    name: 'accounts.controls.v1',
    schema: 'account-control',
    partitions: 1,
    retentionMs: Number.POSITIVE_INFINITY,
    compacted: true,
    keyedBy: 'control',
    doc: 'Customer controls as they now stand: API keys (hashes), rules, account settings; a tombstone revokes or deletes (one partition: one order of changes).',
  },
  domainSightings: {
    name: 'mailsift-domain-sightings-repartition',
    schema: 'domain-sighting',
    partitions: DEFAULT_PARTITIONS,
    retentionMs: 91 * DAY,
    keyedBy: 'domain',
    doc: 'Checks re-keyed by domain for cross-customer domain aggregations.',
  },
} as const satisfies Record<string, TopicSpec>;

export type TopicKey = keyof typeof TOPICS;

export const ALL_TOPICS: readonly TopicSpec[] = Object.values(TOPICS);

/** Kafka Streams' rule: `<application id>-<store>-changelog`. */
export function changelogTopic(appId: string, store: string): string {
  return `${appId}-${store}-changelog`;
}

export const APP_ID = 'mailsift';
