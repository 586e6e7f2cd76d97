/** Unauthenticated operational endpoints: liveness, readiness, Prometheus metrics. */
import '@fastify/swagger';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Type } from '../typebox.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { Health } from '../../service/ports.ts';
import { errorResponses } from '../schemas.ts';

// Every route can answer 503 when the process is overloaded (overload-guard.ts).
const HealthBody = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false });
const ReadyBody = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')], {
      description: '`ready`: every check is ok. `degraded`: serving, but a check with `required: false` is not ok (DNS or feeds), so some answer fields are absent or null',
    }),
    checks: Type.Record(
      Type.String(),
      Type.Object(
        {
          ok: Type.Boolean(),
          required: Type.Optional(Type.Literal(false, { description: 'Not ok only degrades answers; the service stays ready' })),
          detail: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
      { description: 'Each dependency (event log, state, feeds, DNS, Kafka, ...) and whether it is usable' },
    ),
  },
  { additionalProperties: false },
);

export const systemRoutes =
  (health: Health, metrics: Metrics): FastifyPluginAsync =>
  async (app) => {
    // Documented in the OpenAPI document like every route, with no security requirement.
    app.get(
      '/healthz',
      { exposeHeadRoute: true, schema: { summary: 'Liveness: the process answers', tags: ['operations'], security: [], response: { 200: HealthBody, ...errorResponses(503) } } },
      async () => ({ status: 'ok' as const }),
    );

    const readyz = {
      summary:
        'Readiness: 200 {status: "ready", checks} when every dependency is usable; 200 {status: "degraded", checks} when only optional ones (DNS, feeds) are not; else 503 {error} naming the failing required checks (with Retry-After)',
      tags: ['operations'],
      security: [],
      response: { 200: ReadyBody, ...errorResponses(503) },
    };
    app.get('/readyz', { exposeHeadRoute: true, schema: readyz }, async (_req, reply) => {
      const report = await health.readiness();
      if (report.ready) return { status: Object.values(report.checks).every((c) => c.ok) ? 'ready' : 'degraded', checks: report.checks };
      const failing = Object.entries(report.checks)
        .filter(([, c]) => !c.ok && c.required !== false)
        .map(([name, c]) => `${name}${c.detail ? ` (${c.detail})` : ''}`);
      // (The reply's type knows only the 200 schema's status; 503 is declared with the error schema.)
      return (reply as unknown as FastifyReply).code(503).header('retry-after', '1').send({ error: `not ready: ${failing.join(', ')}` });
    });

    const metricsDoc = {
      summary: 'Prometheus metrics (text exposition format)',
      tags: ['operations'],
      security: [],
      // Described by media type: a plain `type: string` schema would be JSON-serialised (quoted).
      response: { 200: { description: 'Prometheus text format 0.0.4', content: { 'text/plain': { schema: { type: 'string' } } } }, ...errorResponses(503) },
    };
    app.get('/metrics', { exposeHeadRoute: true, schema: metricsDoc }, async (_req, reply) => {
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
