/**
 * Background domain-age lookups over RDAP for the check path, which never waits for one: the
 * first check of a domain starts a lookup and later checks read the answer (README, The CheckResult:
 * `domain_age_days` is present once the background lookup the domain's first check starts has answered).
 * Bounded everywhere: `concurrency` requests in flight (at most half of them to one registry,
 * so a slow one cannot hold up the others), `maxQueued` waiting (beyond that a domain waits for
 * a later check), LRUs of answers keyed by registrable domain, a per-request timeout and a body
 * cap counted as it streams. A registry that fails or rate-limits is left alone for `pauseMs`
 * (or its Retry-After, up to an hour). Only the registrable domain is sent.
 */
import { TtlLru } from '../dns/ttl-cache.ts';
import { ageInDays, rdapQueryFor, registrationTime } from './registration.ts';

export type LookupResult = 'found' | 'absent' | 'failed';

export interface DomainAgeLookups {
  /** Days since registration when known; otherwise starts a lookup (one per domain) and returns undefined. */
  ageDays(domain: string, now: number): number | undefined;
  /** Resolves when no lookup is queued or in flight. */
  idle(): Promise<void>;
  stop(): void;
}

export interface DomainAgeOptions {
  /** RDAP base URL per TLD (the bootstrap feed), or undefined while none is loaded. */
  servers(): ReadonlyMap<string, string> | undefined;
  now: () => number;
  timeoutMs?: number;
  concurrency?: number;
  maxQueued?: number;
  maxEntries?: number;
  pauseMs?: number;
  onLookup?: (result: LookupResult) => void;
  /** A registry is left alone for `ms`. */
  onPause?: (origin: string, why: string, ms: number) => void;
  /** The fetch to use (the service's honours HTTP(S)_PROXY); default the built-in one. */
  fetch?: typeof globalThis.fetch;
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
  const timeoutMs = o.timeoutMs ?? 5_000;
  const concurrency = o.concurrency ?? 4;
  const maxQueued = o.maxQueued ?? 1_000;
  const pauseMs = o.pauseMs ?? 60_000;
  // Answers are keyed by registrable domain (what the registry knows); `registrableOf`
  // remembers each checked domain's, so subdomains share one lookup and one answer.
  const answers = new TtlLru<Answer>(o.maxEntries ?? 100_000);
  const registrableOf = new TtlLru<{ registrable: string; url: string } | { registrable: null }>(o.maxEntries ?? 100_000);
  const pending = new Set<string>();
  const queue: { registrable: string; url: string; origin: string }[] = [];
  const pausedUntil = new Map<string, number>();
  /** Lookups in flight per registry: a slow one may hold at most `perRegistry` of the slots. */
  const inFlight = new Map<string, number>();
  const perRegistry = Math.max(1, Math.floor(concurrency / 2));
  const abort = new AbortController();
  let running = 0;
  let idleWaiters: (() => void)[] = [];

  function settle(registrable: string, result: LookupResult, registeredAt: number | null): void {
    const now = o.now();
    answers.set(registrable, { registeredAt }, now + (result === 'found' ? FOUND_TTL_MS : result === 'absent' ? ABSENT_TTL_MS : FAILED_TTL_MS));
    o.onLookup?.(result);
  }

  function pause(origin: string, why: string, retryAfterS?: number): void {
    // A registry's own Retry-After (capped at an hour) when it gives one, else `pauseMs`.
    const asked = retryAfterS !== undefined && Number.isFinite(retryAfterS) && retryAfterS > 0 ? Math.min(3_600_000, retryAfterS * 1000) : pauseMs;
    const ms = Math.max(pauseMs, asked);
    pausedUntil.set(origin, o.now() + ms);
    o.onPause?.(origin, why, ms);
  }

  /** The body, or undefined past MAX_BODY_BYTES (counted while it streams in, never buffered whole). */
  async function boundedText(res: Response): Promise<string | undefined> {
    if (!res.body) return '';
    if (Number(res.headers.get('content-length')) > MAX_BODY_BYTES) {
      await res.body.cancel().catch(() => undefined);
      return undefined;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        await res.body.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function lookup(registrable: string, url: string, origin: string): Promise<void> {
    try {
      const res = await (o.fetch ?? fetch)(url, {
        headers: { accept: 'application/rdap+json, application/json' },
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]),
      });
      if (res.status === 404) {
        await res.body?.cancel().catch(() => undefined);
        return settle(registrable, 'absent', null);
      }
      if (res.status === 429 || res.status >= 500) {
        await res.body?.cancel().catch(() => undefined);
        pause(origin, `HTTP ${res.status}`, Number(res.headers.get('retry-after') ?? undefined));
        return settle(registrable, 'failed', null);
      }
      const text = await boundedText(res);
      // Not an answer (refused, oversized, not JSON): a failure, tried again later, not "no date".
      if (!res.ok || text === undefined) return settle(registrable, 'failed', null);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return settle(registrable, 'failed', null);
      }
      const registeredAt = registrationTime(body);
      // A registration date in the future is a registry's error, not a young domain.
      const usable = registeredAt !== undefined && registeredAt <= o.now() + 86_400_000 ? registeredAt : undefined;
      settle(registrable, usable === undefined ? 'absent' : 'found', usable ?? null);
    } catch (err) {
      if (abort.signal.aborted) return;
      pause(origin, (err as Error).name === 'TimeoutError' ? 'timeout' : ((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name));
      settle(registrable, 'failed', null);
    }
  }

  function pump(): void {
    for (let i = 0; running < concurrency && i < queue.length && !abort.signal.aborted; ) {
      const next = queue[i]!;
      if ((inFlight.get(next.origin) ?? 0) >= perRegistry) {
        i++; // this registry has its share in flight: take the next of another one
        continue;
      }
      queue.splice(i, 1);
      running++;
      inFlight.set(next.origin, (inFlight.get(next.origin) ?? 0) + 1);
      void lookup(next.registrable, next.url, next.origin).finally(() => {
        running--;
        inFlight.set(next.origin, inFlight.get(next.origin)! - 1);
        pending.delete(next.registrable);
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
      let where = registrableOf.get(domain, now);
      if (where === undefined) {
        const servers = o.servers();
        if (!servers) return undefined; // no bootstrap yet
        // No registry known for it: remembered too, so each check does not parse again.
        where = rdapQueryFor(domain, servers) ?? { registrable: null };
        registrableOf.set(domain, where, now + ABSENT_TTL_MS);
      }
      if (where.registrable === null) return undefined;
      const known = answers.get(where.registrable, now);
      if (known !== undefined) return known.registeredAt === null ? undefined : ageInDays(known.registeredAt, now);
      if (pending.has(where.registrable) || queue.length >= maxQueued || abort.signal.aborted) return undefined;
      const origin = new URL(where.url).origin;
      // A paused registry is not asked, and nothing is remembered: a check after the pause asks.
      if ((pausedUntil.get(origin) ?? 0) > now) return undefined;
      pending.add(where.registrable);
      queue.push({ registrable: where.registrable, url: where.url, origin });
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
