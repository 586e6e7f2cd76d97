/**
 * Free text a customer gives us to keep (a rule's note, a key's name) is stored as written, so
 * it must not carry what the privacy invariant keeps out of every store: an email address or an
 * IP address. Pure.
 */
import { parseIpLiteral } from '../signals/ip/parse.ts';

const ADDRESS = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/u;
const SEPARATORS = /[\s,;()[\]<>"'/]+/u;

/**
 * The rule the text breaks (`<field>: ...`), or undefined when it may be stored. `addressAdvice`:
 * what the caller's field offers instead of an address written into it (a rule note: email rules).
 */
export function personalDataIn(field: string, text: string, addressAdvice?: string): string | undefined {
  if (ADDRESS.test(text)) return `${field}: must not contain an email address (it is stored as written${addressAdvice ? `; ${addressAdvice}` : ''})`;
  // IPv4 with a trailing dot or port still names the address: check the token and its prefix.
  for (const token of text.split(SEPARATORS)) {
    const bare = token.replace(/[.:]+$/, '');
    if (bare && (parseIpLiteral(bare) || parseIpLiteral(bare.replace(/:\d+$/, '')))) return `${field}: must not contain an IP address (it is stored as written)`;
  }
  return undefined;
}
