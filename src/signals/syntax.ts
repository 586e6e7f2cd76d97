/**
 * The syntax policy: a practical address as mail systems accept it (docs/signals-policy.md).
 * Pure and total: returns `{ ok: false, error }` for every bad input, never throws.
 * Error texts name the field and the rule and never echo the input (privacy).
 */
import type { ParsedAddress } from '../domain/check.ts';
import { checkDomain, type DomainPolicy } from './syntax-domain.ts';
import { checkLocalPart, LOCAL_OCTETS_ERROR, utf8Length } from './syntax-local.ts';

export type ParseResult = { ok: true; address: ParsedAddress } | { ok: false; error: string };

const MAX_TOTAL = 254;
/** C0 controls, DEL and C1 controls: header injection or broken CSV, never part of an address. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Any Unicode space separator (incl. NBSP, ideographic space) or line/paragraph separator. */
const SPACE = /[\p{Z}]/u;
/**
 * Blanks around the address are forgiven (form fields, pasted text): spaces, tabs, every
 * Unicode space separator (NBSP, em space, ideographic space, ...) and a byte-order mark.
 * Line breaks and other control characters are not, anywhere: every reference validator
 * rejects them, and they mean header injection or a broken CSV. See the policy doc.
 */
const EDGE_BLANKS = /^[\t\p{Zs}\ufeff]+|[\t\p{Zs}\ufeff]+$/gu;
const isEdgeBlank = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0xa0 || c === 0xfeff || (c >= 0x1680 && c <= 0x3000);

const fail = (error: string): ParseResult => ({ ok: false, error });

function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Count a well-formed surrogate pair once; a lone surrogate counts as one.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** One pass over the input: is it pure printable ASCII without space, quotes, brackets or parentheses? */
function isPlainAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 0x22 || c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e) return false;
  }
  return true;
}

export function parseAddress(input: string, domainPolicy?: DomainPolicy): ParseResult {
  if (typeof input !== 'string') return fail('email: must be a string');
  // Bound the work before any regex runs over a huge input.
  if (input.length > 4 * MAX_TOTAL + 64) {
    if (input.replace(EDGE_BLANKS, '').length > 2 * MAX_TOTAL) return fail('email: must be at most 254 characters');
  }
  // Cheap test first: most inputs have nothing to trim.
  const raw = isEdgeBlank(input.charCodeAt(0)) || isEdgeBlank(input.charCodeAt(input.length - 1)) ? input.replace(EDGE_BLANKS, '') : input;
  if (raw.length === 0) return fail('email: must not be empty');
  // Common case first: plain ASCII needs none of the Unicode-aware checks below.
  if (!isPlainAscii(raw)) {
    if (codePointLength(raw) > MAX_TOTAL) return fail('email: must be at most 254 characters');
    if (CONTROL.test(raw)) return fail('email: must not contain control characters');
    if (raw.includes('<') || raw.includes('>')) {
      return fail('email: must be a bare address, without a display name or angle brackets');
    }
    if (raw.charCodeAt(0) === 0x22 /* " */ || raw.includes('"@')) {
      return fail('email: quoted local parts are not accepted');
    }
    if (raw.includes('(') || raw.includes(')')) return fail('email: comments are not accepted');
    if (SPACE.test(raw)) return fail('email: must not contain spaces');
  } else if (raw.length > MAX_TOTAL) {
    return fail('email: must be at most 254 characters');
  }

  const at = raw.indexOf('@');
  if (at === -1 || raw.indexOf('@', at + 1) !== -1) return fail('email: must contain exactly one @');

  // Each side lowercased on its own: lowercasing can change a string's length (U+0130 İ
  // becomes i + U+0307), so `at` only holds for the raw text.
  const rawLocal = raw.slice(0, at).toLowerCase();
  const rawDomain = raw.slice(at + 1).toLowerCase();
  const email = `${rawLocal}@${rawDomain}`;
  let local = rawLocal;
  if (!isPlainAscii(rawLocal)) {
    try {
      local = rawLocal.normalize('NFC');
    } catch {
      return fail('email: local part contains an unsafe Unicode character');
    }
  }
  const localError = checkLocalPart(local);
  if (localError !== undefined) return fail(localError);
  // Octet limits hold for the form the sender's client transmits, which may be un-normalised.
  const localOctets = Math.max(utf8Length(rawLocal), utf8Length(local));
  if (localOctets > 64) {
    return fail(localOctets === local.length ? 'email: local part must be at most 64 characters' : LOCAL_OCTETS_ERROR);
  }

  const domain = checkDomain(rawDomain, domainPolicy);
  if (!domain.ok) return fail(domain.error);
  // RFC 5321's path limit: 254 octets as sent, local part in UTF-8 and the domain in its ASCII
  // (A-label) form. Stricter than 254 characters only for non-ASCII addresses.
  if (localOctets + 1 + domain.ascii.length > MAX_TOTAL) {
    return fail('email: must be at most 254 octets as sent (local part in UTF-8, domain in ASCII form)');
  }
  return { ok: true, address: { email, local, domain: domain.ascii } };
}
