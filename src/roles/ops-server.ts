/**
 * A process without the API role (a streams or trainer process in Kafka mode) still answers
 * /healthz, /readyz and /metrics on PORT, for orchestrators and Prometheus.
 */
import Fastify from 'fastify';
import { serverOptions } from '../api/app.ts';
import { installErrorHandlers } from '../api/errors.ts';
import { refuseMalformedQuery } from '../api/query-string.ts';
import { systemRoutes } from '../api/routes/system.ts';
import type { Health } from '../service/ports.ts';
import type { Context } from './context.ts';
import { listenOn } from './listen.ts';

export async function startOpsServer(ctx: Context, health: Health): Promise<{ address: string; close(): Promise<void> }> {
  // The API's framework options and error handlers: the same `{error}` bodies, 405 with
  // Allow, request logging only at debug.
  const logRequests = ctx.config.logLevel === 'debug' || ctx.config.logLevel === 'trace';
  const app = Fastify(serverOptions({ logger: ctx.logger, logRequests, metrics: ctx.metrics }));
  installErrorHandlers(app);
  app.addHook('preValidation', refuseMalformedQuery);
  await app.register(systemRoutes(health, ctx.metrics));
  const address = await listenOn(app, ctx.config.host, ctx.config.port);
  ctx.logger.info({ address, roles: ctx.config.roles }, 'mailsift operations endpoints listening');
  return { address, close: () => app.close() };
}
