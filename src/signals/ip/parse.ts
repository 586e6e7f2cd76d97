/**
 * IP literal and CIDR syntax, on top of ipaddr.js. Pure; never throws.
 *
 * Strictness, on purpose narrower than ipaddr.js's own `parse` (which accepts the inet_aton
 * forms `127.1`, `0x7f.0.0.1`, `2130706433` and reads `010.1.1.1` as octal 8.1.1.1):
 * - IPv4 is dotted-quad decimal only, no leading zeros. Anything else is `invalid`, so two
 *   spellings of one address can never hash differently or dodge a lookup. Once our strict
 *   pattern has matched, all that is left is four decimal numbers <= 255, read directly
 *   (ipaddr.js's IPv4 parser would cost several times more on the request path for nothing).
 * - IPv6 is parsed by ipaddr.js.
 *   RFC 4291 text, any case; an embedded dotted quad follows the IPv4 rule.
 * - IPv4-mapped (`::ffff:a.b.c.d`, `::ffff:102:304`) and the deprecated IPv4-compatible dotted
 *   form (`::a.b.c.d`, which ipaddr.js reads as mapped) fold to the IPv4 address.
 * - Surrounding whitespace is trimmed (like the email field); brackets, ports and CIDR
 *   suffixes are not addresses.
 * - A zone index (`fe80::1%eth0`) is kept as a flag: it only exists for non-global scopes.
 *
 * Canonical text (canonicalIp): IPv4 dotted decimal, IPv6 RFC 5952 (lowercase, `::`
 * compression), no zone. It is computed on demand: lookups work on the words alone.
 */
import ipaddr from 'ipaddr.js';
import type { Cidr, IpFamily } from './prefix-table.ts';

export interface IpLiteral {
  readonly family: IpFamily;
  /** Big-endian uint32 words: 1 for IPv4, 4 for IPv6 (as prefix-table.ts expects). */
  readonly words: readonly number[];
  readonly hasZone: boolean;
}

/** Longest IPv6 text with an embedded IPv4 is 45 characters; leave room for a zone index. */
const MAX_LITERAL_LENGTH = 64;
const DOTTED_QUAD = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;

function v4FromOctets(a: number, b: number, c: number, d: number, hasZone: boolean): IpLiteral {
  return { family: 4, words: [((a << 24) | (b << 16) | (c << 8) | d) >>> 0], hasZone };
}

function wordsFromParts(parts: readonly number[]): number[] {
  const words: number[] = [];
  for (let i = 0; i < 8; i += 2) words.push((((parts[i] ?? 0) << 16) | (parts[i + 1] ?? 0)) >>> 0);
  return words;
}

/** A dotted quad embedded at the end of an IPv6 text must be strict decimal too. */
function embeddedQuadIsStrict(addressPart: string): boolean {
  if (!addressPart.includes('.')) return true;
  return DOTTED_QUAD.test(addressPart.slice(addressPart.lastIndexOf(':') + 1));
}

function parseV4(text: string): IpLiteral | undefined {
  if (!DOTTED_QUAD.test(text)) return undefined;
  const dot1 = text.indexOf('.');
  const dot2 = text.indexOf('.', dot1 + 1);
  const dot3 = text.indexOf('.', dot2 + 1);
  const a = Number(text.slice(0, dot1));
  const b = Number(text.slice(dot1 + 1, dot2));
  const c = Number(text.slice(dot2 + 1, dot3));
  const d = Number(text.slice(dot3 + 1));
  if (a > 255 || b > 255 || c > 255 || d > 255) return undefined;
  return v4FromOctets(a, b, c, d, false);
}

function parseV6(text: string): IpLiteral | undefined {
  const pct = text.indexOf('%');
  const addressPart = pct < 0 ? text : text.slice(0, pct);
  if (!embeddedQuadIsStrict(addressPart)) return undefined;
  let addr: ipaddr.IPv6;
  try {
    addr = ipaddr.IPv6.parse(text);
  } catch {
    return undefined;
  }
  const hasZone = pct >= 0;
  const p = addr.parts;
  // IPv4-mapped ::ffff:0:0/96 (checked on the parts: ipaddr's range() scans every special range).
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0xffff) {
    const hi = p[6] ?? 0;
    const lo = p[7] ?? 0;
    return v4FromOctets(hi >>> 8, hi & 255, lo >>> 8, lo & 255, hasZone);
  }
  return { family: 6, words: wordsFromParts(p), hasZone };
}

function partsFromWords(words: readonly number[]): number[] {
  const parts: number[] = [];
  for (const w of words) parts.push(w >>> 16, w & 0xffff);
  return parts;
}

/** Canonical text of an address: dotted decimal, or RFC 5952 for IPv6; never a zone. */
export function canonicalIp(ip: Pick<IpLiteral, 'family' | 'words'>): string {
  const w = ip.words[0] ?? 0;
  if (ip.family === 4) return `${w >>> 24}.${(w >>> 16) & 255}.${(w >>> 8) & 255}.${w & 255}`;
  return new ipaddr.IPv6(partsFromWords(ip.words)).toRFC5952String();
}

/** Parses one IP literal; `undefined` means "not an IP address" (the `invalid` reason). */
export function parseIpLiteral(input: unknown): IpLiteral | undefined {
  if (typeof input !== 'string') return undefined;
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_LITERAL_LENGTH) return undefined;
  return text.includes(':') ? parseV6(text) : parseV4(text);
}

/** Clears the host bits so equal networks written differently become one prefix. */
function maskWords(words: readonly number[], length: number): number[] {
  return words.map((word, i) => {
    const keep = Math.max(0, Math.min(32, length - 32 * i));
    if (keep === 0) return 0;
    if (keep === 32) return word;
    return (word & (~0 << (32 - keep))) >>> 0;
  });
}

/**
 * Parses `address/length` with the same strictness as parseIpLiteral (no zone, no folding:
 * a feed prefix is taken as written). Host bits are cleared. `undefined` when malformed.
 */
export function parseCidr(input: string): Cidr | undefined {
  const text = input.trim();
  const slash = text.indexOf('/');
  if (slash <= 0 || text.length > MAX_LITERAL_LENGTH + 4) return undefined;
  const lengthText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(lengthText)) return undefined;
  const length = Number(lengthText);
  const addressText = text.slice(0, slash);
  if (addressText.includes('%')) return undefined;
  if (addressText.includes(':')) {
    if (length > 128 || !embeddedQuadIsStrict(addressText)) return undefined;
    try {
      const parts = ipaddr.IPv6.parse(addressText).parts;
      return { family: 6, words: maskWords(wordsFromParts(parts), length), length };
    } catch {
      return undefined;
    }
  }
  const v4 = parseV4(addressText);
  if (v4 === undefined || length > 32) return undefined;
  return { family: 4, words: maskWords(v4.words, length), length };
}

/** Text form of a prefix (IPv4 dotted, IPv6 RFC 5952), for docs, tests and dedupe keys. */
export function cidrToString(cidr: Cidr): string {
  return `${canonicalIp(cidr)}/${cidr.length}`;
}
