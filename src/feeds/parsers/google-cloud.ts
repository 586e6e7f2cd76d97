/**
 * Google Cloud customer ranges (https://www.gstatic.com/ipranges/cloud.json):
 * `{syncToken, creationTime, prefixes:[{ipv4Prefix | ipv6Prefix, service, scope}]}`, each entry
 * with exactly one of the two keys.
 */
import { fail, isRecord, parseJsonBody, PrefixCollector, type FeedParseResult } from './parsed-feed.ts';

export function parseGoogleCloud(body: string): FeedParseResult {
  const json = parseJsonBody(body);
  if (!json.ok) return fail(json.error);
  const root = json.value;
  if (!isRecord(root) || !Array.isArray(root.prefixes)) return fail('missing "prefixes" array');
  const out = new PrefixCollector();
  root.prefixes.forEach((entry: unknown, i) => {
    if (isRecord(entry) && entry.ipv4Prefix !== undefined) out.add(entry.ipv4Prefix, `prefixes[${i}].ipv4Prefix`, 4);
    else if (isRecord(entry) && entry.ipv6Prefix !== undefined) out.add(entry.ipv6Prefix, `prefixes[${i}].ipv6Prefix`, 6);
    else out.add(undefined, `prefixes[${i}] has neither ipv4Prefix nor ipv6Prefix`);
  });
  return out.result();
}
