/**
 * The cached DNS resolver the check service uses: `domainFacts(domain)` -> DnsFacts.
 *
 * - `node:dns` Resolver (c-ares) on the configured servers (MAILSIFT_DNS_SERVERS) or the
 *   system's; every question has a timeout and at most one retry (lookup.ts).
 * - One cache of (type, name) outcomes with TTLs honoured and bounded, negative caching
 *   and an LRU bound on entries (cached-lookups.ts); hosts are shared across domains.
 *   The same cache (same bound) keeps each domain's finished DnsFacts until the earliest
 *   expiry of the outcomes it was built from, so a repeat domain costs one map read.
 * - Single-flight twice over: concurrent callers for one domain get the very same promise,
 *   and concurrent domains needing the same host share its lookup. So a bulk request, or
 *   many concurrent requests, resolve each distinct domain once.
 * - An overall budget per domain: past it the answer is `{ deliverable: null }`; the
 *   lookups still in flight finish in the background and warm the cache.
 * - Never rejects: any failure is `{ deliverable: null }` (never a guess).
 */
import { Resolver } from 'node:dns/promises';
import type { DnsFacts } from '../domain/check.ts';
import { normalizeHost } from '../signals/deliverability.ts';
import { isDocumentationDomain } from '../signals/documentation-domain.ts';
import { createCachedLookups, lookupKey, type LookupCounters } from './cached-lookups.ts';
import { UNKNOWN_FACTS, gatherDomainFacts, isDnsName } from './domain-facts.ts';
import { createQuerySender, hedgedLookup, type QueryType } from './lookup.ts';
import { TtlLru } from './ttl-cache.ts';

/** A question is asked at most twice: the first query, then one hedged retry. */
const LOOKUP_TRIES = 2;

export interface DnsResolverOptions {
  /** "host[:port]" IP literals (IPv6 as "[addr]:port"), as MAILSIFT_DNS_SERVERS; undefined or empty = system resolvers. */
  servers?: string[];
  /** Per query, default 800 ms; at most one retry (tries: 2), so one question ends by 2x this. */
  lookupTimeoutMs?: number;
  /** Overall budget for one domain's facts, default 1500 ms. */
  budgetMs?: number;
  /** Bounds applied to record TTLs, defaults 30 s and 3600 s. */
  minTtlSeconds?: number;
  maxTtlSeconds?: number;
  /** NXDOMAIN / NODATA cache time, default 300 s. */
  negativeTtlSeconds?: number;
  /** MX answers carry no TTL in Node: this one is used (then bounded), default 300 s. */
  mxTtlSeconds?: number;
  /** Unanswered lookups (timeout, SERVFAIL, refused, unreachable), default 5 s; 0 = never cached. */
  unknownTtlSeconds?: number;
  /** LRU bound on cache entries ((type, name) outcomes plus per-domain facts), default 50,000. */
  maxEntries?: number;
  /** Injectable clock (epoch ms) for TTL tests. */
  now?: () => number;
}

export interface DnsResolverStats {
  /** DNS queries put on the wire (every attempt, including retries). */
  queries: number;
  /** Domains and questions answered from the cache. */
  cacheHits: number;
  /** Callers that joined an in-flight domain resolution or an in-flight question. */
  inflightJoins: number;
  /** Questions that ended without an answer in time, plus domains cut by the budget. */
  timeouts: number;
  /** Questions that ended with SERVFAIL, REFUSED, an unreachable server or another error. */
  errors: number;
  /** Cache entries ((type, name) outcomes and per-domain facts). */
  entries: number;
}

export interface DnsResolver {
  /**
   * Facts for one domain (any case, trailing dot allowed). Never rejects. `budgetMs`: what the
   * caller can still wait (a bulk request's remaining DNS time), capped by the resolver's own
   * budget; with none left, only a cached answer is given and no lookup starts.
   */
  domainFacts(domain: string, budgetMs?: number): Promise<DnsFacts>;
  stats(): DnsResolverStats;
  /** Cancels in-flight lookups (their callers get `deliverable: null`) and empties the cache. */
  close(): void;
}

/** No mail can reach the domain. */
const NO_SUCH_NAME: DnsFacts = Object.freeze({ deliverable: false, mailProvider: 'none' });

export function createDnsResolver(opts: DnsResolverOptions = {}): DnsResolver {
  const lookupTimeoutMs = opts.lookupTimeoutMs ?? 800;
  const budgetMs = opts.budgetMs ?? 1500;
  const now = opts.now ?? Date.now;
  const seconds = (s: number | undefined, dflt: number) => 1000 * (s ?? dflt);

  // c-ares may time a query out as early as its `timeout`: with the hedge's timeout it dropped
  // the first query's answer when it came just after the retry went out. So c-ares gets the
  // whole lookup's bound; the retry and the end are our timers (lookup.ts).
  const node = new Resolver({ timeout: LOOKUP_TRIES * lookupTimeoutMs, tries: 1 });
  // Empty list = system resolvers. A server that is not an IP literal throws here, at startup.
  const servers = (opts.servers ?? []).map((s) => s.trim()).filter((s) => s !== '');
  if (servers.length > 0) node.setServers(servers);

  const counters: LookupCounters & { queries: number } = { queries: 0, cacheHits: 0, inflightJoins: 0, timeouts: 0, errors: 0 };
  const send = createQuerySender(node, () => counters.queries++);
  const cache = new TtlLru<object>(opts.maxEntries ?? 50_000);
  const lookups = createCachedLookups({
    query: (type, name) => hedgedLookup(() => send(type, name), lookupTimeoutMs, LOOKUP_TRIES),
    now,
    counters,
    cache,
    policy: {
      minTtlMs: seconds(opts.minTtlSeconds, 30),
      maxTtlMs: seconds(opts.maxTtlSeconds, 3600),
      mxTtlMs: seconds(opts.mxTtlSeconds, 300),
      negativeTtlMs: seconds(opts.negativeTtlSeconds, 300),
      unknownTtlMs: seconds(opts.unknownTtlSeconds, 5),
    },
  });
  const inflight = new Map<string, Promise<DnsFacts>>();
  const aborts = new Set<AbortController>();
  let closed = false;

  /** Gathers the facts and caches them until the first of their ingredients expires. */
  async function gatherAndCache(domain: string, signal: AbortSignal): Promise<DnsFacts> {
    const used: string[] = [];
    const facts = await gatherDomainFacts(
      domain,
      {
        lookup: <T extends QueryType>(type: T, name: string) => {
          used.push(lookupKey(type, name));
          return lookups.lookup(type, name);
        },
      },
      signal,
    );
    if (!signal.aborted) {
      const expiresAt = Math.min(...used.map((key) => cache.expiresAt(key) ?? -Infinity));
      if (expiresAt > now()) cache.set(`facts ${domain}`, Object.freeze(facts), expiresAt);
    }
    return facts;
  }

  function withinBudget(domain: string, ms: number): Promise<DnsFacts> {
    const abort = new AbortController();
    aborts.add(abort);
    return new Promise<DnsFacts>((resolve) => {
      const timer = setTimeout(() => {
        counters.timeouts++;
        abort.abort();
        resolve(UNKNOWN_FACTS);
      }, ms);
      const settle = (facts: DnsFacts) => {
        clearTimeout(timer);
        aborts.delete(abort);
        resolve(facts);
      };
      gatherAndCache(domain, abort.signal).then(settle, () => {
        counters.errors++;
        settle(UNKNOWN_FACTS);
      });
    });
  }

  return {
    domainFacts(raw, callerBudgetMs) {
      if (closed) return Promise.resolve(UNKNOWN_FACTS);
      const domain = normalizeHost(raw);
      const cached = cache.get(`facts ${domain}`, now()) as DnsFacts | undefined;
      if (cached) {
        counters.cacheHits++;
        return Promise.resolve(cached);
      }
      // Nothing to ask: a name DNS cannot hold, or one reserved for documentation (null MX).
      if (!isDnsName(domain) || isDocumentationDomain(domain)) return Promise.resolve(NO_SUCH_NAME);
      const ms = Math.min(budgetMs, callerBudgetMs ?? budgetMs);
      if (ms <= 0) {
        counters.timeouts++;
        return Promise.resolve(UNKNOWN_FACTS);
      }
      const joined = inflight.get(domain);
      if (joined) {
        counters.inflightJoins++;
        return joined;
      }
      const pending = withinBudget(domain, ms).finally(() => inflight.delete(domain));
      inflight.set(domain, pending);
      return pending;
    },
    stats: () => ({ ...counters, entries: cache.size }),
    close() {
      closed = true;
      for (const abort of aborts) abort.abort();
      node.cancel();
      lookups.clear();
    },
  };
}
