/**
 * `mailsift topics plan` prints every topic the service needs (partitions, retention,
 * compaction), and the retired ones it no longer uses; `mailsift topics apply` creates the
 * missing ones on KAFKA_BROKERS (the roles do it at start too; a deployment job can do it
 * first, with the production replication factor), and with `--delete-retired` deletes the
 * retired ones (their data is never deleted otherwise).
 */
import { openKafkaBus } from '../bus/kafka/kafka-bus.ts';
import { retiredTopics, topicPlan, type RetiredTopic, type TopicConfig } from '../streams/topic-plan.ts';
import { storesOf, storesWithRetiredChangelogs, TOPOLOGY } from '../streams/topology.ts';
import type { Context } from './context.ts';

/**
 * `sub` as main.ts validated it against its command list; `json`: the plan as JSON (retention
 * in ms, as Kafka takes it); `deleteRetired`: `apply` also deletes the retired topics; `err`:
 * where a refusal goes (the command's stderr; `out` when not given).
 */
export async function topicsCommand(ctx: Context, sub: 'plan' | 'apply', out: (line: string) => void, opts: { json?: boolean; deleteRetired?: boolean; err?: (line: string) => void } = {}): Promise<number> {
  const plan = topicPlan(storesOf(TOPOLOGY), ctx.config.kafkaReplicationFactor);
  const retired = retiredTopics(storesWithRetiredChangelogs());
  // The names as created on the broker: with MAILSIFT_KAFKA_NAMESPACE, `<namespace>.<name>`.
  const ns = ctx.config.kafkaNamespace ? `${ctx.config.kafkaNamespace}.` : '';
  if (sub === 'plan') {
    const named = [...plan, ...retired].map((t) => ({ ...t, name: ns + t.name }));
    if (opts.json) out(JSON.stringify(named, null, 2));
    else for (const line of topicTable(named)) out(line);
    return 0;
  }
  if (ctx.config.mode !== 'kafka') {
    (opts.err ?? out)('mailsift topics apply: KAFKA_BROKERS is not set (embedded mode keeps its log in the data dir)');
    return 2;
  }
  const bus = await openKafkaBus({
    brokers: ctx.config.kafkaBrokers!,
    clientId: 'mailsift-topics',
    topics: plan,
    logger: ctx.logger,
    maxQueueMs: 5_000,
    ...(ctx.config.kafkaNamespace ? { namespace: ctx.config.kafkaNamespace } : {}),
  });
  try {
    out(`${plan.length} topics present`);
    const onBroker = new Set(await bus.admin.listTopics());
    const left = retired.map((t) => ns + t.name).filter((name) => onBroker.has(name));
    if (left.length && opts.deleteRetired) {
      await bus.admin.deleteTopics({ topics: left });
      out(`${left.length} retired topics deleted: ${left.join(', ')}`);
    } else if (left.length) {
      out(`${left.length} retired topics kept (nothing uses them; \`mailsift topics apply --delete-retired\` deletes them): ${left.join(', ')}`);
    }
  } finally {
    await bus.close();
  }
  return 0;
}

/** The plan as a table for people: one row per topic, retention in days, hours and minutes; retired topics last. */
export function topicTable(plan: readonly (TopicConfig | RetiredTopic)[]): string[] {
  const rows = plan.map((t) =>
    t.kind === 'retired'
      ? [t.name, t.kind, '-', '-', '-', 'kept until topics apply --delete-retired']
      : [
          t.name,
          t.kind,
          String(t.partitions),
          String(t.replicationFactor),
          t.configs['cleanup.policy'] ?? '',
          t.configs['retention.ms'] === undefined ? 'forever (compacted)' : duration(Number(t.configs['retention.ms'])),
        ],
  );
  const head = ['topic', 'kind', 'partitions', 'replicas', 'cleanup', 'retention'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  const retired = plan.filter((t) => t.kind === 'retired').length;
  const counted = retired ? `${plan.length - retired} topics, ${retired} retired` : `${plan.length} topics`;
  return [line(head), ...rows.map(line), '', `${counted}. \`mailsift topics plan --json\` prints every setting (retention.ms as Kafka takes it).`];
}

/** 91 d, 7 d 2 h, 1 h 20 min: the largest units that are not zero, down to minutes (seconds when under one). */
export function duration(ms: number): string {
  const units: [string, number][] = [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['min', 60_000],
  ];
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  const parts: string[] = [];
  let rest = ms;
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n} ${name}`);
  }
  return parts.join(' ');
}
