/**
 * Schema registry port: what the Avro codec needs from a registry. Kafka mode implements it
 * with @kafkajs/confluent-schema-registry against SCHEMA_REGISTRY_URL; embedded mode keeps
 * the same data in the embedded log's database.
 */
export interface SchemaRegistryPort {
  /** Registers (or finds) the schema under the subject with BACKWARD compatibility; returns its id. */
  register(subject: string, schema: object): Promise<number>;
  /** The writer schema of an id (for decoding events written by another version). */
  schemaById(id: number): Promise<object>;
}

export class SchemaIncompatibleError extends Error {
  constructor(subject: string, detail: string) {
    super(`schema for ${subject} is not BACKWARD compatible: ${detail}`);
    this.name = 'SchemaIncompatibleError';
  }
}
