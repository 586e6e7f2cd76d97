import { describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { documentHeaderLimit } from '../../src/api/header-limit.ts';

const route = (schema?: object): RouteOptions => ({ method: 'GET', url: '/x', handler: async () => ({}), ...(schema ? { schema } : {}) }) as RouteOptions;

describe('documentHeaderLimit', () => {
  it('adds 431 to an operation that documents its answers, keeping the others', () => {
    const r = route({ response: { 200: { type: 'object' }, 400: { type: 'object' } } });
    documentHeaderLimit(r);
    const response = (r.schema as { response: Record<string, { description?: string }> }).response;
    expect(Object.keys(response).sort()).toEqual(['200', '400', '431']);
    expect(response['431']!.description).toContain('16 KiB');
  });

  it('keeps a 431 the route wrote itself', () => {
    const own = { type: 'object', description: 'own' };
    const r = route({ response: { 200: {}, 431: own } });
    documentHeaderLimit(r);
    expect((r.schema as { response: Record<string, unknown> }).response['431']).toBe(own);
  });

  it('leaves a route without a documented response alone', () => {
    const r = route();
    documentHeaderLimit(r);
    expect(r.schema).toBeUndefined();
  });
});
