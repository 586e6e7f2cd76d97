/**
 * Bearer API keys -> accounts. Keys are held only as SHA-256 hashes (from MAILSIFT_API_KEYS at
 * start, or the dev key file), so a memory dump or the data dir never reveals a usable key.
 * The per-account token bucket runs right after authentication.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../domain/errors.ts';
import { takeToken, type Bucket } from '../domain/token-bucket.ts';
import { hashApiKey } from '../platform/secrets.ts';

export interface ApiKeyRegistry {
  accountFor(presented: string): string | undefined;
  accounts(): string[];
}

export function createKeyRegistry(entries: readonly { account: string; sha256: string }[]): ApiKeyRegistry {
  const byHash = new Map(entries.map((e) => [e.sha256, e.account]));
  return {
    accountFor: (presented) => byHash.get(hashApiKey(presented)),
    accounts: () => [...new Set(byHash.values())],
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    account: string;
  }
}

export interface AuthOptions {
  keys: ApiKeyRegistry;
  rate: number;
  burst: number;
  now: () => number;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** Buckets idle long enough to be full again carry no information; drop them (bounded map). */
const MAX_BUCKETS = 100_000;

export function authHook(o: AuthOptions) {
  const buckets = new Map<string, Bucket>();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    if (!header) throw new ServiceError('MS_ERR_UNAUTHORIZED', 'authorization: a Bearer API key is required');
    // Node keeps the first of several Authorization headers and drops the rest: conflicting
    // credentials would pass as whichever came first.
    if (authorizationCount(request.raw.rawHeaders) > 1) throw new ServiceError('MS_ERR_UNAUTHORIZED', 'authorization: must be given once');
    const m = BEARER.exec(header);
    if (!m) throw new ServiceError('MS_ERR_UNAUTHORIZED', 'authorization: must be "Bearer <api key>"');
    const account = o.keys.accountFor(m[1]!);
    if (!account) throw new ServiceError('MS_ERR_UNAUTHORIZED', 'authorization: unknown API key');
    request.account = account;
    const t = takeToken(buckets.get(account), o.now(), o.rate, o.burst);
    buckets.set(account, t.bucket);
    if (buckets.size > MAX_BUCKETS) buckets.delete(buckets.keys().next().value!);
    if (!t.allowed) {
      throw new ServiceError('MS_ERR_RATE_LIMITED', `rate limit: at most ${o.rate} ${o.rate === 1 ? 'request' : 'requests'} per second per account (burst ${o.burst})`, {
        retryAfter: Math.max(1, Math.ceil(t.retryAfterMs / 1000)),
      });
    }
    void reply;
  };
}

function authorizationCount(raw: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 13 && raw[i]!.toLowerCase() === 'authorization') n++;
  return n;
}
