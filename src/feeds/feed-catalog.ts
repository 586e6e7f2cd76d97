/**
 * The reference feeds behind `ip.datacenter`, `ip.tor` and `domain_age_days` (the RDAP
 * bootstrap: which registry answers for a TLD): name, official URL, parser and the
 * sanity bounds a download must meet before it replaces the last good copy. Pure data.
 *
 * Bounds are loose on purpose: they catch an empty, truncated or wrong file, not normal
 * churn. Snapshot sizes for scale (fixtures, 2024-2025): AWS 8,971 IPv4 + 4,373 IPv6 entries
 * in 2 MB; Azure AzureCloud 12,362 prefixes in a 4 MB file; Google Cloud 782; DigitalOcean
 * 1,182; Tor about 1,200 exits; RDAP bootstrap about 1,200 TLDs in 70 KB.
 */
import type { Datacenter } from '../domain/check.ts';
import { parseAwsIpRanges } from './parsers/aws.ts';
import { parseAzureServiceTags } from './parsers/azure.ts';
import { parseDigitalOceanGeofeed } from './parsers/digital-ocean.ts';
import { parseGoogleCloud } from './parsers/google-cloud.ts';
import type { FeedParser } from './parsers/parsed-feed.ts';
import { parseRdapBootstrap } from './parsers/rdap-bootstrap.ts';
import { parseTorExitList } from './parsers/tor.ts';

export const FEED_NAMES = ['aws', 'azure', 'google_cloud', 'digital_ocean', 'tor', 'rdap'] as const;
export type FeedName = (typeof FEED_NAMES)[number];

export interface FeedSpec {
  readonly name: FeedName;
  /** Official URL; absent when the publisher has no stable one (Azure). */
  readonly defaultUrl?: string;
  /** Environment variable that overrides the URL (read by config, passed in as `urls`). */
  readonly envVar: string;
  /** Last good copy: `<dataDir>/feeds/<fileName>`. */
  readonly fileName: string;
  readonly parse: FeedParser;
  /** A parse yielding fewer distinct entries is rejected. */
  readonly minEntries: number;
  /** Download cap in bytes (the body is cut off and rejected beyond it). */
  readonly maxBytes: number;
  /** The `ip.datacenter` value this feed feeds, or undefined for Tor. */
  readonly datacenter?: Datacenter;
}

const MB = 1024 * 1024;

export const FEED_CATALOG: Readonly<Record<FeedName, FeedSpec>> = {
  aws: {
    name: 'aws',
    defaultUrl: 'https://ip-ranges.amazonaws.com/ip-ranges.json',
    envVar: 'MAILSIFT_FEEDS_URL_AWS',
    fileName: 'aws-ip-ranges.json',
    parse: parseAwsIpRanges,
    minEntries: 1000,
    maxBytes: 32 * MB,
    datacenter: 'aws',
  },
  azure: {
    name: 'azure',
    // No stable URL: the file name is date-stamped and changes weekly (docs/ip-intelligence.md).
    envVar: 'MAILSIFT_FEEDS_URL_AZURE',
    fileName: 'azure-service-tags.json',
    parse: parseAzureServiceTags,
    minEntries: 1000,
    maxBytes: 32 * MB,
    datacenter: 'azure',
  },
  google_cloud: {
    name: 'google_cloud',
    defaultUrl: 'https://www.gstatic.com/ipranges/cloud.json',
    envVar: 'MAILSIFT_FEEDS_URL_GOOGLE_CLOUD',
    fileName: 'google-cloud.json',
    parse: parseGoogleCloud,
    minEntries: 100,
    maxBytes: 8 * MB,
    datacenter: 'google_cloud',
  },
  digital_ocean: {
    name: 'digital_ocean',
    defaultUrl: 'https://digitalocean.com/geo/google.csv',
    envVar: 'MAILSIFT_FEEDS_URL_DIGITAL_OCEAN',
    fileName: 'digital-ocean-geofeed.csv',
    parse: parseDigitalOceanGeofeed,
    minEntries: 100,
    maxBytes: 8 * MB,
    datacenter: 'digital_ocean',
  },
  tor: {
    name: 'tor',
    defaultUrl: 'https://check.torproject.org/torbulkexitlist',
    envVar: 'MAILSIFT_FEEDS_URL_TOR',
    fileName: 'tor-exits.txt',
    parse: parseTorExitList,
    minEntries: 100,
    maxBytes: 8 * MB,
  },
  rdap: {
    name: 'rdap',
    // RFC 9224's bootstrap registry; RFC 9224 asks for HTTP caching: the 6-hourly refresh is plenty.
    defaultUrl: 'https://data.iana.org/rdap/dns.json',
    envVar: 'MAILSIFT_FEEDS_URL_RDAP',
    fileName: 'rdap-dns.json',
    parse: parseRdapBootstrap,
    minEntries: 100,
    maxBytes: 4 * MB,
  },
};

/** Values that switch a feed off when given as its URL override. */
const OFF = new Set(['', 'off', 'none']);

/**
 * URL overrides from an environment-like map (config/load.ts passes process.env in).
 * An empty value or `off` is kept: it turns the feed off (see resolveFeedUrl).
 */
export function feedUrlOverrides(env: Readonly<Record<string, string | undefined>>): Partial<Record<FeedName, string>> {
  const urls: Partial<Record<FeedName, string>> = {};
  for (const name of FEED_NAMES) {
    const value = env[FEED_CATALOG[name].envVar];
    if (value !== undefined) urls[name] = value.trim();
  }
  return urls;
}

/** The URL to download, or undefined when the feed is not configured (Azure by default, or turned off). */
export function resolveFeedUrl(name: FeedName, overrides: Partial<Record<FeedName, string>>): string | undefined {
  const override = overrides[name];
  if (override !== undefined) return OFF.has(override.trim().toLowerCase()) ? undefined : override.trim();
  return FEED_CATALOG[name].defaultUrl;
}
