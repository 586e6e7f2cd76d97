/**
 * SchemaRegistryPort over a Confluent-compatible registry (@kafkajs/confluent-schema-registry):
 * subjects are registered with BACKWARD compatibility; ids are the registry's, so any
 * Confluent consumer can decode our events.
 */
import { COMPATIBILITY, SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { SchemaIncompatibleError, type SchemaRegistryPort } from '../schema-registry.ts';

export function confluentRegistry(url: string): SchemaRegistryPort {
  const registry = new SchemaRegistry({ host: url }, { forSchemaOptions: {} } as never);
  const byId = new Map<number, object>();
  return {
    async register(subject, schema) {
      try {
        const { id } = await registry.register({ type: SchemaType.AVRO, schema: JSON.stringify(schema) }, { subject, compatibility: COMPATIBILITY.BACKWARD });
        byId.set(id, schema);
        return id;
      } catch (err) {
        const msg = (err as Error).message ?? String(err);
        if (/incompatib|409/i.test(msg)) throw new SchemaIncompatibleError(subject, msg);
        throw err;
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
