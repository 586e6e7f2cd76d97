/** The DNS resolver as the API role uses it, with its metrics and readiness entry. */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { DnsServer } from '../config/schema.ts';
import { guardWithCanary } from '../dns/canary.ts';
import { createDnsResolver } from '../dns/resolver.ts';
import type { DomainFactsSource } from '../service/check-service.ts';
import type { ReadinessReport } from '../service/ports.ts';
import type { Context } from './context.ts';
import { StartupError } from '../platform/startup-error.ts';

export interface DnsSource {
  readonly source: DomainFactsSource | undefined;
  readiness(): ReadinessReport['checks'];
  close(): void;
}

export const DNS_OFF: DnsSource = { source: undefined, readiness: () => ({}), close: () => undefined };

/**
 * MAILSIFT_DNS_SERVERS as node:dns takes them (`ip`, `ip:port`, `[ipv6]:port`): host names are
 * resolved once, here, with the system resolver (node:dns only takes addresses).
 */
async function serverAddresses(servers: readonly DnsServer[]): Promise<string[]> {
  return Promise.all(
    servers.map(async ({ host, port }) => {
      let ip = host;
      if (isIP(host) === 0) {
        try {
          ip = (await lookup(host)).address;
        } catch (err) {
          throw new StartupError(`MAILSIFT_DNS_SERVERS: cannot resolve "${host}" (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
        }
      }
      if (port === undefined) return ip;
      return isIP(ip) === 6 ? `[${ip}]:${port}` : `${ip}:${port}`;
    }),
  );
}

export async function createResolverSource(ctx: Context): Promise<DnsSource> {
  const resolver = createDnsResolver({
    ...(ctx.config.dnsServers ? { servers: await serverAddresses(ctx.config.dnsServers) } : {}),
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
    resolverName: ctx.config.dnsServers ? `the DNS servers of MAILSIFT_DNS_SERVERS` : "the system's DNS resolver",
    onChange: (trusted, detail) => {
      if (trusted) ctx.logger.info({ detail }, 'dns: resolver trusted');
      else ctx.logger.warn({ detail }, detail.startsWith('unreachable') ? 'dns: cannot be reached; deliverable_domain is null until it answers' : 'dns: resolver not trusted');
    },
  });
  await guarded.start();
  return {
    source: guarded,
    // DNS trouble degrades answers (deliverable_domain: null) but never makes the service unready.
    readiness: () => ({ dns: { ok: guarded.trusted(), required: false, detail: `${guarded.detail()}; ${resolver.stats().queries} queries, ${resolver.stats().timeouts} timeouts` } }),
    close: () => {
      guarded.stop();
      resolver.close();
    },
  };
}
