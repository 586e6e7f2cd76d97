/**
 * Turns the parsed feeds that are loaded into the pure lookup tables of signals/ip.
 * A feed that is not in `feeds` is "not loaded": its provider is never reported and, for
 * Tor, `ip.tor` stays absent.
 */
import type { Datacenter } from '../domain/check.ts';
import { buildIpTables, type IpTables } from '../signals/ip/ip-facts.ts';
import type { Cidr } from '../signals/ip/prefix-table.ts';
import { FEED_CATALOG, FEED_NAMES, type FeedName } from './feed-catalog.ts';
import type { ParsedFeed } from './parsers/parsed-feed.ts';

export function ipTablesFromFeeds(feeds: Partial<Record<FeedName, ParsedFeed>>): IpTables {
  const datacenters: Partial<Record<Datacenter, readonly Cidr[]>> = {};
  let torExits: readonly string[] | undefined;
  for (const name of FEED_NAMES) {
    const feed = feeds[name];
    if (feed === undefined) continue;
    const provider = FEED_CATALOG[name].datacenter;
    if (provider !== undefined && feed.kind === 'prefixes') datacenters[provider] = feed.prefixes;
    if (name === 'tor' && feed.kind === 'addresses') torExits = feed.addresses;
  }
  return buildIpTables({ datacenters, torExits });
}
