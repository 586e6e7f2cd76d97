import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_CATALOG, FEED_NAMES, type FeedName } from '../../src/feeds/feed-catalog.ts';
import { ipTablesFromFeeds } from '../../src/feeds/ip-tables-from-feeds.ts';
import type { ParsedFeed } from '../../src/feeds/parsers/parsed-feed.ts';
import { ipFacts, type IpTables } from '../../src/signals/ip/ip-facts.ts';
import { cidrToString } from '../../src/signals/ip/parse.ts';
import { describeShared } from '../helpers/shared.ts';
import { FIXTURE_FILES, IP_FIXTURES, readIpFixture } from './ip-fixtures.ts';

function parsedFixtures(): Partial<Record<FeedName, ParsedFeed>> {
  const feeds: Partial<Record<FeedName, ParsedFeed>> = {};
  for (const name of FEED_NAMES) {
    const r = FEED_CATALOG[name].parse(readIpFixture(FIXTURE_FILES[name]));
    if (!r.ok) throw new Error(`${name}: ${r.error}`);
    feeds[name] = r.feed;
  }
  return feeds;
}

describe('ipTablesFromFeeds', () => {
  it('with no feed: no datacenter, tor absent', () => {
    expect(ipFacts('8.8.8.8', ipTablesFromFeeds({}))).toEqual({});
  });
});

describeShared(IP_FIXTURES, 'ipTablesFromFeeds on the fixture snapshots: known addresses land in the right provider', () => {
  // Built in beforeAll: a skipped describe still runs its body at collection time.
  let feeds: Partial<Record<FeedName, ParsedFeed>> = {};
  let tables: IpTables;
  beforeAll(() => {
    feeds = parsedFixtures();
    tables = ipTablesFromFeeds(feeds);
  });

  it.each([
    ['52.95.110.1', 'aws'],
    ['3.5.140.0', 'aws'],
    ['3.5.143.255', 'aws'],
    ['34.35.0.0', 'google_cloud'],
    ['34.35.255.255', 'google_cloud'],
    ['2600:1900:8000::1', 'google_cloud'],
    ['4.175.0.1', 'azure'],
    ['4.175.255.255', 'azure'],
    ['4.156.0.1', 'azure'],
    ['4.157.255.255', 'azure'],
    ['5.101.96.0', 'digital_ocean'],
    ['5.101.103.255', 'digital_ocean'],
    ['2400:6180:0:d0::1', 'digital_ocean'],
    ['2400:6180:0:d0:ffff:ffff:ffff:ffff', 'digital_ocean'],
    ['::ffff:52.95.110.1', 'aws'],
  ])('%s -> %s', (ip, provider) => {
    expect(ipFacts(ip, tables).datacenter).toBe(provider);
  });

  it('reads AWS IPv6 from ipv6_prefixes: the first IPv6 entry of the file is aws', () => {
    const raw = JSON.parse(readIpFixture(FIXTURE_FILES.aws)) as { ipv6_prefixes: { ipv6_prefix: string }[] };
    const first = raw.ipv6_prefixes[0]!.ipv6_prefix.split('/')[0]!;
    expect(ipFacts(first, tables).datacenter).toBe('aws');
  });

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888'])('%s is in no datacenter and not Tor', (ip) => {
    expect(ipFacts(ip, tables)).toEqual({ tor: false });
  });

  it('192.0.2.1 is ignored as reserved (TEST-NET-1), so never a datacenter', () => {
    expect(ipFacts('192.0.2.1', tables)).toEqual({ ignored: 'reserved' });
  });

  it('185.220.101.4 is a Tor exit', () => {
    expect(ipFacts('185.220.101.4', tables).tor).toBe(true);
  });

  it('holds every distinct prefix of the four cloud feeds, and the Tor set', () => {
    const distinct = { 4: new Set<string>(), 6: new Set<string>() };
    for (const name of ['aws', 'azure', 'google_cloud', 'digital_ocean'] as const) {
      const feed = feeds[name];
      if (feed?.kind !== 'prefixes') throw new Error(name);
      for (const p of feed.prefixes) distinct[p.family].add(cidrToString(p));
    }
    expect(tables.datacenters.counts).toEqual({ v4: distinct[4].size, v6: distinct[6].size });
    expect(distinct[6].size).toBeGreaterThan(1_000);
    expect(tables.torExits?.size).toBe(1174);
  });
});
