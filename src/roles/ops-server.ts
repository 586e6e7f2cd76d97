/**
 * A process without the API role (a streams or trainer process in Kafka mode) still answers
 * /healthz, /readyz and /metrics on PORT, for orchestrators and Prometheus.
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { systemRoutes } from '../api/routes/system.ts';
import type { Health } from '../service/ports.ts';
import type { Context } from './context.ts';
import { listenOn } from './listen.ts';

export async function startOpsServer(ctx: Context, health: Health): Promise<{ address: string; close(): Promise<void> }> {
  const app = Fastify({ loggerInstance: ctx.logger as FastifyBaseLogger });
  await app.register(systemRoutes(health, ctx.metrics));
  const address = await listenOn(app, ctx.config.host, ctx.config.port);
  ctx.logger.info({ address, roles: ctx.config.roles }, 'mailsift operations endpoints listening');
  return { address, close: () => app.close() };
}
