/**
 * Fastify's response serialiser factory, memoised by schema. Fastify builds one
 * fast-json-stringify function per route and status code: 156 builds at a server start for 31
 * distinct schemas (every route's error responses are the same few schemas), about 70 ms of CPU
 * of which half built a function that already existed (docs/architecture.md, Start-up). A
 * serialiser is a pure function of its schema, the shared schemas and the options, so one built
 * for equal inputs serves every route that asks. The default factory
 * (@fastify/fast-json-stringify-compiler, the one Fastify uses when none is given) builds each
 * distinct schema once; the answers' bytes are the same.
 */
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Serializer = (doc: unknown) => string;

/**
 * A serialiser factory for one Fastify instance (`schemaController.compilersFactory.buildSerializer`):
 * its memo lives as long as the instance's options do, and is shared by its plugin contexts.
 */
export function memoisedSerializerFactory(): SerializerFactory {
  const build = SerializerSelector();
  const memo = new Map<string, Serializer>();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    // Fastify calls the factory once per context whose shared schemas changed: they and the
    // options are part of the key, once per factory call rather than once per schema.
    const context = JSON.stringify([externalSchemas ?? null, options ?? null]);
    return (route) => {
      // Symbols (TypeBox's Kind) are not part of the JSON Schema fast-json-stringify reads.
      const key = `${context}\n${JSON.stringify(route.schema)}`;
      let serializer = memo.get(key);
      if (serializer === undefined) {
        serializer = compile(route);
        memo.set(key, serializer);
      }
      return serializer;
    };
  };
}
