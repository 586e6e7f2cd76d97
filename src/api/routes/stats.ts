/** GET /v1/stats: the caller's account per day, and the sign-up waves among its recent checks. Free. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { StatsService } from '../../service/ports.ts';
import { errorResponses, StatsBody, StatsQuery } from '../schemas.ts';

export const statsRoutes =
  (stats: StatsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/v1/stats',
      {
        exposeHeadRoute: true,
        config: { scope: 'read' },
        schema: {
          summary: 'Your checks, outcomes and models per UTC day',
          description:
            "Per day of the range (every day listed, empty ones with zeros; at most 92 days, both ends included; default the last 30): your account's checks by verdict, the reason codes they carried, the outcomes you reported, each model's prequential scores on that day's outcomes and the learned versions published; and the domains where your checks of the last hour met a sign-up wave. Only your account's figures. Free.",
          tags: ['account'],
          querystring: StatsQuery,
          response: { 200: StatsBody, ...errorResponses(400, 401, 403, 429, 503) },
        },
      },
      async (req) => stats.stats(req.account, req.query.from, req.query.to),
    );
  };
