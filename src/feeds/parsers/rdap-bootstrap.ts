/**
 * IANA's RDAP bootstrap file for DNS (RFC 9224, https://data.iana.org/rdap/dns.json):
 * `{version, publication, services: [[[tld, ...], [baseUrl, ...]], ...]}`. Parsed into TLD ->
 * base URL (https preferred when an entry lists both). Pure, never throws.
 */
import { fail, isRecord, parseJsonBody, type FeedParseResult } from './parsed-feed.ts';

export function parseRdapBootstrap(body: string): FeedParseResult {
  const json = parseJsonBody(body);
  if (!json.ok) return fail(json.error);
  const doc = json.value;
  if (!isRecord(doc) || !Array.isArray(doc.services)) return fail('no services array');
  const servers = new Map<string, string>();
  for (let i = 0; i < doc.services.length; i++) {
    const entry: unknown = doc.services[i];
    if (!Array.isArray(entry) || entry.length < 2 || !Array.isArray(entry[0]) || !Array.isArray(entry[1])) return fail(`services[${i}]: not [[tlds], [urls]]`);
    const urls = (entry[1] as unknown[]).filter((u): u is string => typeof u === 'string' && /^https?:\/\/[^/\s]+/i.test(u));
    const base = urls.find((u) => /^https:/i.test(u)) ?? urls[0];
    if (base === undefined) return fail(`services[${i}]: no http(s) base URL`);
    for (const tld of entry[0] as unknown[]) {
      if (typeof tld !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(tld)) return fail(`services[${i}]: not a TLD`);
      servers.set(tld.toLowerCase(), base.endsWith('/') ? base : `${base}/`);
    }
  }
  return { ok: true, feed: { kind: 'rdap-servers', servers }, entries: servers.size };
}
