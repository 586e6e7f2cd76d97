/**
 * Node's HTTP parser refuses headers over 16 KiB with 431 before any route runs
 * (`clientErrorHandler`), so every operation can answer it, not only the one whose URL carries
 * an address. onRoute, for the whole app: an operation that documents its answers lists 431.
 */
import type { RouteOptions } from 'fastify';
import { errorResponses } from './schemas.ts';

export function documentHeaderLimit(route: RouteOptions): void {
  const schema = route.schema as { response?: Record<string, unknown> } | undefined;
  if (!schema?.response || '431' in schema.response) return;
  route.schema = { ...schema, response: { ...schema.response, ...errorResponses(431) } } as typeof route.schema;
}
