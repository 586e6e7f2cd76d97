import Fastify from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { memoisedSerializerFactory } from '../../src/api/serializer-memo.ts';

const errorSchema = () => ({ type: 'object', properties: { error: { type: 'string' }, code: { type: 'integer' } }, required: ['error'] });
const route = (schema: object, url = '/a', httpStatus = '400') => ({ method: 'GET', url, httpStatus, schema });

describe('memoisedSerializerFactory', () => {
  it('builds one serialiser for equal schemas, whichever route or status asks', () => {
    const compile = memoisedSerializerFactory()({}, {});
    const a = compile(route(errorSchema(), '/a', '400'));
    expect(compile(route(errorSchema(), '/b', '404'))).toBe(a);
    expect(a({ error: 'x', code: 3, extra: true })).toBe('{"error":"x","code":3}');
  });

  it('keeps schemas that differ apart, each serialising as the default factory does', () => {
    const compile = memoisedSerializerFactory()({}, {});
    const plain = SerializerSelector()({}, {});
    const other = { type: 'object', properties: { error: { type: 'string' } } };
    const a = compile(route(errorSchema()));
    const b = compile(route(other));
    expect(b).not.toBe(a);
    const doc = { error: 'quote " and \u2028', code: 7 };
    expect(a(doc)).toBe(plain(route(errorSchema()))(doc));
    expect(b(doc)).toBe(plain(route(other))(doc));
    expect(b(doc)).not.toContain('code');
  });

  it('does not share a serialiser across other shared schemas or options', () => {
    const factory = memoisedSerializerFactory();
    const withRef = { type: 'object', properties: { n: { $ref: 'num#' } } };
    const asNumber = factory({ num: { $id: 'num', type: 'number' } }, {})(route(withRef));
    const asString = factory({ num: { $id: 'num', type: 'string' } }, {})(route(withRef));
    expect(asNumber({ n: 12 })).toBe('{"n":12}');
    expect(asString({ n: 12 })).toBe('{"n":"12"}');
    const rounded = factory({}, { rounding: 'floor' })(route({ type: 'object', properties: { n: { type: 'integer' } } }));
    const truncated = factory({}, {})(route({ type: 'object', properties: { n: { type: 'integer' } } }));
    expect(rounded({ n: 2.7 })).toBe('{"n":2}');
    expect(truncated).not.toBe(rounded);
  });

  it('serves a Fastify app: routes sharing a response schema answer as with the default compiler', async () => {
    const answers = async (memo: boolean): Promise<string[]> => {
      const app = Fastify(memo ? { schemaController: { compilersFactory: { buildSerializer: memoisedSerializerFactory() } } } : {});
      for (const url of ['/a', '/b']) {
        app.get(url, { schema: { response: { 200: { type: 'object', properties: { url: { type: 'string' } } }, 404: errorSchema() } } }, async (req, reply) =>
          url === '/a' ? { url, dropped: 1 } : reply.code(404).send({ error: 'not here', code: 404, dropped: 1 }),
        );
      }
      try {
        return await Promise.all(['/a', '/b'].map(async (url) => (await app.inject({ url })).body));
      } finally {
        await app.close();
      }
    };
    const memo = await answers(true);
    expect(memo).toEqual(['{"url":"/a"}', '{"error":"not here","code":404}']);
    expect(memo).toEqual(await answers(false));
  });
});
