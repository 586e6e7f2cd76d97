/** Unauthenticated operational endpoints: liveness, readiness, Prometheus metrics. */
import '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../../platform/metrics.ts';
import type { Health } from '../../service/ports.ts';

export const systemRoutes =
  (health: Health, metrics: Metrics): FastifyPluginAsync =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const report = await health.readiness();
      if (report.ready) return { status: 'ready', checks: report.checks };
      const failing = Object.entries(report.checks)
        .filter(([, c]) => !c.ok)
        .map(([name, c]) => `${name}${c.detail ? ` (${c.detail})` : ''}`);
      return reply.code(503).header('retry-after', '1').send({ error: `not ready: ${failing.join(', ')}` });
    });

    app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
