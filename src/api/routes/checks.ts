/**
 * POST /v1/check, GET /v1/check, POST /v1/check/bulk. Thin: validated input -> CheckService ->
 * reply. Answering waits for the check event to be durable (policy: no verdict goes out
 * unrecorded; see CheckService), so a 503 here means "retry", never a lost event.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../domain/errors.ts';
import type { CheckService } from '../../service/ports.ts';
import { bulkResponseJson } from '../bulk-json.ts';
import { BulkBody, BulkResponse, CheckBody, CheckQuery, CheckResult, errorResponses } from '../schemas.ts';

const ONE = (): number => 1;
/** The check options of a test key's and a live key's request (shared: one object each, not one per request). */
const TEST_KEY = { test: true } as const;
const LIVE_KEY = { test: false } as const;

export const checkRoutes =
  (checks: CheckService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const single = async (req: FastifyRequest, email: string, ip: string | undefined, explain: boolean) => {
      const answer = await checks.check(req.account, ip === undefined ? { email, explain } : { email, ip, explain }, req.grant.test ? TEST_KEY : LIVE_KEY);
      if (!answer.ok) throw validationError(answer.error);
      return answer.result;
    };

    app.post(
      '/v1/check',
      {
        config: { scope: 'check', addresses: ONE },
        schema: {
          summary: 'Check one address',
          description: 'Billed: 1 email. Rate limit: 1 request and 1 address. POST is preferred so addresses stay out of URLs and logs.',
          tags: ['checks'],
          body: CheckBody,
          response: { 200: CheckResult, ...errorResponses(400, 401, 408, 413, 415, 429, 503) },
        },
      },
      async (req) => single(req, req.body.email, req.body.ip ?? undefined, req.body.explain ?? false),
    );

    app.get(
      '/v1/check',
      {
        config: { scope: 'check', addresses: ONE },
        schema: {
          summary: 'Check one address (query parameters)',
          description: 'Same as POST /v1/check. Billed: 1 email. Rate limit: 1 request and 1 address.',
          tags: ['checks'],
          querystring: CheckQuery,
          response: { 200: CheckResult, ...errorResponses(400, 401, 429, 431, 503) },
        },
      },
      async (req) => {
        const q = req.query;
        return single(req, q.email, q.ip, q.explain === 'true' || q.explain === '1');
      },
    );

    app.post(
      '/v1/check/bulk',
      {
        // Rate limit: one address per entry sent (invalid ones too: refusing them is work as well).
        config: { scope: 'check', addresses: (req) => (req.body as { emails: unknown[] }).emails.length },
        schema: {
          summary: 'Check 1 to 1,000 addresses',
          description: 'One entry per input, in input order: a CheckResult, or {input, error} for an invalid address. Billed: 1 per CheckResult. Rate limit: 1 request and 1 address per entry (invalid ones included).',
          tags: ['checks'],
          body: BulkBody,
          response: { 200: BulkResponse, ...errorResponses(400, 401, 408, 413, 415, 429, 503) },
        },
      },
      async (req, reply) => {
        const results = await checks.bulk(req.account, req.body.emails, { test: req.grant.test });
        // Each entry with its own schema, not through BulkResponse's union (bulk-json.ts): the same bytes.
        const compile = (schema: object) => reply.compileSerializationSchema(schema as { [key: string]: unknown }, '200') as (value: unknown) => string;
        reply.type('application/json; charset=utf-8').serializer(bulkResponseJson(compile));
        return { results };
      },
    );
  };
