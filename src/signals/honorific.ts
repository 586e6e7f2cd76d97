/**
 * Titles before a name ("mr.john", "barr_mike", "mrjohnson"): the voice of scam personas;
 * people rarely put their own title in their address. Pure.
 */
import type { NameTables } from './names.ts';
import { NAME } from './token-trie.ts';

const isSeparator = (c: number) => c === 46 || c === 95 || c === 45;
const isLetter = (c: number) => c >= 97 && c <= 122;

/**
 * Titles that precede a name; people rarely put their own title in their address. The personas
 * of advance-fee, romance and "recovery" scams write them (FTC and Action Fraud warnings: the
 * barrister, the diplomat, the agent, the army officer); round 18 added `mister`, `agent`,
 * `sgt`, `colonel`, `evangelist`, `apostle` (docs/scorecard.md §4).
 */
const HONORIFICS = [
  'mr', 'mrs', 'dr', 'engr', 'barr', 'barrister', 'prof', 'rev', 'pastor', 'madam', 'chief', 'prince', 'princess', 'sheikh', 'capt',
  'mister', 'agent', 'sgt', 'colonel', 'evangelist', 'apostle',
];
/**
 * Titles that count only before a separator ("ms.helen", "sir_james", "lady.anne", "col.ray"):
 * glued, their letters begin names and initials-and-name handles ("msanders" is M. Sanders,
 * "sirena", "ladonna", "colin").
 */
const SEPARATED_ONLY = ['ms', 'sir', 'lady', 'col'];

/**
 * A title followed by a separator and letters ("mr.john", "dr_smith"), or glued to a name
 * of 4+ letters ("mrjohnson"), so that given names starting with the same letters
 * ("drew", "mrinal", "revathi") are not mistaken for one; nor, glued, a listed name that starts
 * with the title's letters and runs past them ("mrunal" is Mrunal, not Mr Unal).
 */
export function hasHonorific(body: string, tables: NameTables): boolean {
  for (const t of HONORIFICS) {
    if (!body.startsWith(t) || body.length <= t.length) continue;
    const next = body.charCodeAt(t.length);
    if (isSeparator(next)) {
      if (isLetter(body.charCodeAt(t.length + 1))) return true;
      continue;
    }
    // Glued: a listed name of 4+ letters follows, and no listed name runs on through the title
    // ("mrunal", "revamol", "engracia", "dragan" are given names, not a title and a name).
    if (isLetter(next) && longestNamePrefix(body, t.length, tables) >= 4 && longestNamePrefix(body, 0, tables) <= t.length) return true;
  }
  for (const t of SEPARATED_ONLY) {
    if (body.startsWith(t) && isSeparator(body.charCodeAt(t.length)) && isLetter(body.charCodeAt(t.length + 1))) return true;
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
