/**
 * A process without the API role (a streams or trainer process in Kafka mode) still answers
 * /healthz, /readyz and /metrics on PORT, for orchestrators and Prometheus.
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { systemRoutes } from '../api/routes/system.ts';
import type { Health } from '../service/ports.ts';
import type { Context } from './context.ts';

export async function startOpsServer(ctx: Context, health: Health): Promise<{ address: string; close(): Promise<void> }> {
  const app = Fastify({ loggerInstance: ctx.logger as FastifyBaseLogger });
  await app.register(systemRoutes(health, ctx.metrics));
  const address = await app.listen({ port: ctx.config.port, host: ctx.config.host });
  ctx.logger.info({ address, roles: ctx.config.roles }, 'mailsift operations endpoints listening');
  return { address, close: () => app.close() };
}
