/**
 * The schema registry of embedded mode, kept in the embedded log's database so events in the
 * log can always be decoded with the schema that wrote them. Same rules as the Kafka-mode
 * registry: ids are global, a subject's new version must be BACKWARD compatible.
 */
import type { ClassicLevel } from 'classic-level';
import { isBackwardCompatible } from './avro.ts';
import { SchemaIncompatibleError, type SchemaRegistryPort } from './schema-registry.ts';

const key = (s: string): Buffer => Buffer.from(`s${s}`);

export function createEmbeddedRegistry(db: ClassicLevel<Buffer, Buffer>): SchemaRegistryPort {
  const byId = new Map<number, object>();
  return {
    async register(subject, schema) {
      const text = JSON.stringify(schema);
      const versions = await db
        .iterator({ gte: key(`v:${subject}:`), lt: key(`v:${subject};`) })
        .all();
      // Latest version first when compared; zero-padded versions sort numerically.
      const latest = versions.at(-1);
      if (latest) {
        const latestId = latest[1].readUInt32BE(0);
        const latestSchema = JSON.parse((await db.get(key(`i:${latestId}`)))!.toString('utf8')) as object;
        if (JSON.stringify(latestSchema) === text) return latestId;
        const compat = isBackwardCompatible(schema, latestSchema);
        if (!compat.ok) throw new SchemaIncompatibleError(subject, compat.detail);
      }
      const counter = await db.get(key('counter'));
      const id = (counter ? counter.readUInt32BE(0) : 0) + 1;
      const idBuf = Buffer.alloc(4);
      idBuf.writeUInt32BE(id);
      const version = String(versions.length + 1).padStart(8, '0');
      await db.batch(
        [
          { type: 'put', key: key('counter'), value: idBuf },
          { type: 'put', key: key(`i:${id}`), value: Buffer.from(text) },
          { type: 'put', key: key(`v:${subject}:${version}`), value: idBuf },
        ],
        { sync: true },
      );
      byId.set(id, schema);
      return id;
    },
    async schemaById(id) {
      const hit = byId.get(id);
      if (hit) return hit;
      const v = await db.get(key(`i:${id}`));
      if (!v) throw new Error(`unknown schema id ${id}`);
      const schema = JSON.parse(v.toString('utf8')) as object;
      byId.set(id, schema);
      return schema;
    },
  };
}
