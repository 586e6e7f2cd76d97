/**
 * `mailsift topics plan` prints every topic the service needs (partitions, retention,
 * compaction); `mailsift topics apply` creates the missing ones on KAFKA_BROKERS (the roles do
 * it at start too; a deployment job can do it first, with the production replication factor).
 */
import { openKafkaBus } from '../bus/kafka/kafka-bus.ts';
import { topicPlan } from '../streams/topic-plan.ts';
import { storesOf, TOPOLOGY } from '../streams/topology.ts';
import type { Context } from './context.ts';

/** `sub` as main.ts validated it against its command list. */
export async function topicsCommand(ctx: Context, sub: 'plan' | 'apply', out: (line: string) => void): Promise<number> {
  const plan = topicPlan(storesOf(TOPOLOGY), ctx.config.kafkaReplicationFactor);
  if (sub === 'plan') {
    // The names as created on the broker: with MAILSIFT_KAFKA_NAMESPACE, `<namespace>.<name>`.
    const ns = ctx.config.kafkaNamespace ? `${ctx.config.kafkaNamespace}.` : '';
    out(JSON.stringify(plan.map((t) => ({ ...t, name: ns + t.name })), null, 2));
    return 0;
  }
  if (ctx.config.mode !== 'kafka') {
    out('mailsift topics apply: KAFKA_BROKERS is not set (embedded mode keeps its log in the data dir)');
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
  await bus.close();
  out(`${plan.length} topics present`);
  return 0;
}
