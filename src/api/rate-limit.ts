/**
 * The per-account token bucket, run after authentication and scopes (auth.ts): a request
 * refused for its key or scope does not spend the account's tokens.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../domain/errors.ts';
import { takeToken, type Bucket } from '../domain/token-bucket.ts';

export interface RateLimitOptions {
  rate: number;
  burst: number;
  now: () => number;
}

/** Buckets idle long enough to be full again carry no information; drop them (bounded map). */
const MAX_BUCKETS = 100_000;

export function rateLimitHook(o: RateLimitOptions) {
  const buckets = new Map<string, Bucket>();
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const account = request.account;
    const t = takeToken(buckets.get(account), o.now(), o.rate, o.burst);
    buckets.set(account, t.bucket);
    if (buckets.size > MAX_BUCKETS) buckets.delete(buckets.keys().next().value!);
    if (!t.allowed) {
      throw new ServiceError('MS_ERR_RATE_LIMITED', `rate limit: at most ${o.rate} ${o.rate === 1 ? 'request' : 'requests'} per second per account (burst ${o.burst})`, {
        retryAfter: Math.max(1, Math.ceil(t.retryAfterMs / 1000)),
      });
    }
  };
}
