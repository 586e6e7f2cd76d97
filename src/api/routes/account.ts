/** GET /v1/model and GET /v1/usage: free, per account. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModelService, UsageService } from '../../service/ports.ts';
import { errorResponses, ModelStatsBody, UsageBody, UsageQuery } from '../schemas.ts';

export const accountRoutes =
  (model: ModelService, usage: UsageService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/v1/model',
      {
        exposeHeadRoute: true,
        config: { scope: 'read' },
        schema: {
          summary: 'Live model accuracy',
          description: 'Prequential accuracy and log loss of the baseline and the learned model on every feedback example. Free.',
          tags: ['model'],
          response: { 200: ModelStatsBody, ...errorResponses(401, 429, 503) },
        },
      },
      async (req) => model.stats(req.account),
    );

    app.get(
      '/v1/usage',
      {
        exposeHeadRoute: true,
        config: { scope: 'read' },
        schema: {
          summary: 'Billed emails per UTC day',
          description: 'Your account\'s billed emails per day (1 per single check, 1 per address answered in bulk). At most 92 days per request. Free.',
          tags: ['account'],
          querystring: UsageQuery,
          response: { 200: UsageBody, ...errorResponses(400, 401, 429, 503) },
        },
      },
      async (req) => usage.usage(req.account, req.query.from, req.query.to),
    );
  };
