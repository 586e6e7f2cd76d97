/**
 * Local-part (before the @) syntax: RFC 5321 dot-atom with RFC 6531 UTF-8 characters.
 * Pure; see docs/signals-policy.md for the policy and where it departs from other validators.
 */

/** ASCII atext per RFC 5322 §3.2.3: letters, digits and these symbols. Indexed by char code. */
const ASCII_ATEXT: readonly boolean[] = (() => {
  const table = new Array<boolean>(128).fill(false);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    table[c] = /[A-Za-z0-9]/.test(ch) || "!#$%&'*+-/=?^_`{|}~".includes(ch);
  }
  return table;
})();

/**
 * Characters that show nothing: every Default_Ignorable_Code_Point (zero-width space, ZWNJ,
 * ZWJ, word joiner, soft hyphen, Hangul fillers U+115F/U+1160/U+3164/U+FFA0, variation
 * selectors, tag characters, invisible operators, ...) plus U+2800 BRAILLE PATTERN BLANK,
 * which renders as a blank although it is a symbol. In a mailbox name they make two
 * addresses that look the same and are not: refused, the joiners included (Persian and Indic
 * names are written without them in addresses; providers do not issue them).
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/u;
export const INVISIBLE_ERROR = 'email: local part must not contain invisible characters (zero-width, joiners, fillers, variation selectors)';
/**
 * Other non-ASCII characters a mail system should not accept in a mailbox name even with
 * SMTPUTF8: controls, format characters (bidi overrides), separators/spaces, surrogates,
 * private use and unassigned code points (which include the noncharacters).
 */
const UNSAFE_NON_ASCII = /[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cs}\p{Cn}]/u;
/** A combining mark cannot start a dot-separated segment: it would attach to the dot or the start. */
const MARK_AT_SEGMENT_START = /(?:^|\.)\p{M}/u;

const encoder = new TextEncoder();

/** UTF-8 length without allocating for the common all-ASCII case. */
export function utf8Length(s: string): number {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0x7f) return encoder.encode(s).length;
  }
  return s.length;
}

/** RFC 5321 §4.5.3.1.1 counts octets: for a non-ASCII local part the message says so. */
export const LOCAL_OCTETS_ERROR = 'email: local part must be at most 64 octets in UTF-8 (RFC 5321)';

/**
 * Checks an already NFC-normalised local part. Returns an error message (`email: ...`) or
 * undefined when the local part is acceptable.
 */
export function checkLocalPart(local: string): string | undefined {
  if (local.length === 0) return 'email: local part must not be empty';
  if (local.charCodeAt(0) === 0x2e || local.charCodeAt(local.length - 1) === 0x2e) {
    return 'email: local part must not start or end with a dot';
  }
  let nonAscii = false;
  let prevDot = false;
  for (let i = 0; i < local.length; i++) {
    const c = local.charCodeAt(i);
    if (c === 0x2e) {
      if (prevDot) return 'email: local part must not contain two dots in a row';
      prevDot = true;
      continue;
    }
    prevDot = false;
    if (c < 0x80) {
      if (!ASCII_ATEXT[c]) return 'email: local part contains a character that is not allowed';
    } else {
      nonAscii = true;
    }
  }
  if (nonAscii) {
    if (INVISIBLE.test(local)) return INVISIBLE_ERROR;
    if (UNSAFE_NON_ASCII.test(local)) {
      return 'email: local part contains an unsafe Unicode character';
    }
    if (MARK_AT_SEGMENT_START.test(local)) {
      return 'email: local part must not start a segment with a combining mark';
    }
  }
  // RFC 5321 §4.5.3.1.1 counts octets; with SMTPUTF8 that is UTF-8 octets.
  if (utf8Length(local) > 64) return nonAscii ? LOCAL_OCTETS_ERROR : 'email: local part must be at most 64 characters';
  return undefined;
}
