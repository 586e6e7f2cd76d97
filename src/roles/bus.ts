/** Opens the bus of this mode and the event codecs registered with its schema registry. */
import { join } from 'node:path';
import { createCodecs, type Codecs } from '../bus/codecs.ts';
import { openEmbeddedBus } from '../bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../bus/embedded-registry.ts';
import type { Bus } from '../bus/ports.ts';
import { ALL_TOPICS } from '../bus/topics.ts';
import type { Context } from './context.ts';

export interface OpenedBus {
  readonly bus: Bus;
  readonly codecs: Codecs;
  /** Embedded mode: drop log records past retention (the streams role calls it). */
  readonly enforceRetention?: (now: number) => Promise<number>;
}

export async function openBus(ctx: Context): Promise<OpenedBus> {
  if (ctx.config.mode === 'kafka') throw new Error('KAFKA_BROKERS: Kafka mode is being wired (issue 6)');
  const bus = await openEmbeddedBus(join(ctx.dataDir, 'log'), ALL_TOPICS);
  const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
  return { bus, codecs, enforceRetention: (now) => bus.log.enforceRetention(now) };
}
