/** POST/GET /v1/rules, DELETE /v1/rules/{id}: the account's allow/review/block rules (scope admin). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RulesService } from '../../service/rules-service.ts';
import { errorResponses, RuleBody, RuleList, RuleParams, RuleResponse } from '../schemas.ts';

const PRECEDENCE =
  'A matching rule sets the verdict of your checks (single and bulk); human_score stays the model\'s, the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then mail_provider, then tld. Changes reach every instance within 2 seconds.';

export const ruleRoutes =
  (rules: RulesService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/v1/rules',
      {
        config: { scope: 'admin' },
        schema: {
          summary: 'Create a rule',
          description: `${PRECEDENCE} A rule for a type and value that already has one replaces it. At most 10,000 rules per account. An email rule matches every spelling of the inbox (same canonical) and keeps only a keyed hash of it: the address is never stored or shown.`,
          tags: ['controls'],
          body: RuleBody,
          response: { 201: RuleResponse, ...errorResponses(400, 401, 403, 408, 413, 415, 429, 503) },
        },
      },
      async (req, reply) => {
        const { note, ...rule } = req.body;
        return reply.code(201).send(await rules.create(req.account, note == null ? rule : { ...rule, note }));
      },
    );

    app.get(
      '/v1/rules',
      {
        config: { scope: 'admin' },
        schema: {
          summary: 'List your rules',
          description: `${PRECEDENCE} An email rule shows its id and note; its value is null.`,
          tags: ['controls'],
          response: { 200: RuleList, ...errorResponses(401, 403, 429, 503) },
        },
      },
      async (req) => ({ rules: rules.list(req.account) }),
    );

    app.delete(
      '/v1/rules/:id',
      {
        config: { scope: 'admin' },
        schema: {
          summary: 'Delete a rule',
          description: 'Takes effect on every instance within 2 seconds. 404 for an id that is not one of your rules (another account\'s, deleted, or not a rule id at all).',
          tags: ['controls'],
          params: RuleParams,
          // No body is needed; one sent anyway is read as JSON (an empty one is no body), hence 400/408/413/415.
          response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses(400, 401, 403, 404, 408, 413, 415, 429, 503) },
        },
      },
      async (req, reply) => {
        await rules.remove(req.account, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
