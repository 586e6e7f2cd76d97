/**
 * SchemaRegistryPort over a Confluent-compatible registry (@kafkajs/confluent-schema-registry):
 * subjects are registered with BACKWARD compatibility; ids are the registry's, so any
 * Confluent consumer can decode our events.
 */
import { COMPATIBILITY, SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { SchemaIncompatibleError, type SchemaRegistryPort } from '../schema-registry.ts';

const RACE_ATTEMPTS = 8;

export function confluentRegistry(url: string): SchemaRegistryPort {
  const registry = new SchemaRegistry({ host: url }, { forSchemaOptions: {} } as never);
  const byId = new Map<number, object>();
  return {
    async register(subject, schema) {
      for (let attempt = 1; ; attempt++) {
        try {
          const { id } = await registry.register({ type: SchemaType.AVRO, schema: JSON.stringify(schema) }, { subject, compatibility: COMPATIBILITY.BACKWARD });
          byId.set(id, schema);
          return id;
        } catch (err) {
          const msg = (err as Error).message ?? String(err);
          if (/incompatib|409/i.test(msg)) throw new SchemaIncompatibleError(subject, msg);
          // Processes starting together on a new subject race: the client registers the schema,
          // then sets the subject's BACKWARD rule. Another process may look between the two and
          // see the registry's default (NONE), or set the rule second and be told it already
          // exists. Both settle as soon as the first one's rule is in: ask again shortly.
          if ((/already exists/i.test(msg) || /BACKWARD != NONE/.test(msg)) && attempt < RACE_ATTEMPTS) {
            await new Promise((r) => setTimeout(r, 100 * attempt));
            continue;
          }
          throw err;
        }
      }
    },
    async schemaById(id) {
      const hit = byId.get(id);
      if (hit) return hit;
      const type = (await registry.getSchema(id)) as unknown as { schema(): object };
      const schema = type.schema();
      byId.set(id, schema);
      return schema;
    },
  };
}
