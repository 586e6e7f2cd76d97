/** One codec per topic, registered under `<topic>-value` (embedded or Kafka registry alike). */
import { join } from 'node:path';
import type { EventsBySchema } from '../domain/events.ts';
import { packageRoot } from '../platform/package-root.ts';
import { createEventCodec, readSchema, type EventCodec } from './avro.ts';
import type { SchemaRegistryPort } from './schema-registry.ts';
import { TOPICS, type TopicKey } from './topics.ts';

export type Codecs = { [K in TopicKey]: EventCodec<EventsBySchema[(typeof TOPICS)[K]['schema']]> };

export async function createCodecs(registry: SchemaRegistryPort, schemasDir = join(packageRoot(), 'schemas'), subjectPrefix = ''): Promise<Codecs> {
  const out: Partial<Record<TopicKey, EventCodec<never>>> = {};
  for (const [key, topic] of Object.entries(TOPICS) as [TopicKey, (typeof TOPICS)[TopicKey]][]) {
    out[key] = (await createEventCodec(registry, topic as never, readSchema(schemasDir, topic.schema), subjectPrefix)) as EventCodec<never>;
  }
  return out as Codecs;
}
