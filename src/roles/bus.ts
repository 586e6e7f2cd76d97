/** Opens the bus of this mode and the event codecs registered with its schema registry. */
import { hostname } from 'node:os';
import { join } from 'node:path';
import { createCodecs, type Codecs } from '../bus/codecs.ts';
import { openEmbeddedBus } from '../bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../bus/embedded-registry.ts';
import type { EmbeddedLog } from '../bus/embedded-log.ts';
import type { Bus } from '../bus/ports.ts';
import { SchemaIncompatibleError } from '../bus/schema-registry.ts';
import { ALL_TOPICS } from '../bus/topics.ts';
import { topicPlan } from '../streams/topic-plan.ts';
import { storesOf, TOPOLOGY } from '../streams/topology.ts';
import type { Context } from './context.ts';

export interface OpenedBus {
  readonly bus: Bus;
  readonly codecs: Codecs;
  /** Embedded mode: drop log records past retention (the streams role calls it). */
  readonly enforceRetention?: (now: number) => Promise<number>;
  /** Embedded mode: the log itself (the streams role aligns it with its state at start). */
  readonly log?: EmbeddedLog;
}

export function instanceId(ctx: Context): string {
  return ctx.config.instanceId ?? `${hostname()}-${process.pid}`;
}

/** Runs a step that needs the service at `setting`; a failure names the setting (a schema refusal keeps its own message). */
async function named<T>(setting: string, value: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof SchemaIncompatibleError) throw err;
    throw new Error(`${setting}: cannot use ${value}: ${(err as Error).message ?? String(err)}`, { cause: err });
  }
}

export async function openBus(ctx: Context): Promise<OpenedBus> {
  if (ctx.config.mode === 'kafka') {
    // Kafka's clients load only in Kafka mode: @platformatic/kafka compiles its option schemas
    // with ajv as it loads (about 1.8 s of CPU), kafkajs and the registry client about 1 s more,
    // none of which an embedded start needs (docs/architecture.md, start-up).
    const [{ openKafkaBus }, { confluentRegistry }] = await Promise.all([import('../bus/kafka/kafka-bus.ts'), import('../bus/kafka/registry.ts')]);
    const bus = await named('KAFKA_BROKERS', ctx.config.kafkaBrokers!.join(','), () => openKafkaBus({
      brokers: ctx.config.kafkaBrokers!,
      clientId: `mailsift-${instanceId(ctx)}`,
      topics: topicPlan(storesOf(TOPOLOGY), ctx.config.kafkaReplicationFactor),
      logger: ctx.logger.child({ component: 'kafka' }),
      maxQueueMs: Math.max(100, ctx.config.eventTimeoutMs - 200),
      ...(ctx.config.kafkaNamespace ? { namespace: ctx.config.kafkaNamespace } : {}),
    }));
    const prefix = ctx.config.kafkaNamespace ? `${ctx.config.kafkaNamespace}.` : '';
    try {
      const codecs = await named('SCHEMA_REGISTRY_URL', ctx.config.schemaRegistryUrl!, () => createCodecs(confluentRegistry(ctx.config.schemaRegistryUrl!), undefined, prefix));
      return { bus, codecs };
    } catch (err) {
      await bus.close().catch(() => undefined);
      throw err;
    }
  }
  const bus = await openEmbeddedBus(join(ctx.dataDir, 'log'), ALL_TOPICS);
  const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
  return { bus, codecs, log: bus.log, enforceRetention: (now) => bus.log.enforceRetention(now) };
}
