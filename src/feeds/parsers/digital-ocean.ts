/**
 * DigitalOcean geofeed (https://digitalocean.com/geo/google.csv), RFC 8805:
 * `prefix,country,region,city,postal_code` per line, NO header line. Only the prefix matters
 * here. Blank lines and `#` comments (allowed by RFC 8805) are skipped; a bare address counts
 * as a single-host prefix (RFC 8805 section 2.1.1.1). Anything else on the first column fails
 * the parse, so a header line or an HTML page is rejected rather than silently skipped.
 */
import { lines, PrefixCollector, type FeedParseResult } from './parsed-feed.ts';

export function parseDigitalOceanGeofeed(body: string): FeedParseResult {
  const out = new PrefixCollector();
  for (const [lineNo, line] of lines(body)) {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) continue;
    const first = (text.split(',')[0] ?? '').trim();
    const prefix = first.includes('/') ? first : `${first}/${first.includes(':') ? 128 : 32}`;
    if (!out.add(prefix, `line ${lineNo}`)) break;
  }
  return out.result();
}
