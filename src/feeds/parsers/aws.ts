/**
 * AWS ip-ranges.json (https://ip-ranges.amazonaws.com/ip-ranges.json):
 * `{syncToken, createDate, prefixes:[{ip_prefix,...}], ipv6_prefixes:[{ipv6_prefix,...}]}`.
 * Every service is kept (`AMAZON` is the superset; the others repeat its CIDRs, deduplicated).
 * IPv6 comes only from `ipv6_prefixes`, and each list must hold its own family.
 */
import { fail, isRecord, parseJsonBody, PrefixCollector, type FeedParseResult } from './parsed-feed.ts';

export function parseAwsIpRanges(body: string): FeedParseResult {
  const json = parseJsonBody(body);
  if (!json.ok) return fail(json.error);
  const root = json.value;
  if (!isRecord(root) || !Array.isArray(root.prefixes)) return fail('missing "prefixes" array');
  const v6 = root.ipv6_prefixes;
  if (v6 !== undefined && !Array.isArray(v6)) return fail('"ipv6_prefixes" is not an array');
  const out = new PrefixCollector();
  root.prefixes.forEach((entry: unknown, i) => {
    out.add(isRecord(entry) ? entry.ip_prefix : undefined, `prefixes[${i}].ip_prefix`, 4);
  });
  (v6 ?? []).forEach((entry: unknown, i) => {
    out.add(isRecord(entry) ? entry.ipv6_prefix : undefined, `ipv6_prefixes[${i}].ipv6_prefix`, 6);
  });
  return out.result();
}
