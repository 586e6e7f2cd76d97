/** POST /v1/feedback: 202 once the feedback event is durable. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FeedbackService } from '../../service/ports.ts';
import { errorResponses, FeedbackAccepted, FeedbackBody } from '../schemas.ts';

export const feedbackRoutes =
  (feedback: FeedbackService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/v1/feedback',
      {
        config: { scope: 'feedback' },
        schema: {
          summary: 'Report what happened to a checked address',
          description:
            'Exactly one of check_id or email, plus outcome. Labels the named check, or the latest check of that inbox (any spelling) made by your account in the last 14 days. One label per check. Free.',
          tags: ['feedback'],
          body: FeedbackBody,
          response: { 202: FeedbackAccepted, ...errorResponses(400, 401, 404, 408, 413, 415, 429, 503) },
        },
      },
      async (req, reply) => {
        const { check_id: id, email, outcome } = req.body;
        const request = { outcome, ...(id != null && { check_id: id }), ...(email != null && { email }) };
        const { check_id } = await feedback.report(req.account, request, { test: req.grant.test });
        return reply.code(202).send({ status: 'accepted' as const, check_id });
      },
    );
  };
