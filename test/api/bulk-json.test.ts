/**
 * POST /v1/check/bulk's success body (api/bulk-json.ts) is serialised per entry with the entry's
 * own schema instead of through the union of BulkResponse: the bytes must be those the union's
 * serialisation gives, for every kind of entry. The route answers through checkRoutes with a
 * CheckService that returns fixed entries; a second route answers the same entries through the
 * documented schema's union.
 */
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverOptions } from '../../src/api/app.ts';
import { bulkResponseJson } from '../../src/api/bulk-json.ts';
import { checkRoutes } from '../../src/api/routes/checks.ts';
import { BulkResponse } from '../../src/api/schemas.ts';
import type { BulkErrorEntry, CheckResultBody } from '../../src/domain/check-result.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createMetrics } from '../../src/platform/metrics.ts';
import type { CheckService } from '../../src/service/ports.ts';

const CHECK_ID = `chk_${'A'.repeat(110)}`;
const base: CheckResultBody = {
  email: 'mira.holm@example.org',
  canonical: 'mira.holm@example.org',
  account_type: 'work',
  human_score: 72,
  verdict: 'allow',
  reasons: ['natural_name', 'work_domain'],
  check_id: CHECK_ID,
  model: 'baseline',
} as CheckResultBody;

/** Every kind of entry a bulk answer holds, with the optional fields and fields bulk does not declare. */
const entries: (CheckResultBody | BulkErrorEntry)[] = [
  base,
  { input: 'broken@', error: 'email: must contain one @ with text on both sides' },
  {
    ...base,
    email: 'jon.berg+news@gmail.con',
    canonical: 'jonberg@gmail.con',
    did_you_mean: 'jon.berg+news@gmail.com',
    account_type: 'unknown',
    role_account: false,
    disposable: false,
    relay: false,
    deliverable_domain: null,
    domain_age_days: 0,
    alias_variants: 3,
    recent_signups: 25,
    domain_fake_rate: 0.25,
    human_score: 4,
    verdict: 'block',
    reasons: ['rule_block', 'typo_domain', 'no_mail_server'],
    feedback_wanted: true,
    model: 'learned-v12',
    rule: { id: 'r_1', action: 'block' },
  } as CheckResultBody,
  { ...base, deliverable_domain: true, mail_provider: 'google', domain_pattern: 'match' } as CheckResultBody,
  { ...base, test: true, reasons: ['test_address'] } as CheckResultBody,
  { input: '', error: 'email: must not be empty' },
];

let app: FastifyInstance;
let answer = entries;

beforeAll(async () => {
  const logger = createLogger('warn', new Writable({ write: (_c, _e, done) => done() }));
  app = Fastify(serverOptions({ logger, metrics: createMetrics() }));
  app.addHook('onRequest', async (req) => {
    req.account = 'acme';
    req.grant = { account: 'acme', scopes: new Set(['check']), test: false } as typeof req.grant;
  });
  const checks = { bulk: async () => answer } as unknown as CheckService;
  await app.register(checkRoutes(checks));
  // The documented schema's own serialisation (fast-json-stringify's anyOf), for comparison.
  app.post('/union', { schema: { response: { 200: BulkResponse } } }, async () => ({ results: entries }));
  await app.ready();
});
afterAll(() => app.close());

describe('the bulk answer, serialised per entry', () => {
  it('gives the bytes of the documented union schema for every kind of entry', async () => {
    const body = { emails: entries.map((_, i) => `a${i}@example.org`) };
    const route = await app.inject({ method: 'POST', url: '/v1/check/bulk', payload: body });
    const union = await app.inject({ method: 'POST', url: '/union', payload: body });
    expect(route.statusCode).toBe(200);
    expect(union.statusCode).toBe(200);
    expect(route.body).toBe(union.body);
    expect(route.headers['content-type']).toBe(union.headers['content-type']);
    const parsed = JSON.parse(route.body) as { results: Record<string, unknown>[] };
    expect(parsed.results).toHaveLength(entries.length);
    expect(parsed.results[5]).toEqual({ input: '', error: 'email: must not be empty' });
  });

  it('drops what an entry does not declare (bulk takes no ip or evidence), as fast-json-stringify does', async () => {
    answer = [{ ...base, ip: { tor: true }, evidence: [], secret: 'x' } as unknown as CheckResultBody, { input: 'x', error: 'y', extra: 1 } as unknown as BulkErrorEntry];
    try {
      const route = await app.inject({ method: 'POST', url: '/v1/check/bulk', payload: { emails: ['a@example.org', 'x'] } });
      expect(route.statusCode).toBe(200);
      expect(JSON.parse(route.body)).toEqual({ results: [base, { input: 'x', error: 'y' }] });
    } finally {
      answer = entries;
    }
  });

  it('an entry is an error entry exactly when it has `error`', () => {
    const json = bulkResponseJson((schema) => (value) => `${'input' in (schema as { properties: object }).properties ? 'E' : 'R'}${JSON.stringify(value).length > 0 ? '' : '?'}`);
    expect(json({ results: [base, { input: 'x', error: 'y' }, base] })).toBe('{"results":[R,E,R]}');
    expect(json({ results: [] })).toBe('{"results":[]}');
  });
});
