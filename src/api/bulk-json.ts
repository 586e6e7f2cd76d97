/**
 * POST /v1/check/bulk's 200 body, serialised without the schema's `anyOf`. For a union,
 * fast-json-stringify validates every entry with ajv against the branches in turn to pick one
 * (docs/architecture.md, issue 19, tenth round: bulk). The service already knows which an
 * entry is: an error entry is exactly one with `error`. So each entry is serialised with its own
 * branch's schema, which is what the union picks for every valid entry: the same bytes
 * (test/api/bulk-json.test.ts). An undeclared field is dropped (the union refused such an entry,
 * a 500). The route keeps BulkResponse as its documented schema (OpenAPI); only the
 * serialisation of its success answer changes.
 */
import type { BulkErrorEntry, CheckResultBody } from '../domain/check-result.ts';
import { BulkCheckResult, BulkError } from './schemas.ts';

type Serialize = (value: unknown) => string;

/** `compile`: the route's serialiser compiler for a schema (reply.compileSerializationSchema, which caches per route). */
export function bulkResponseJson(compile: (schema: object) => Serialize): (payload: { results: readonly (CheckResultBody | BulkErrorEntry)[] }) => string {
  const result = compile(BulkCheckResult);
  const error = compile(BulkError);
  return (payload) => {
    let json = '{"results":[';
    const entries = payload.results;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (i > 0) json += ',';
      json += 'error' in entry ? error(entry) : result(entry);
    }
    return `${json}]}`;
  };
}
