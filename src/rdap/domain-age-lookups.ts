/**
 * Background domain-age lookups over RDAP for the check path, which never waits for one: the
 * first check of a domain starts a lookup and later checks read the answer (SPEC:
 * `domain_age_days` is "present once the background check has run for this domain").
 * Bounded everywhere: `concurrency` requests in flight, `maxQueued` waiting (beyond that a
 * domain waits for a later check), an LRU of answers, a per-request timeout and body cap. A
 * registry that fails or rate-limits is left alone for `pauseMs`. Only the domain is sent.
 */
import { TtlLru } from '../dns/ttl-cache.ts';
import { ageInDays, rdapQueryFor, registrationTime } from './registration.ts';

export type LookupResult = 'found' | 'absent' | 'failed';

export interface DomainAgeLookups {
  /** Days since registration when known; otherwise starts a lookup (one per domain) and returns undefined. */
  ageDays(domain: string, now: number): number | undefined;
  /** Resolves when no lookup is queued or in flight (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
}

export interface DomainAgeOptions {
  /** RDAP base URL per TLD (the bootstrap feed), or undefined while none is loaded. */
  servers(): ReadonlyMap<string, string> | undefined;
  now: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
  concurrency?: number;
  maxQueued?: number;
  maxEntries?: number;
  pauseMs?: number;
  onLookup?: (result: LookupResult) => void;
  onPause?: (origin: string, why: string) => void;
}

type Answer = { readonly registeredAt: number } | { readonly registeredAt: null };

/** A registration date does not change; a domain is rarely re-registered within days. */
const FOUND_TTL_MS = 7 * 86_400_000;
/** The registry answered but has no date (unknown domain, redacted): ask again tomorrow. */
const ABSENT_TTL_MS = 86_400_000;
/** No answer (timeout, 5xx, 429): a later check tries again. */
const FAILED_TTL_MS = 10 * 60_000;
const MAX_BODY_BYTES = 1024 * 1024;

export function createDomainAgeLookups(o: DomainAgeOptions): DomainAgeLookups {
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 5_000;
  const concurrency = o.concurrency ?? 4;
  const maxQueued = o.maxQueued ?? 1_000;
  const pauseMs = o.pauseMs ?? 60_000;
  const answers = new TtlLru<Answer>(o.maxEntries ?? 100_000);
  const pending = new Set<string>();
  const queue: { domain: string; url: string }[] = [];
  const pausedUntil = new Map<string, number>();
  const abort = new AbortController();
  let running = 0;
  let idleWaiters: (() => void)[] = [];

  function settle(domain: string, result: LookupResult, registeredAt: number | null): void {
    const now = o.now();
    answers.set(domain, { registeredAt }, now + (result === 'found' ? FOUND_TTL_MS : result === 'absent' ? ABSENT_TTL_MS : FAILED_TTL_MS));
    o.onLookup?.(result);
  }

  async function lookup(domain: string, url: string): Promise<void> {
    const origin = new URL(url).origin;
    if ((pausedUntil.get(origin) ?? 0) > o.now()) return settle(domain, 'failed', null);
    try {
      const res = await doFetch(url, {
        headers: { accept: 'application/rdap+json, application/json' },
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]),
      });
      if (res.status === 404) return settle(domain, 'absent', null);
      if (res.status === 429 || res.status >= 500) {
        await res.body?.cancel();
        pausedUntil.set(origin, o.now() + pauseMs);
        o.onPause?.(origin, `HTTP ${res.status}`);
        return settle(domain, 'failed', null);
      }
      const text = await res.text();
      if (!res.ok || text.length > MAX_BODY_BYTES) return settle(domain, 'absent', null);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return settle(domain, 'absent', null);
      }
      const registeredAt = registrationTime(body);
      settle(domain, registeredAt === undefined ? 'absent' : 'found', registeredAt ?? null);
    } catch (err) {
      if (abort.signal.aborted) return;
      pausedUntil.set(origin, o.now() + pauseMs);
      o.onPause?.(origin, (err as Error).name === 'TimeoutError' ? 'timeout' : ((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name));
      settle(domain, 'failed', null);
    }
  }

  function pump(): void {
    while (running < concurrency && queue.length && !abort.signal.aborted) {
      const next = queue.shift()!;
      running++;
      void lookup(next.domain, next.url).finally(() => {
        running--;
        pending.delete(next.domain);
        pump();
        if (running === 0 && queue.length === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          waiters.forEach((w) => w());
        }
      });
    }
  }

  return {
    ageDays(domain, now) {
      const known = answers.get(domain, now);
      if (known !== undefined) return known.registeredAt === null ? undefined : ageInDays(known.registeredAt, now);
      if (pending.has(domain) || queue.length >= maxQueued || abort.signal.aborted) return undefined;
      const servers = o.servers();
      const query = servers && rdapQueryFor(domain, servers);
      if (!query) {
        // No registry known for it (or no bootstrap yet): remember briefly, so each check does not parse again.
        if (servers) answers.set(domain, { registeredAt: null }, now + ABSENT_TTL_MS);
        return undefined;
      }
      pending.add(domain);
      queue.push({ domain, url: query.url });
      pump();
      return undefined;
    },
    idle() {
      return running === 0 && queue.length === 0 ? Promise.resolve() : new Promise((r) => idleWaiters.push(r));
    },
    stop() {
      abort.abort();
      queue.length = 0;
    },
  };
}
