/**
 * Every Kafka topic of the service with its configuration (pure data). `deploy/topics.json`
 * is this plan written out for operators (test/deploy checks they agree), and the Kafka
 * adapter creates exactly these topics at start (auto-creation is off).
 *
 * Event topics: delete by time (long enough to rebuild every store by replay).
 * Changelogs (one per store, Kafka Streams' `<app>-<store>-changelog` naming), with the same
 * partitions as the source they are computed from: compacted; timed stores also delete by
 * their retention (compact,delete) so a flood of keys leaves the topic with the window.
 * Retired changelogs (of stores this version no longer keeps) are listed apart: nothing creates,
 * writes or reads them, and nothing deletes their data unless asked (`mailsift topics apply
 * --delete-retired`).
 */
import { ALL_TOPICS, APP_ID, changelogTopic, DEFAULT_PARTITIONS } from '../bus/topics.ts';
import { OFFSETS_STORE } from './stores/offsets.ts';
import type { StoreSpec } from './stores/store-spec.ts';

export interface TopicConfig {
  readonly name: string;
  readonly partitions: number;
  readonly replicationFactor: number;
  readonly configs: Readonly<Record<string, string>>;
  readonly kind: 'event' | 'repartition' | 'changelog';
  readonly doc: string;
}

/** A topic earlier versions used and this one does not: kept on the brokers unless deleted on purpose. */
export interface RetiredTopic {
  readonly name: string;
  readonly kind: 'retired';
  readonly doc: string;
}

/** The changelog topics of stores no longer kept (topology.ts: retired stores and the short windows held in memory). */
export function retiredTopics(stores: readonly StoreSpec[]): RetiredTopic[] {
  return stores.map((s) => ({
    name: changelogTopic(APP_ID, s.name),
    kind: 'retired',
    doc: `Changelog of the ${s.name} store, which this version no longer keeps: nothing writes or reads it. Kept unless \`mailsift topics apply --delete-retired\` deletes it.`,
  }));
}

export function topicPlan(stores: readonly StoreSpec[], replicationFactor = 1): TopicConfig[] {
  const events = ALL_TOPICS.map<TopicConfig>((t) => ({
    name: t.name,
    partitions: t.partitions,
    replicationFactor,
    configs: (t.compacted
      ? { 'cleanup.policy': 'compact', 'min.insync.replicas': String(Math.min(2, replicationFactor)) }
      : { 'cleanup.policy': 'delete', 'retention.ms': String(t.retentionMs), 'min.insync.replicas': String(Math.min(2, replicationFactor)) }) as Record<string, string>,
    kind: t.name.endsWith('-repartition') ? 'repartition' : 'event',
    doc: t.doc,
  }));
  const changelogs = [...stores, OFFSETS_STORE].map<TopicConfig>((s): TopicConfig => ({
    name: changelogTopic(APP_ID, s.name),
    partitions: DEFAULT_PARTITIONS,
    replicationFactor,
    configs: (s.retentionMs === undefined
        ? { 'cleanup.policy': 'compact', 'min.insync.replicas': String(Math.min(2, replicationFactor)) }
        : { 'cleanup.policy': 'compact,delete', 'retention.ms': String(s.retentionMs), 'min.insync.replicas': String(Math.min(2, replicationFactor)) }) as Record<string, string>,
    kind: 'changelog',
    doc: s.id === OFFSETS_STORE.id ? 'Positions of the streams in their source topics, committed with the state.' : `Changelog of the ${s.name} store.`,
  }));
  return [...events, ...changelogs];
}
