/**
 * Titles before a name ("mr.john", "barr_mike", "mrjohnson"): the voice of scam personas;
 * people rarely put their own title in their address. Pure.
 */
import type { NameTables } from './names.ts';
import { NAME } from './token-trie.ts';

const isSeparator = (c: number) => c === 46 || c === 95 || c === 45;
const isLetter = (c: number) => c >= 97 && c <= 122;

/** Titles that precede a name; people rarely put their own title in their address. */
const HONORIFICS = ['mr', 'mrs', 'dr', 'engr', 'barr', 'barrister', 'prof', 'rev', 'pastor', 'madam', 'chief', 'prince', 'princess', 'sheikh', 'capt'];

/**
 * A title followed by a separator and letters ("mr.john", "dr_smith"), or glued to a name
 * of 4+ letters ("mrjohnson"), so that given names starting with the same letters
 * ("drew", "mrinal", "revathi") are not mistaken for one.
 */
export function hasHonorific(body: string, tables: NameTables): boolean {
  for (const t of HONORIFICS) {
    if (!body.startsWith(t) || body.length <= t.length) continue;
    const next = body.charCodeAt(t.length);
    if (isSeparator(next)) {
      if (isLetter(body.charCodeAt(t.length + 1))) return true;
      continue;
    }
    if (isLetter(next) && longestNamePrefix(body, t.length, tables) >= 4) return true;
  }
  return false;
}

function longestNamePrefix(s: string, from: number, tables: NameTables): number {
  const { children, flags } = tables.trie;
  let node = 0, best = 0;
  for (let j = from; j < s.length; j++) {
    const c = s.charCodeAt(j) - 97;
    if (c < 0 || c >= 26) break;
    node = children[node * 26 + c]!;
    if (node === 0) break;
    if (flags[node]! & NAME) best = j - from + 1;
  }
  return best;
}
