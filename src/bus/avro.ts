/**
 * Avro codecs for events, in the Confluent wire format in both modes:
 *   byte 0 = 0 (magic), bytes 1..4 = schema id (big-endian), then the Avro body.
 * Encoding is synchronous (request path); decoding resolves an unknown writer schema through
 * the registry once and caches the resolver, so events written by older versions still read.
 */
import avro from 'avsc';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventsBySchema } from '../domain/events.ts';
import type { SchemaRegistryPort } from './schema-registry.ts';
import type { SchemaName, TopicSpec } from './topics.ts';

const MAGIC = 0;
const HEADER = 5;

export interface EventCodec<T> {
  readonly subject: string;
  readonly schemaId: number;
  encode(value: T): Buffer;
  decode(buf: Buffer): Promise<T>;
  /** The value, when its writer schema is one this codec has resolved already (no registry call, no promise); else undefined. */
  decodeKnown(buf: Buffer): T | undefined;
}

export function readSchema(schemasDir: string, name: SchemaName): object {
  return JSON.parse(readFileSync(join(schemasDir, `${name}.avsc`), 'utf8')) as object;
}

/** TopicNameStrategy, as Confluent serializers use by default. */
export function subjectFor(topic: TopicSpec): string {
  return `${topic.name}-value`;
}

export async function createEventCodec<S extends SchemaName>(
  registry: SchemaRegistryPort,
  topic: TopicSpec & { schema: S },
  schema: object,
  subjectPrefix = '',
): Promise<EventCodec<EventsBySchema[S]>> {
  type T = EventsBySchema[S];
  const subject = subjectPrefix + subjectFor(topic);
  const type = avro.Type.forSchema(schema as avro.Schema);
  const schemaId = await registry.register(subject, schema);
  const resolvers = new Map<number, avro.Resolver>();

  const body = (buf: Buffer): Buffer => {
    if (buf.length < HEADER || buf[0] !== MAGIC) throw new Error(`${subject}: not a Confluent wire-format record`);
    return buf.subarray(HEADER);
  };

  // The wire header once, the body encoded behind it, then one copy out (from node's pool):
  // avsc's toBuffer makes a fresh zero-filled ArrayBuffer per value, which the collector then
  // tracks and frees on its helper threads, and it was copied again to add the header.
  let scratch = Buffer.allocUnsafeSlow(1024);
  scratch[0] = MAGIC;
  scratch.writeUInt32BE(schemaId, 1);

  const decodeKnown = (buf: Buffer): T | undefined => {
    const id = buf.readUInt32BE(1);
    if (id === schemaId) return type.fromBuffer(body(buf)) as T;
    const resolver = resolvers.get(id);
    return resolver ? (type.fromBuffer(body(buf), resolver) as T) : undefined;
  };

  return {
    subject,
    schemaId,
    encode(value) {
      let end = type.encode(value, scratch, HEADER);
      if (end < 0) {
        // avsc says how many bytes were missing (end is negative): grow, and encode again.
        const grown = Buffer.allocUnsafeSlow(Math.max(2 * scratch.length, scratch.length - end));
        scratch.copy(grown, 0, 0, HEADER);
        scratch = grown;
        end = type.encode(value, scratch, HEADER);
      }
      const out = Buffer.allocUnsafe(end);
      scratch.copy(out, 0, 0, end);
      return out;
    },
    decodeKnown,
    async decode(buf) {
      const known = decodeKnown(buf);
      if (known !== undefined) return known;
      const id = buf.readUInt32BE(1);
      let resolver = resolvers.get(id);
      if (!resolver) {
        const writer = avro.Type.forSchema((await registry.schemaById(id)) as avro.Schema);
        resolver = type.createResolver(writer);
        resolvers.set(id, resolver);
      }
      return type.fromBuffer(body(buf), resolver) as T;
    },
  };
}

/** BACKWARD: a reader with the new schema can read data written with the old one. */
export function isBackwardCompatible(newSchema: object, oldSchema: object): { ok: true } | { ok: false; detail: string } {
  try {
    avro.Type.forSchema(newSchema as avro.Schema).createResolver(avro.Type.forSchema(oldSchema as avro.Schema));
    return { ok: true };
  } catch (err) {
    return { ok: false, detail: (err as Error).message };
  }
}
