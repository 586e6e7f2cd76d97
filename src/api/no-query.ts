/**
 * An API operation that takes no query parameters refuses any, as those that take some
 * (GET /v1/check, /v1/usage, /v1/stats) refuse the ones they do not know: otherwise
 * `GET /v1/rules?type=email` lists every rule and `POST /v1/check?explain=true` answers
 * without evidence, as if the parameter had been read. 400 `<name>: is not allowed (unknown
 * property)`, the body's rule, and the OpenAPI document lists that 400. Only for the /v1
 * operations behind an API key: the OpenAPI document, health, metrics, the dashboard and the
 * sign-up hooks are fetched by tools that add their own parameters (cache-busters, scrapers).
 */
import { Type } from './typebox.ts';
import type { RouteOptions } from 'fastify';
import { errorResponses } from './schemas.ts';

const NO_QUERY = Type.Object({}, { additionalProperties: false });

/** onRoute, inside the /v1 operations' scope: a route without a querystring schema gets the empty one. */
export function refuseUnknownQuery(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as { querystring?: unknown; response?: Record<string, unknown> };
  if (schema.querystring !== undefined) return;
  const response = schema.response && !('400' in schema.response) ? { ...schema.response, ...errorResponses(400) } : schema.response;
  route.schema = { ...schema, querystring: NO_QUERY, ...(response ? { response } : {}) } as typeof route.schema;
}
