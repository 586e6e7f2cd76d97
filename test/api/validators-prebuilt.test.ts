import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.ts';
import { prebuiltValidatorFactory, validatorKey, validatorsModuleText, type PrebuiltValidatorFactory, type PrebuiltValidators } from '../../src/api/validators-prebuilt.ts';
import { readPrebuiltValidators } from '../../src/roles/validators-file.ts';
import { standaloneCodes } from '../../scripts/generate-validators.ts';
import { standInAppDeps } from '../helpers/app-deps.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const KEY = 'validators-test-key-0123456789';
// Inside the project: the file resolves @fastify/ajv-compiler from where it lies, as in dist/.
mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
const dir = mkdtempSync(join(REPO_ROOT, '.tmp', 'validators-'));
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function app(validators?: PrebuiltValidatorFactory): Promise<FastifyInstance> {
  // The overload guard off: this machine's load is no answer of the validators.
  const a = await buildApp(standInAppDeps('acme', KEY, { maxEventLoopDelayMs: Number.POSITIVE_INFINITY, ...(validators ? { validators: validators.build } : {}) }));
  await a.ready();
  apps.push(a);
  return a;
}

let plain: FastifyInstance;
let recording: PrebuiltValidatorFactory;
let restored: PrebuiltValidatorFactory;
let prebuilt: FastifyInstance;
beforeAll(async () => {
  plain = await app();
  // A first app compiles every schema (no file) and lists them; their standalone code, written
  // and read back as the build and a start do, serves a second app.
  recording = prebuiltValidatorFactory(undefined, AjvCompiler());
  await app(recording);
  const file = join(dir, 'validators.cjs');
  writeFileSync(file, validatorsModuleText(standaloneCodes(recording.misses()), 'test'));
  restored = prebuiltValidatorFactory(readPrebuiltValidators(file), AjvCompiler());
  prebuilt = await app(restored);
}, 60_000);

const auth = { authorization: `Bearer ${KEY}` };
const json = { ...auth, 'content-type': 'application/json' };
// Requests each route's validators refuse (and a few they pass): made-up addresses only.
const requests = [
  { method: 'POST', url: '/v1/check', headers: json, payload: '{"email":5}' },
  { method: 'POST', url: '/v1/check', headers: json, payload: '{}' },
  { method: 'POST', url: '/v1/check', headers: json, payload: '{"email":"a.b@example.org","extra":1}' },
  { method: 'POST', url: '/v1/check', headers: json, payload: `{"email":"${'x'.repeat(1100)}"}` },
  { method: 'POST', url: '/v1/check', headers: json, payload: '{"email":"a.b@example.org","ip":7,"explain":"yes"}' },
  { method: 'POST', url: '/v1/check', headers: json, payload: '[]' },
  { method: 'POST', url: '/v1/check/bulk', headers: json, payload: '{"emails":"a@example.org"}' },
  { method: 'POST', url: '/v1/check/bulk', headers: json, payload: '{"emails":[1,2]}' },
  { method: 'POST', url: '/v1/feedback', headers: json, payload: '{"check_id":3,"outcome":"maybe"}' },
  { method: 'POST', url: '/v1/feedback', headers: json, payload: '{"outcome":"fraud"}' },
  { method: 'POST', url: '/v1/rules', headers: json, payload: '{"kind":"nope"}' },
  { method: 'DELETE', url: '/v1/rules/', headers: auth },
  { method: 'PATCH', url: '/v1/settings', headers: json, payload: '{"verdict_allow":"high"}' },
  { method: 'PATCH', url: '/v1/settings', headers: json, payload: '{"unknown_setting":1}' },
  { method: 'GET', url: '/v1/stats?days=abc', headers: auth },
  { method: 'GET', url: '/v1/stats?from=2026-13-45', headers: auth },
  { method: 'GET', url: '/v1/usage?from=yesterday', headers: auth },
  { method: 'GET', url: '/v1/model?x=1', headers: auth },
  { method: 'POST', url: '/v1/hooks/supabase/acme', headers: { 'content-type': 'application/json' }, payload: '{"user":5}' },
  { method: 'POST', url: '/v1/hooks/supabase/acme', headers: { 'content-type': 'application/json', 'webhook-id': 'm1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,AAAA' }, payload: '{}' },
  { method: 'GET', url: '/healthz' },
] as const;

describe('prebuilt request validators', () => {
  it('a start with the file compiles nothing; without it, it compiles every schema', () => {
    expect(recording.misses().length).toBeGreaterThan(5);
    expect(restored.misses()).toEqual([]);
  });

  it('answer every request, valid or not, with the same status and body as Fastify compiling them', async () => {
    for (const r of requests) {
      const [a, b] = await Promise.all([plain.inject(r), prebuilt.inject(r)]);
      expect({ status: b.statusCode, body: b.body }, `${r.method} ${r.url}`).toEqual({ status: a.statusCode, body: a.body });
    }
    expect((await plain.inject(requests[0])).statusCode).toBe(400);
  });

  it('header schemas name their headers in lower case (a custom compiler gets them as written, not lower-cased)', () => {
    const headers = recording.misses().filter((m) => m.route.httpPart === 'headers');
    expect(headers.length).toBeGreaterThan(0);
    for (const m of headers) {
      const names = Object.keys((m.route.schema as { properties?: object }).properties ?? {});
      for (const n of names) expect(n).toBe(n.toLowerCase());
    }
  });

  it('keys a schema by its JSON, the shared schemas and the options: another schema or option misses', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const options = { customOptions: { coerceTypes: false } };
    const key = validatorKey({}, options, schema);
    expect(validatorKey({}, { customOptions: { coerceTypes: false } }, { type: 'object', properties: { a: { type: 'string' } } })).toBe(key);
    expect(validatorKey({}, options, { ...schema, required: ['a'] })).not.toBe(key);
    expect(validatorKey({}, { customOptions: { coerceTypes: 'array' } }, schema)).not.toBe(key);
    expect(validatorKey({ s: { $id: 's' } }, options, schema)).not.toBe(key);
    const alwaysValid = Object.assign(() => true, { errors: null }) as unknown as ReturnType<PrebuiltValidators[string]>;
    const restoredOnly = prebuiltValidatorFactory({ [key]: () => alwaysValid }, AjvCompiler());
    const compile = restoredOnly.build({}, options) as unknown as (route: object) => (data: unknown) => boolean;
    expect(compile({ schema, method: 'GET', url: '/x', httpPart: 'querystring' })({ a: 5 })).toBe(true);
    expect(restoredOnly.misses()).toEqual([]);
    expect(compile({ schema: { ...schema, required: ['a'] }, method: 'GET', url: '/x', httpPart: 'querystring' })({})).toBe(false);
    expect(restoredOnly.misses().map((m) => m.route.url)).toEqual(['/x']);
  });
});
