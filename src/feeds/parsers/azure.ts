/**
 * Azure Service Tags, public cloud (ServiceTags_Public_YYYYMMDD.json):
 * `{changeNumber, cloud, values:[{name, id, properties:{addressPrefixes:[cidr...]}}]}` with
 * IPv4 and IPv6 mixed in `addressPrefixes`.
 * "Is this Azure" is the global `AzureCloud` tag (the regional `AzureCloud.<region>` tags
 * are its subsets). A file without that tag (a custom or partial export) falls back to the
 * union of every tag, so it still answers rather than failing.
 */
import { fail, isRecord, parseJsonBody, PrefixCollector, type FeedParseResult } from './parsed-feed.ts';

const GLOBAL_TAG = 'AzureCloud';

export function parseAzureServiceTags(body: string): FeedParseResult {
  const json = parseJsonBody(body);
  if (!json.ok) return fail(json.error);
  const root = json.value;
  if (!isRecord(root) || !Array.isArray(root.values)) return fail('missing "values" array');
  const tags = root.values as unknown[];
  const global = tags.findIndex((t) => isRecord(t) && t.name === GLOBAL_TAG);
  const chosen = global >= 0 ? [global] : tags.map((_, i) => i);
  const out = new PrefixCollector();
  for (const i of chosen) {
    const tag = tags[i];
    const props = isRecord(tag) ? tag.properties : undefined;
    const prefixes = isRecord(props) ? props.addressPrefixes : undefined;
    if (!Array.isArray(prefixes)) return fail(`values[${i}].properties.addressPrefixes is not an array`);
    prefixes.forEach((p: unknown, j) => out.add(p, `values[${i}].properties.addressPrefixes[${j}]`));
  }
  return out.result();
}
