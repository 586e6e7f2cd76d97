/**
 * The cache in front of DNS: one entry per (type, name), shared by every domain that needs
 * it (MX hosts such as aspmx.l.google.com are looked up once for all Google domains), and
 * single-flight: concurrent askers of the same question share one in-flight lookup.
 *
 * How long an outcome is kept (all bounded, see docs/dns.md):
 * - A/AAAA answers: the smallest record TTL, clamped to [minTtl, maxTtl].
 * - MX answers: Node's resolveMx does not expose TTLs, so a fixed `mxTtl`, clamped likewise.
 * - NXDOMAIN / NODATA: `negativeTtl` (RFC 2308 negative caching; c-ares hides the SOA minimum).
 * - Unanswered (timeout, SERVFAIL, refused, unreachable): `unknownTtl`, a few seconds, so an
 *   outage is not hammered by every address of a bulk request yet recovery is quick.
 */
import type { LookupOutcome } from '../signals/deliverability.ts';
import type { AnyOutcome, QueryType, RecordOf } from './lookup.ts';
import type { TtlLru } from './ttl-cache.ts';

export interface TtlPolicy {
  readonly minTtlMs: number;
  readonly maxTtlMs: number;
  readonly mxTtlMs: number;
  readonly negativeTtlMs: number;
  readonly unknownTtlMs: number;
}

export interface LookupCounters {
  cacheHits: number;
  inflightJoins: number;
  timeouts: number;
  errors: number;
}

export interface CachedLookups {
  lookup<T extends QueryType>(type: T, name: string): Promise<LookupOutcome<RecordOf[T]>>;
  clear(): void;
}

/** The cache key of a question (callers use it to read the entry's expiry). */
export const lookupKey = (type: QueryType, name: string): string => `${type} ${name}`;

/** How long (ms) to keep `outcome`; 0 means do not cache. */
export function ttlFor(type: QueryType, outcome: AnyOutcome, p: TtlPolicy): number {
  const clamp = (ms: number) => Math.min(p.maxTtlMs, Math.max(p.minTtlMs, ms));
  switch (outcome.kind) {
    case 'answer':
      if (type === 'MX') return clamp(p.mxTtlMs);
      return clamp(1000 * Math.min(...outcome.records.map((r) => ('ttl' in r ? r.ttl : 0))));
    case 'nodata':
    case 'nxdomain':
      return p.negativeTtlMs;
    case 'unknown':
      return outcome.reason === 'cancelled' ? 0 : p.unknownTtlMs;
  }
}

export function createCachedLookups(deps: {
  /** One full (hedged) lookup on the wire. */
  query: (type: QueryType, name: string) => Promise<AnyOutcome>;
  now: () => number;
  policy: TtlPolicy;
  /** Shared with the resolver's per-domain entries, so one bound covers both. */
  cache: TtlLru<object>;
  counters: LookupCounters;
}): CachedLookups {
  const { cache } = deps;
  const inflight = new Map<string, Promise<AnyOutcome>>();
  const { counters } = deps;

  function lookup(type: QueryType, name: string): Promise<AnyOutcome> {
    const key = lookupKey(type, name);
    const hit = cache.get(key, deps.now()) as AnyOutcome | undefined;
    if (hit) {
      counters.cacheHits++;
      return Promise.resolve(hit);
    }
    const joined = inflight.get(key);
    if (joined) {
      counters.inflightJoins++;
      return joined;
    }
    const pending: Promise<AnyOutcome> = deps.query(type, name).then((outcome) => {
      if (inflight.get(key) === pending) inflight.delete(key);
      if (outcome.kind === 'unknown') {
        if (outcome.reason === 'timeout') counters.timeouts++;
        else if (outcome.reason !== 'cancelled') counters.errors++;
      }
      const ttl = ttlFor(type, outcome, deps.policy);
      if (ttl > 0) cache.set(key, outcome, deps.now() + ttl);
      return outcome;
    });
    inflight.set(key, pending);
    return pending;
  }

  return {
    lookup: lookup as CachedLookups['lookup'],
    clear() {
      cache.clear();
      inflight.clear();
    },
  };
}
