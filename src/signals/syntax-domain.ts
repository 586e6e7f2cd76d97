/**
 * Domain (after the @) syntax: an internationalised host name converted to ASCII (UTS #46,
 * non-transitional, as WHATWG URL does it), LDH labels, a real ICANN public suffix, and no
 * special-use names. Pure: `domainToASCII` is a deterministic function, and tldts ships the
 * Public Suffix List as data.
 */
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';

/**
 * Special-use and reserved top-level names (RFC 6761 test/example/invalid/localhost, RFC 6762
 * local, RFC 7686 onion, RFC 9476 alt, RFC 3172 arpa, ICANN's reserved `internal`). Mail to them
 * never reaches a person. `onion` and `arpa` are ICANN suffixes in the PSL, so the public-suffix
 * rule alone would accept them.
 */
export const SPECIAL_USE_TLDS: ReadonlySet<string> = new Set([
  'test',
  'example',
  'invalid',
  'localhost',
  'local',
  'onion',
  'alt',
  'arpa',
  'internal',
]);

const PLAIN_ASCII_HOST = /^[a-z0-9.-]+$/;
/**
 * ASCII characters other than LDH and dots are rejected before IDNA: `domainToASCII` follows
 * URL host parsing and would silently cut `example.com#x` or `example.com/path` at the delimiter.
 */
const BAD_ASCII = /[\u0000-\u002c\u002f\u003a-\u0060\u007b-\u007f]/;
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export type DomainCheck = { ok: true; ascii: string } | { ok: false; error: string };

const fail = (error: string): DomainCheck => ({ ok: false, error });

/** Converts and checks a lowercased domain. */
export function checkDomain(domain: string): DomainCheck {
  if (domain.length === 0) return fail('email: domain must not be empty');
  if (domain.charCodeAt(0) === 0x5b /* [ */) return fail('email: IP-literal domains are not accepted');
  if (DOTTED_QUAD.test(domain)) return fail('email: domain must be a host name, not an IP address');

  if (BAD_ASCII.test(domain)) return fail('email: domain labels may contain only letters, digits and inner hyphens');
  let ascii = domain;
  // Fast path: plain lowercase LDH without A-labels needs no IDNA processing.
  if (!PLAIN_ASCII_HOST.test(domain) || domain.includes('xn--')) {
    ascii = domainToASCII(domain);
    if (ascii === '') return fail('email: domain is not a valid internationalised domain name');
  }
  if (ascii.endsWith('.')) return fail('email: domain must not end with a dot');
  if (ascii.length > 253) return fail('email: domain must be at most 253 characters');

  const labels = ascii.split('.');
  if (labels.length < 2) return fail('email: domain must contain a dot');
  for (const label of labels) {
    if (label.length === 0) return fail('email: domain must not contain an empty label (leading dot or two dots in a row)');
    if (label.length > 63) return fail('email: domain labels must be at most 63 characters');
    if (!LDH_LABEL.test(label)) {
      return fail('email: domain labels may contain only letters, digits and inner hyphens');
    }
    // RFC 5891 §4.2.3.1: "--" in positions 3-4 is reserved for A-labels ("xn--").
    if (label.length >= 4 && label[2] === '-' && label[3] === '-' && !label.startsWith('xn--')) {
      return fail('email: domain label must not have "--" in the third and fourth positions');
    }
  }

  const tld = labels[labels.length - 1] as string;
  if (SPECIAL_USE_TLDS.has(tld)) return fail(`email: domain uses the special-use top-level domain .${tld}`);

  const parsed = parse(ascii, { allowPrivateDomains: false, extractHostname: false, validateHostname: false });
  if (parsed.isIcann !== true) return fail('email: domain has no known public suffix');
  if (parsed.domain === null || parsed.domain === '') return fail('email: domain is a public suffix, not a mail domain');
  return { ok: true, ascii };
}
