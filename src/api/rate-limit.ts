/**
 * Per-account rate limits: two token buckets per account (domain/token-bucket.ts).
 *   requests   every /v1 request takes 1 (CONTRACT.md: default 100/s, burst 200)
 *   addresses  a check takes 1, a bulk request 1 per address it sends (default 500/s, burst 2,000)
 * so a bulk of 1,000 costs what 1,000 single checks cost: counted in requests alone, three looping
 * bulk requests stayed far under 100 requests/s while checking thousands of addresses a second.
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
import { levelAt, secondsToFull, takeToken, type Bucket, type Limit } from '../domain/token-bucket.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How many addresses a request of this route checks (its cost in the address bucket). */
    addresses?: (request: FastifyRequest) => number;
  }
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
    const t = takeToken(b.requests, now, limits.requests.rate, limits.requests.burst);
    b.requests = t.bucket;
    if (!t.allowed) return done(refuse(limits.requests, 'requests', t.retryAfterMs));
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
      reply.header('ratelimit-policy', policyOf(limits));
      const r = levelAt(b.requests, now, limits.requests.rate, limits.requests.burst);
      const a = levelAt(b.addresses, now, limits.addresses.rate, limits.addresses.burst);
      reply.header('ratelimit', `"requests";r=${left(r.tokens)};t=${secondsToFull(r, limits.requests.rate, limits.requests.burst)}, "addresses";r=${left(a.tokens)};t=${secondsToFull(a, limits.addresses.rate, limits.addresses.burst)}`);
    }
    done(null, payload);
  });
}
