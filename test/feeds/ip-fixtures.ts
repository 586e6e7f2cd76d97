/** Reads the feed snapshots in ../shared/fixtures/ip (tests skip when they are absent). */
import { readFileSync } from 'node:fs';
import { sharedPath } from '../helpers/shared.ts';

export const IP_FIXTURES = ['fixtures', 'ip'];

export const FIXTURE_FILES = {
  aws: 'aws-ip-ranges.json',
  azure: 'azure-ServiceTags_Public.json',
  google_cloud: 'gcp-cloud.json',
  digital_ocean: 'digitalocean-geo.csv',
  tor: 'tor-torbulkexitlist.txt',
  torDnsel: 'tor-exit-addresses.txt',
  // Not an IP feed, but fetched by the same updater (resolved next to fixtures/ip).
  rdap: '../rdap/dns.json',
} as const;

export function readIpFixture(file: string): string {
  return readFileSync(sharedPath(...IP_FIXTURES, file), 'utf8');
}
