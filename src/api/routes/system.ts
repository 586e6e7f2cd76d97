/** Unauthenticated operational endpoints: liveness, readiness, Prometheus metrics. */
import '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../../platform/metrics.ts';
import type { Health } from '../../service/ports.ts';

export const systemRoutes =
  (health: Health, metrics: Metrics): FastifyPluginAsync =>
  async (app) => {
    // Documented in the OpenAPI document like every route, with no security requirement.
    app.get('/healthz', { exposeHeadRoute: true, schema: { summary: 'Liveness: the process answers', tags: ['operations'], security: [] } }, async () => ({ status: 'ok' }));

    const readyz = {
      summary: 'Readiness: 200 {status: "ready", checks} when every dependency is usable, else 503 {error} naming the failing checks (with Retry-After)',
      tags: ['operations'],
      security: [],
    };
    app.get('/readyz', { exposeHeadRoute: true, schema: readyz }, async (_req, reply) => {
      const report = await health.readiness();
      if (report.ready) return { status: 'ready', checks: report.checks };
      const failing = Object.entries(report.checks)
        .filter(([, c]) => !c.ok)
        .map(([name, c]) => `${name}${c.detail ? ` (${c.detail})` : ''}`);
      return reply.code(503).header('retry-after', '1').send({ error: `not ready: ${failing.join(', ')}` });
    });

    const metricsDoc = { summary: 'Prometheus metrics (text exposition format)', tags: ['operations'], security: [] };
    app.get('/metrics', { exposeHeadRoute: true, schema: metricsDoc }, async (_req, reply) => {
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
