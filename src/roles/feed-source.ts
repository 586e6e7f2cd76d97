/**
 * IP intelligence (and the RDAP bootstrap) for the API role: the feed updater (last good
 * copies from the data dir, periodic refresh) and the pure lookup over its current tables.
 * Feed ages are reported in /readyz and /metrics. A feed that should be loaded and is not
 * makes /readyz say `degraded` (its check not ok), never unready: the signal is only absent.
 */
import { resolveFeedUrl } from '../feeds/feed-catalog.ts';
import { createFeedUpdater, type FeedName } from '../feeds/updater.ts';
import type { IpFacts } from '../domain/check.ts';
import { ipFacts, normalizeIp } from '../signals/ip/ip-facts.ts';
import type { ReadinessReport } from '../service/ports.ts';
import type { Context } from './context.ts';

export interface FeedSource {
  facts(ip: string): { facts: IpFacts; canonical?: string };
  /** RDAP base URL per TLD, once the bootstrap feed is loaded. */
  rdapServers(): ReadonlyMap<string, string> | undefined;
  readiness(): ReadinessReport['checks'];
  /** Resolves when the start-up download round has ended. */
  settled(): Promise<void>;
  stop(): void;
}

export function feedUrls(ctx: Context): Partial<Record<FeedName, string>> {
  const c = ctx.config;
  const urls: Partial<Record<FeedName, string>> = {};
  const set = (name: FeedName, v: string | undefined): void => {
    if (v !== undefined) urls[name] = v;
  };
  set('aws', c.feedsUrlAws);
  set('azure', c.feedsUrlAzure);
  set('google_cloud', c.feedsUrlGoogleCloud);
  set('digital_ocean', c.feedsUrlDigitalOcean);
  set('tor', c.feedsUrlTor);
  set('rdap', c.feedsUrlRdap);
  return urls;
}

export async function createFeedSource(ctx: Context): Promise<FeedSource> {
  const updater = createFeedUpdater({
    dataDir: ctx.dataDir,
    urls: ctx.config.feeds ? feedUrls(ctx) : { aws: 'off', azure: 'off', google_cloud: 'off', digital_ocean: 'off', tor: 'off', rdap: 'off' },
    refreshIntervalMs: ctx.config.feedsRefreshHours * 3_600_000,
    logger: ctx.logger.child({ component: 'feeds' }),
    now: ctx.now,
    fetch: ctx.fetch,
  });
  await updater.start();
  ctx.metrics.gauge('mailsift_feed_age_seconds', 'Age of the loaded copy of each feed (absent when none is loaded)', ['feed'], (set) => {
    for (const s of updater.status()) if (s.ageSeconds !== null) set({ feed: s.name }, s.ageSeconds);
  });
  ctx.metrics.gauge('mailsift_feed_entries', 'Entries in the loaded copy of each feed', ['feed'], (set) => {
    for (const s of updater.status()) set({ feed: s.name }, s.entries);
  });
  return {
    facts(ip) {
      const n = normalizeIp(ip);
      const facts = ipFacts(ip, updater.tables());
      return n.ok && facts.ignored === undefined ? { facts, canonical: n.canonical } : { facts };
    },
    rdapServers: () => updater.rdapServers(),
    readiness() {
      // Every feed is "off" when MAILSIFT_FEEDS is: say that, not that each lacks a URL.
      const unconfigured = ctx.config.feeds ? 'not configured' : 'downloads off (MAILSIFT_FEEDS=off)';
      const statuses = updater.status();
      const detail = statuses
        .map((s) => `${s.name}: ${s.loaded ? `${s.entries} entries, ${s.ageSeconds}s old${s.configured ? '' : ' (stored copy; downloads off)'}` : !s.configured ? unconfigured : `not loaded${s.lastError ? ` (${s.lastError})` : ''}`}`)
        .join(', ');
      // Expected: every feed with a URL (MAILSIFT_FEEDS=off stops downloads, not the feeds:
      // their copies are still wanted). A feed turned off by its own variable is not expected.
      const urls = feedUrls(ctx);
      const missing = statuses.filter((s) => !s.loaded && resolveFeedUrl(s.name, urls) !== undefined).map((s) => s.name);
      return {
        feeds: missing.length
          ? { ok: false, required: false, detail: `not loaded: ${missing.join(', ')} (their signals are absent; \`mailsift feeds update\` loads them). ${detail}` }
          : { ok: true, required: false, detail },
      };
    },
    settled: () => updater.settled(),
    stop: () => updater.stop(),
  };
}
