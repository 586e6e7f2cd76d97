/**
 * buildApp(deps): the whole HTTP surface as a value (no listen, no env, no adapters built
 * here; roles/api.ts composes and listens). Order matters:
 *   1. strict validation (no coercion, no silent removal of unknown properties)
 *   2. error and 404 policy (errors.ts) for every route
 *   3. metrics on every response
 *   4. /v1/* behind Bearer auth and the route's scope, then the per-account rate limits in
 *      requests and addresses (the OpenAPI document is public); every /v1 route must declare
 *      its scope (auth.ts)
 *   5. overload protection: 503 + Retry-After when the event loop is saturated (measured
 *      from ready, and anew after a stop: overload-guard.ts)
 */
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Metrics } from '../platform/metrics.ts';
import type { CheckService, FeedbackService, Health, ModelService, StatsService, UsageService } from '../service/ports.ts';
import { authHook, requireScopes, type KeyResolver } from './auth.ts';
import { installRateLimit, type RateLimits } from './rate-limit.ts';
import { installGracefulClose } from './graceful-close.ts';
import { closeOnLargeUnreadBody } from './unread-body.ts';
import { installOverloadGuard } from './overload-guard.ts';
import { parseQueryString, refuseMalformedQuery } from './query-string.ts';
import { refuseUnknownQuery } from './no-query.ts';
import { documentHeaderLimit } from './header-limit.ts';
import { errorResponses } from './schemas.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandlers } from './errors.ts';
import { parseJsonBody } from './json-body.ts';
import { lazyChildLogger } from './request-logger.ts';
import { memoisedSerializerFactory } from './serializer-memo.ts';
import type { PrebuiltValidatorFactory } from './validators-prebuilt.ts';
import { ServiceError } from '../domain/errors.ts';
import { accountRoutes } from './routes/account.ts';
import { checkRoutes } from './routes/checks.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { ruleRoutes } from './routes/rules.ts';
import { settingsRoutes } from './routes/settings.ts';
import type { RulesService } from '../service/rules-service.ts';
import type { SettingsService } from '../service/settings-service.ts';
import { statsRoutes } from './routes/stats.ts';
import { dashboardRoutes, type StaticAsset } from './routes/dashboard.ts';
import { systemRoutes } from './routes/system.ts';
import { signupHookRoutes, type SignupHookDeps } from './routes/signup-hooks.ts';

export interface AppDeps {
  logger: Logger;
  keys: KeyResolver;
  /** An account's limits: requests and addresses per second, with bursts (rate-limit.ts). */
  rateLimits(account: string): RateLimits;
  now: () => number;
  checks: CheckService;
  feedback: FeedbackService;
  model: ModelService;
  usage: UsageService;
  rules: RulesService;
  settings: SettingsService;
  stats: StatsService;
  /** The dashboard page and its assets (GET /dashboard, no key needed). */
  dashboard: readonly StaticAsset[];
  /** Sign-up hooks: authenticated by their signature, not by an API key. */
  signupHooks: SignupHookDeps;
  health: Health;
  metrics: Metrics;
  version: string;
  /** Log every request (debug); off by default: metrics carry the per-request numbers. */
  logRequests?: boolean;
  /** The request validators the build compiled (validators-prebuilt.ts); Fastify compiles them otherwise. */
  validators?: PrebuiltValidatorFactory['build'];
  /** Event-loop delay that means "overloaded" (ms). */
  maxEventLoopDelayMs?: number;
  /**
   * Subscribes to the process being continued after a stop (SIGCONT); returns the unsubscribe.
   * The overload guard measures anew then: the stopped seconds are no delay of the service.
   */
  resumed?(listener: () => void): () => void;
  /** How long a request may take to arrive whole (tests shorten it). */
  requestTimeoutMs?: number;
  /**
   * True once the stream processors have stopped for good (e.g. on a damaged log): the state
   * is no longer brought up to date, so /v1 answers 503 rather than counters that are wrong.
   */
  stateFailed?: () => boolean;
}

export const BODY_LIMIT = 1024 * 1024;
/** The /v1 routes open without a key. */
const PUBLIC_V1: ReadonlySet<string> = new Set(['/v1/openapi.json', '/v1/hooks/supabase/:account']);
/**
 * A request must arrive whole within this (a 1 MiB body included): a client that stops sending
 * mid-body gets 408 instead of holding its connection, and its memory, forever. Fastify's
 * default of 0 had switched Node's own limit off.
 */
const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 20_000;

/**
 * What every HTTP server of ours shares (the API, and the operations endpoints of a process
 * without it): logging, query parsing, and `{error}` bodies for what the framework refuses.
 */
export function serverOptions(d: Pick<AppDeps, 'logger' | 'logRequests' | 'metrics' | 'requestTimeoutMs' | 'validators'>) {
  const requestTimeout = d.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  return {
    // Typed with the default logger type: pino's Logger is a superset of it.
    loggerInstance: d.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: !d.logRequests }),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT,
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      // How often Node looks for requests past those limits (30 s by default: 408 up to a minute late).
      connectionsCheckingInterval: Math.min(2_000, requestTimeout),
      // A missing Host header is refused in errors.ts with an {error} body (Node's own 400 has none).
      requireHostHeader: false,
    },
    routerOptions: { querystringParser: parseQueryString },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false } },
    // Each distinct response schema is built into a serialiser once, not once per route (serializer-memo.ts).
    schemaController: { compilersFactory: { buildSerializer: memoisedSerializerFactory(), ...(d.validators ? { buildValidator: d.validators } : {}) } },
    // Requests that reach us while closing are served (installGracefulClose drains them).
    return503OnClosing: false,
    // No implicit HEAD routes: HEAD /v1/check would run (and bill) a check whose answer it
    // cannot return. The read-only routes that cost nothing take HEAD explicitly.
    exposeHeadRoutes: false,
    // Refused before routing (bad URL) or by the HTTP parser: no route to label them with, but counted.
    frameworkErrors: frameworkErrors((method, status) => d.metrics.httpRequests.inc(method, 'unmatched', String(status))),
    clientErrorHandler: clientErrorHandler(d.logger as FastifyBaseLogger, (status) => d.metrics.httpRequests.inc('unknown', 'unparsed', String(status))),
  };
}

export async function buildApp(d: AppDeps): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(d)).withTypeProvider<TypeBoxTypeProvider>();
  // JSON only: a text/plain body is refused with 415 like any other non-JSON type.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => parseBody(request, body as Buffer, done));
  // A JSON merge patch (RFC 7396) is what PATCH /v1/settings already does (fields given are set,
  // null resets, others are kept), so its media type is taken there; elsewhere it means nothing.
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'buffer' }, (request, body, done) => {
    if (request.method === 'PATCH') parseBody(request, body as Buffer, done);
    else done(new ServiceError('MS_ERR_UNSUPPORTED_MEDIA_TYPE', 'content-type: application/merge-patch+json is only for PATCH (send application/json)'), undefined);
  });

  app.decorateRequest('bodyBytes', 0);
  installErrorHandlers(app);
  closeOnLargeUnreadBody(app);
  installGracefulClose(app);
  app.addHook('preValidation', refuseMalformedQuery);
  app.addHook('onRoute', (route) => requireScopes(route, PUBLIC_V1));
  app.addHook('onRoute', documentHeaderLimit);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    d.metrics.httpRequests.inc(request.method, route, status);
    d.metrics.httpDuration.observe(reply.elapsedTime / 1000, request.method, route, status);
  });

  installOverloadGuard(app, { maxEventLoopDelayMs: d.maxEventLoopDelayMs ?? 1000, ...(d.resumed ? { resumed: d.resumed } : {}) });

  await app.register(fastifySwagger, {
    // The HEAD routes the read-only endpoints take explicitly are operations too.
    exposeHeadRoutes: true,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mailsift',
        version: d.version,
        description: 'Tells a sign-up form whether an email address belongs to a real, unique person.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'API key: Authorization: Bearer <key>. Each operation lists the scope its key needs (check: checks; feedback: outcomes; read: model, usage and statistics; admin: rules and settings); a key without it gets 403. Keys from MAILSIFT_API_KEYS have every scope; `mailsift keys create --scopes` chooses them (default check,feedback,read).',
          },
        },
      },
      security: [{ bearer: [] }],
    },
  });

  const openapiDoc = { summary: 'This OpenAPI 3.1 document (no API key needed)', tags: ['operations'], security: [], response: { 200: { description: 'OpenAPI 3.1 document', type: 'object', additionalProperties: true }, ...errorResponses(503) } };
  app.get('/v1/openapi.json', { exposeHeadRoute: true, schema: openapiDoc }, async () => app.swagger() as unknown as Record<string, unknown>);
  await app.register(systemRoutes(d.health, d.metrics));
  await app.register(dashboardRoutes(d.dashboard));
  await app.register(signupHookRoutes(d.signupHooks));

  await app.register(async (v1) => {
    v1.addHook('onRoute', refuseUnknownQuery);
    v1.addHook('onRequest', authHook(d.keys));
    installRateLimit(v1, { limits: d.rateLimits, now: d.now });
    const stateFailed = d.stateFailed;
    if (stateFailed) {
      v1.addHook('onRequest', (_request, _reply, done) => {
        done(stateFailed() ? new ServiceError('MS_ERR_UNAVAILABLE', 'service: unavailable: the stored counters can no longer be brought up to date (the operator must repair the data dir; the service log says how)', { retryAfter: 60 }) : undefined);
      });
    }
    await v1.register(checkRoutes(d.checks));
    await v1.register(feedbackRoutes(d.feedback));
    await v1.register(accountRoutes(d.model, d.usage));
    await v1.register(ruleRoutes(d.rules));
    await v1.register(settingsRoutes(d.settings));
    await v1.register(statsRoutes(d.stats));
  });

  return app;
}

/** A JSON body under Fastify's content-type parser: the rules of json-body.ts, and the media type's. */
function parseBody(request: FastifyRequest, body: Buffer, done: (err: Error | null, body?: unknown) => void): void {
  // The rate limit charges a body's size (rate-limit.ts): one sent in chunks is known only here.
  request.bodyBytes = body.length;
  try {
    // A compressed body is not decoded: refuse it rather than read gzip bytes as JSON.
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      throw new ServiceError('MS_ERR_UNSUPPORTED_MEDIA_TYPE', 'content-encoding: not supported (send the body uncompressed)');
    }
    // DELETE takes no body: a client that sends `content-type: application/json` on every
    // request (and no body) must get the delete, not "body: must not be empty".
    if (request.method === 'DELETE' && body.length === 0) {
      done(null, undefined);
      return;
    }
    done(null, parseJsonBody(body));
  } catch (err) {
    done(err as Error, undefined);
  }
}
