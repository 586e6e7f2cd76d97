/** The DNS resolver as the API role uses it, with its metrics and readiness entry. */
import { guardWithCanary } from '../dns/canary.ts';
import { createDnsResolver } from '../dns/resolver.ts';
import type { DomainFactsSource } from '../service/check-service.ts';
import type { ReadinessReport } from '../service/ports.ts';
import type { Context } from './context.ts';

export interface DnsSource {
  readonly source: DomainFactsSource | undefined;
  readiness(): ReadinessReport['checks'];
  close(): void;
}

export const DNS_OFF: DnsSource = { source: undefined, readiness: () => ({}), close: () => undefined };

export async function createResolverSource(ctx: Context): Promise<DnsSource> {
  const resolver = createDnsResolver({
    ...(ctx.config.dnsServers ? { servers: ctx.config.dnsServers } : {}),
    lookupTimeoutMs: ctx.config.dnsTimeoutMs,
    budgetMs: ctx.config.dnsBudgetMs,
  });
  const stats = ['queries', 'cacheHits', 'inflightJoins', 'timeouts', 'errors', 'entries'] as const;
  ctx.metrics.gauge('mailsift_dns', 'DNS resolver counters (queries sent, cache hits, joins, timeouts, errors, cache entries)', ['stat'], (set) => {
    const s = resolver.stats();
    for (const k of stats) set({ stat: k }, s[k]);
  });
  const guarded = guardWithCanary(resolver, {
    domains: ctx.config.dnsCanary,
    onChange: (trusted, detail) => (trusted ? ctx.logger.info({ detail }, 'dns: resolver trusted') : ctx.logger.warn({ detail }, 'dns: resolver not trusted')),
  });
  await guarded.start();
  return {
    source: guarded,
    // DNS trouble degrades answers (deliverable_domain: null) but never makes the service unready.
    readiness: () => ({ dns: { ok: true, detail: `${guarded.detail()}; ${resolver.stats().queries} queries, ${resolver.stats().timeouts} timeouts` } }),
    close: () => {
      guarded.stop();
      resolver.close();
    },
  };
}
