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

const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The refusal of an unknown top-level name (`smallfirm.cmo`): check/typo-hint adds a suggestion to it. */
export const NO_PUBLIC_SUFFIX = 'email: domain has no known public suffix';

export type DomainCheck = { ok: true; ascii: string } | { ok: false; error: string };

const fail = (error: string): DomainCheck => ({ ok: false, error });

const isLdh = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d;

/**
 * 0: plain lowercase LDH-and-dots ASCII; 1: has non-ASCII (needs IDNA); -1: has an ASCII
 * character other than LDH and dots. Those are rejected before IDNA: `domainToASCII` follows URL
 * host parsing and would silently cut `example.com#x` or `example.com/path` at the delimiter.
 */
function scan(domain: string): -1 | 0 | 1 {
  let nonAscii = false;
  for (let i = 0; i < domain.length; i++) {
    const c = domain.charCodeAt(i);
    if (c >= 0x80) nonAscii = true;
    else if (!isLdh(c) && c !== 0x2e) return -1;
  }
  return nonAscii ? 1 : 0;
}

/** Label rules on the ASCII form; returns an error message or undefined. */
function checkLabels(ascii: string): string | undefined {
  if (ascii.indexOf('.') === -1) return 'email: domain must contain a dot';
  let start = 0;
  while (start <= ascii.length) {
    let end = ascii.indexOf('.', start);
    if (end === -1) end = ascii.length;
    const len = end - start;
    if (len === 0) return 'email: domain must not contain an empty label (leading dot or two dots in a row)';
    if (len > 63) return 'email: domain labels must be at most 63 characters';
    for (let i = start; i < end; i++) {
      if (!isLdh(ascii.charCodeAt(i))) return 'email: domain labels may contain only letters, digits and inner hyphens';
    }
    if (ascii.charCodeAt(start) === 0x2d || ascii.charCodeAt(end - 1) === 0x2d) {
      return 'email: domain labels may contain only letters, digits and inner hyphens';
    }
    // RFC 5891 §4.2.3.1: "--" in positions 3-4 is reserved for A-labels ("xn--").
    if (len >= 4 && ascii.charCodeAt(start + 2) === 0x2d && ascii.charCodeAt(start + 3) === 0x2d && !ascii.startsWith('xn--', start)) {
      return 'email: domain label must not have "--" in the third and fourth positions';
    }
    start = end + 1;
  }
  return undefined;
}

export interface DomainPolicy {
  /**
   * Accepts an ASCII domain under no real public suffix that passed every other rule: the check
   * pipeline's exception for a mistyped top-level name (check/typo-hint.ts).
   */
  readonly acceptUnknownSuffix?: (ascii: string) => boolean;
  /**
   * The answers already given under this policy, by domain (the caller keeps one per policy:
   * the answer is a function of the two). Traffic is concentrated on few domains, and each
   * check of one ran the same label scans and Public Suffix List walk. Bounded: starts over when full.
   */
  readonly memo?: Map<string, DomainCheck>;
}

/** Domains one policy's memo holds before it starts over. */
const MEMO_DOMAINS = 16_384;

/** Converts and checks a lowercased domain. */
export function checkDomain(domain: string, policy: DomainPolicy = {}): DomainCheck {
  const memo = policy.memo;
  if (memo === undefined) return checkDomainOnce(domain, policy);
  let answer = memo.get(domain);
  if (answer === undefined) {
    if (memo.size >= MEMO_DOMAINS) memo.clear();
    memo.set(domain, (answer = checkDomainOnce(domain, policy)));
  }
  return answer;
}

function checkDomainOnce(domain: string, policy: DomainPolicy): DomainCheck {
  if (domain.length === 0) return fail('email: domain must not be empty');
  if (domain.charCodeAt(0) === 0x5b /* [ */) return fail('email: IP-literal domains are not accepted');
  if (DOTTED_QUAD.test(domain)) return fail('email: domain must be a host name, not an IP address');

  const kind = scan(domain);
  if (kind === -1) return fail('email: domain labels may contain only letters, digits and inner hyphens');
  let ascii = domain;
  // Fast path: plain lowercase LDH without A-labels needs no IDNA processing.
  if (kind === 1 || domain.includes('xn--')) {
    ascii = domainToASCII(domain);
    if (ascii === '') return fail('email: domain is not a valid internationalised domain name');
  }
  if (ascii.endsWith('.')) return fail('email: domain must not end with a dot');
  if (ascii.length > 253) return fail('email: domain must be at most 253 characters');
  const labelError = checkLabels(ascii);
  if (labelError !== undefined) return fail(labelError);

  const tld = ascii.slice(ascii.lastIndexOf('.') + 1);
  if (SPECIAL_USE_TLDS.has(tld)) return fail(`email: domain uses the special-use top-level domain .${tld}`);

  const parsed = parse(ascii, { allowPrivateDomains: false, extractHostname: false, validateHostname: false });
  if (parsed.isIcann !== true && policy.acceptUnknownSuffix?.(ascii) !== true) return fail(NO_PUBLIC_SUFFIX);
  if (parsed.domain === null || parsed.domain === '') return fail('email: domain is a public suffix, not a mail domain');
  return { ok: true, ascii };
}
