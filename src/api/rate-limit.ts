/**
 * Per-account rate limits: two token buckets per account (domain/token-bucket.ts).
 *   requests   every /v1 request takes 1 (CONTRACT.md: default 100/s, burst 200), and 1 more per
 *              full 16 KiB of its body and (operations that check no address) of its answer
 *   addresses  a check takes 1, a bulk request 1 per address it sends (default 500/s, burst 2,000)
 * so a bulk of 1,000 costs what 1,000 single checks cost: counted in requests alone, three looping
 * bulk requests stayed far under 100 requests/s while checking thousands of addresses a second.
 * Size counts for the same reason: the event loop is shared by every account, and parsing a body
 * of 1 MiB (45 ms) or listing 10,000 rules (2.3 MB, 22 ms) is the work of 15-30 checks; at 20
 * such requests a second one account put another's checks at 300-1,200 ms (docs/architecture.md,
 * Customer controls). A body's size is charged before it is read when its content-length says it
 * (refused, taking nothing, if the account cannot afford it); a chunked body's, and an answer's,
 * once known, which may take the bucket below zero. A check's answer is not: its work is priced
 * in addresses (a bulk's answer of 1,000 results, about 350 KB, would otherwise cost 21 more).
 *
 * Runs after authentication (it needs the account). The request bucket, and an address bucket
 * already empty, refuse before the body is read; a bulk's cost is known once its body has been
 * validated (preHandler). A refusal takes nothing from the bucket that refused. Every answer to
 * an authenticated request carries the IETF draft's fields (draft-ietf-httpapi-ratelimit-headers):
 *   RateLimit-Policy: "requests";q=<burst>;w=<burst/rate, s>, "addresses";q=...;w=...
 *   RateLimit: "requests";r=<left>;t=<s until full>, "addresses";r=...;t=...
 * A route declares what it checks in its config (`addresses`); routes without it cost requests only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../domain/errors.ts';
import { levelAt, secondsToFull, spend, takeToken, type Bucket, type Limit } from '../domain/token-bucket.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How many addresses a request of this route checks (its cost in the address bucket). */
    addresses?: (request: FastifyRequest) => number;
  }
  interface FastifyRequest {
    /** Bytes of the body the JSON parser was given (0 when none was read). */
    bodyBytes: number;
  }
}

/** Bytes of body or answer that cost one more request. */
export const REQUEST_SIZE_UNIT = 16 * 1024;
const sizeCost = (bytes: number): number => Math.floor(bytes / REQUEST_SIZE_UNIT);

/** A declared content-length, or undefined (chunked, or none). */
function declaredLength(request: FastifyRequest): number | undefined {
  const raw = request.headers['content-length'];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

function payloadBytes(payload: unknown): number {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  return Buffer.isBuffer(payload) ? payload.length : 0;
}

export interface RateLimits {
  readonly requests: Limit;
  readonly addresses: Limit;
}

export interface RateLimitOptions {
  /** An account's limits (the service's defaults, unless the account has its own). */
  limits(account: string): RateLimits;
  now(): number;
}

interface AccountBuckets {
  requests?: Bucket;
  addresses?: Bucket;
}

/** Buckets idle long enough to be full again carry no information; the map stays bounded. */
const MAX_ACCOUNTS = 100_000;
const SINGULAR = { requests: 'request', addresses: 'address' } as const;
const RATE_LIMIT_HEADERS = {
  'ratelimit-policy': {
    type: 'string',
    description: 'The account\'s limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate',
  },
  ratelimit: {
    type: 'string',
    description: 'What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full>',
  },
};

/**
 * The RateLimit-Policy header of a set of limits, made once per limits object (the service's
 * defaults are one object for every account without its own): it is sent with every answer.
 */
const policies = new WeakMap<RateLimits, string>();
function policyOf(limits: RateLimits): string {
  let p = policies.get(limits);
  if (p === undefined) {
    const one = (name: string, l: Limit): string => `"${name}";q=${l.burst};w=${Math.max(1, Math.ceil(l.burst / l.rate))}`;
    p = `${one('requests', limits.requests)}, ${one('addresses', limits.addresses)}`;
    policies.set(limits, p);
  }
  return p;
}

const left = (tokens: number): number => Math.max(0, Math.floor(tokens));

/** Installs the limiter on a scope whose onRequest hooks authenticate first. */
export function installRateLimit(scope: FastifyInstance, o: RateLimitOptions): void {
  // The OpenAPI document says which answers carry the fields (all but 401).
  scope.addHook('onRoute', (route) => {
    const response = (route.schema?.response ?? {}) as Record<string, { headers?: object }>;
    for (const [status, schema] of Object.entries(response)) {
      if (status !== '401') response[status] = { ...schema, headers: { ...schema.headers, ...RATE_LIMIT_HEADERS } };
    }
  });
  const byAccount = new Map<string, AccountBuckets>();
  const bucketsOf = (account: string): AccountBuckets => {
    let b = byAccount.get(account);
    if (!b) {
      b = {};
      byAccount.set(account, b);
      if (byAccount.size > MAX_ACCOUNTS) byAccount.delete(byAccount.keys().next().value!);
    }
    return b;
  };

  const refuse = (limit: Limit, unit: 'requests' | 'addresses', retryAfterMs: number, detail = ''): ServiceError =>
    new ServiceError('MS_ERR_RATE_LIMITED', `rate limit: at most ${limit.rate} ${limit.rate === 1 ? SINGULAR[unit] : unit} per second per account (burst ${limit.burst})${detail}`, {
      retryAfter: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    });

  scope.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const limits = o.limits(request.account);
    const b = bucketsOf(request.account);
    const now = o.now();
    // A body over the route's limit is refused (413) unread: it costs nothing more. And never more
    // than the burst: a request the account can make at all must become affordable.
    const declared = declaredLength(request) ?? 0;
    const cost = Math.min(limits.requests.burst, 1 + (declared > request.routeOptions.bodyLimit ? 0 : sizeCost(declared)));
    const t = takeToken(b.requests, now, limits.requests.rate, limits.requests.burst, cost);
    b.requests = t.bucket;
    if (!t.allowed) return done(refuse(limits.requests, 'requests', t.retryAfterMs, cost > 1 ? `: this request counts as ${cost} (1, and 1 per 16 KiB of its body)` : ''));
    // A check with no address left is refused before its body is read.
    if (request.routeOptions.config.addresses) {
      const a = levelAt(b.addresses, now, limits.addresses.rate, limits.addresses.burst);
      if (a.tokens < 1) return done(refuse(limits.addresses, 'addresses', Math.ceil(((1 - a.tokens) * 1000) / limits.addresses.rate)));
    }
    done();
  });

  scope.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const cost = request.routeOptions.config.addresses?.(request);
    if (!cost) return done();
    const limits = o.limits(request.account);
    const b = bucketsOf(request.account);
    const t = takeToken(b.addresses, o.now(), limits.addresses.rate, limits.addresses.burst, cost);
    b.addresses = t.bucket;
    if (!t.allowed) return done(refuse(limits.addresses, 'addresses', t.retryAfterMs, cost > 1 ? `: this request has ${cost}` : ''));
    done();
  });

  scope.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload: unknown) => void) => {
    // Unauthenticated answers (401) have no account and so no quota to report.
    if (request.account !== undefined) {
      const limits = o.limits(request.account);
      const b = bucketsOf(request.account);
      const now = o.now();
      // What onRequest could not know: a chunked body's size, and the answer's.
      const answer = reply.statusCode === 429 || request.routeOptions.config.addresses ? 0 : sizeCost(payloadBytes(payload));
      const late = (declaredLength(request) === undefined ? sizeCost(request.bodyBytes) : 0) + answer;
      if (late > 0) b.requests = spend(b.requests, now, limits.requests.rate, limits.requests.burst, late);
      reply.header('ratelimit-policy', policyOf(limits));
      const r = levelAt(b.requests, now, limits.requests.rate, limits.requests.burst);
      const a = levelAt(b.addresses, now, limits.addresses.rate, limits.addresses.burst);
      reply.header('ratelimit', `"requests";r=${left(r.tokens)};t=${secondsToFull(r, limits.requests.rate, limits.requests.burst)}, "addresses";r=${left(a.tokens)};t=${secondsToFull(a, limits.addresses.rate, limits.addresses.burst)}`);
    }
    done(null, payload);
  });
}
