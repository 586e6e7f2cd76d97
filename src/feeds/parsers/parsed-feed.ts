/**
 * What a feed parser returns, and the helpers every parser shares. Pure, never throws.
 *
 * A parse succeeds only when the whole body is well formed: one malformed entry, a truncated
 * JSON document or an HTML error page fails it, and the updater keeps the last good copy.
 * Error texts name the position, never the entry's value, so they stay short in logs.
 */
import { canonicalIp, cidrToString, parseCidr, parseIpLiteral } from '../../signals/ip/parse.ts';
import type { Cidr, IpFamily } from '../../signals/ip/prefix-table.ts';

export type ParsedFeed =
  /** Cloud ranges, deduplicated (AWS lists one CIDR under several services). */
  | { readonly kind: 'prefixes'; readonly prefixes: readonly Cidr[] }
  /** Single addresses in canonical text (normalizeIp form), deduplicated. */
  | { readonly kind: 'addresses'; readonly addresses: readonly string[] }
  /** RDAP servers: lowercase TLD (or suffix) -> base URL ending in `/`. */
  | { readonly kind: 'rdap-servers'; readonly servers: ReadonlyMap<string, string> };

export type FeedParseResult =
  | { readonly ok: true; readonly feed: ParsedFeed; readonly entries: number }
  | { readonly ok: false; readonly error: string };

export type FeedParser = (body: string) => FeedParseResult;

export const fail = (error: string): FeedParseResult => ({ ok: false, error });

/** JSON.parse that reports instead of throwing; strips a UTF-8 BOM (Microsoft's files may carry one). */
export function parseJsonBody(body: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(stripBom(body)) as unknown };
  } catch {
    return { ok: false, error: 'not valid JSON (truncated or corrupt)' };
  }
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Collects prefixes, deduplicated by network; the first error stops collection. */
export class PrefixCollector {
  private readonly seen = new Map<string, Cidr>();
  error: string | undefined;

  /** Adds `value` as a CIDR of `family` (any family when omitted); records an error otherwise. */
  add(value: unknown, where: string, family?: IpFamily): boolean {
    if (this.error !== undefined) return false;
    const cidr = typeof value === 'string' ? parseCidr(value) : undefined;
    if (cidr === undefined || (family !== undefined && cidr.family !== family)) {
      this.error = `${where}: not an IPv${family ?? '4/6'} CIDR`;
      return false;
    }
    const key = cidrToString(cidr);
    if (!this.seen.has(key)) this.seen.set(key, cidr);
    return true;
  }

  result(): FeedParseResult {
    if (this.error !== undefined) return fail(this.error);
    const prefixes = [...this.seen.values()];
    return { ok: true, feed: { kind: 'prefixes', prefixes }, entries: prefixes.length };
  }
}

/** Collects single addresses in canonical form (IPv4-mapped folded), deduplicated. */
export class AddressCollector {
  private readonly seen = new Set<string>();
  error: string | undefined;

  add(value: string, where: string): boolean {
    if (this.error !== undefined) return false;
    const ip = parseIpLiteral(value);
    if (ip === undefined || ip.hasZone) {
      this.error = `${where}: not an IP address`;
      return false;
    }
    this.seen.add(canonicalIp(ip));
    return true;
  }

  result(): FeedParseResult {
    if (this.error !== undefined) return fail(this.error);
    const addresses = [...this.seen];
    return { ok: true, feed: { kind: 'addresses', addresses }, entries: addresses.length };
  }
}

/** Splits text into lines (LF or CRLF), with 1-based line numbers for error messages. */
export function* lines(text: string): Generator<[lineNo: number, line: string]> {
  const all = stripBom(text).split('\n');
  for (let i = 0; i < all.length; i++) yield [i + 1, (all[i] ?? '').replace(/\r$/, '')];
}
