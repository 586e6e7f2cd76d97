/**
 * Authentication and scopes, before anything else under /v1 (the rate limit runs after them,
 * rate-limit.ts). A Bearer API key is looked up by its SHA-256 among the keys of configuration
 * (MAILSIFT_API_KEYS or the dev key: every scope) and the keys created as data (`mailsift keys
 * create`, read from the controls table on every request, so a created or revoked key takes
 * effect without a restart). No key text is held anywhere: only hashes.
 *
 * Every /v1 route declares the scope it needs (`config.scope`); a key without it gets 403
 * naming the scope. `requireScopes` refuses, at start-up, a /v1 route that declares none.
 */
import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { KeyGrant } from '../controls/api-keys.ts';
import { SCOPES, type Scope } from '../controls/scopes.ts';
import { ServiceError } from '../domain/errors.ts';
import { errorResponses } from './schemas.ts';

export interface KeyResolver {
  grantFor(presented: string): KeyGrant | undefined;
}

/** What the controls table offers the resolver (kept narrow: auth reads keys only). */
export interface StoredKeys {
  keyByHash(sha256hex: string): { id: string; account: string; scopes: readonly Scope[]; test: boolean } | undefined;
}

const ALL_SCOPES: ReadonlySet<Scope> = new Set(SCOPES);

export function createKeyResolver(configured: readonly { account: string; sha256: string }[], stored?: StoredKeys): KeyResolver {
  const byHash = new Map<string, KeyGrant>(configured.map((e) => [e.sha256, { account: e.account, scopes: ALL_SCOPES, test: false }]));
  // Stored keys change rarely; their grants are built once per key record, not per request.
  const grants = new WeakMap<object, KeyGrant>();
  return {
    grantFor(presented) {
      // One-shot: no Hash object per request.
      const sha = hash('sha256', presented, 'hex');
      const fixed = byHash.get(sha);
      if (fixed) return fixed;
      const rec = stored?.keyByHash(sha);
      if (!rec) return undefined;
      let g = grants.get(rec);
      if (!g) grants.set(rec, (g = { account: rec.account, scopes: new Set(rec.scopes), test: rec.test, id: rec.id }));
      return g;
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    account: string;
    /** What the request's API key grants (scopes, test key). */
    grant: KeyGrant;
  }
  interface FastifyContextConfig {
    /** The scope an API key needs for this route (every /v1 route but the OpenAPI document). */
    scope?: Scope;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** onRequest: the key and its scope. Sets request.account and request.grant. */
export function authHook(keys: KeyResolver) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    if (!header) throw new ServiceError('MS_ERR_UNAUTHORIZED', 'authorization: a Bearer API key is required');
    // Node keeps the first of several Authorization headers and drops the rest: conflicting
    // credentials would pass as whichever came first.
    if (authorizationCount(request.raw.rawHeaders) > 1) throw new ServiceError('MS_ERR_UNAUTHORIZED', 'authorization: must be given once');
    const m = BEARER.exec(header);
    if (!m) throw new ServiceError('MS_ERR_UNAUTHORIZED', 'authorization: must be "Bearer <api key>"');
    const grant = keys.grantFor(m[1]!);
    if (!grant) throw new ServiceError('MS_ERR_UNAUTHORIZED', 'authorization: unknown API key');
    // requireScopes made every /v1 route declare one; none would mean no key may call it.
    const scope = request.routeOptions.config.scope;
    if (scope === undefined) throw new ServiceError('MS_ERR_FORBIDDEN', 'scope: this operation is not open to API keys');
    if (!grant.scopes.has(scope)) throw new ServiceError('MS_ERR_FORBIDDEN', `scope: this API key does not have the "${scope}" scope this operation needs`);
    request.account = grant.account;
    request.grant = grant;
  };
}

/** onRoute: every /v1 route declares its scope (else the app refuses to start), and the OpenAPI document says it. */
export function requireScopes(route: RouteOptions, publicUrls: ReadonlySet<string>): void {
  if (!route.url.startsWith('/v1/') || publicUrls.has(route.url)) return;
  const scope = route.config?.scope;
  if (scope === undefined || !ALL_SCOPES.has(scope)) {
    throw new Error(`route ${String(route.method)} ${route.url}: declare config.scope (one of ${SCOPES.join(', ')})`);
  }
  const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
  route.schema = { ...schema, security: [{ bearer: [scope] }], ...(schema.response ? { response: { ...schema.response, ...errorResponses(403) } } : {}) } as typeof route.schema;
}

function authorizationCount(raw: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 13 && raw[i]!.toLowerCase() === 'authorization') n++;
  return n;
}
