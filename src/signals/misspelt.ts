/**
 * Service words written with one slip: a letter left out (`suport`, `paymnt`, `upgrad`), a
 * neighbouring pair swapped (`wbemaster`) or a letter doubled (`seccurity`). Typo-squatting
 * generates its domains with exactly these edits (dnstwist's omission, transposition and
 * repetition; Agten et al., "Seven months' worth of mistakes", NDSS 2015), phishing and
 * advance-fee mail spells its desks so to slip past keyword filters (APWG's trends reports;
 * Herley, "Why do Nigerian scammers say they are from Nigeria?", WEIS 2012, on the misspelling
 * as the scam's own mark), and the look-alike readings (leet.ts) already read the homoglyph
 * forms of the same trick. A reading is taken only under the look-alike rule (local-part.ts):
 * the restored word must be a service word at the place that changed, the reading must explain
 * every letter, and it must spell 20 points more service words than the plain one.
 *
 * Only words of 7+ letters: a shorter word less one letter is too often a piece of a name
 * (`sawyer` holds `lawyer` less its l). Never the first letter (a word less its first letter is
 * another word: `enter`, `inner`), never a plural's final `s`, and no edit that spells a listed
 * name, word or service word itself, or a word of the dictionaries of the languages people write
 * their addresses in (`baking` is no `banking` less an n; a translator's `oficial` is Portuguese).
 * A double letter written single (`suport`, `acount`) is left out too: Romance languages spell
 * their own words that way, and their inflected forms are not all in the dictionaries' stems.
 * Pure: tables are built once at start.
 */
import { MISSPELT_DICTIONARY_WORDS } from '../data/misspelt-dictionary-words.ts';
import { SERVICE_WORDS } from '../data/service-words.ts';
import { buildTokenTrie, lookupToken, type TokenTrie } from './token-trie.ts';

export interface MisspeltTables {
  /** The misspelt forms (flag 1 at each form's end). */
  readonly trie: TokenTrie;
  /** Each misspelt form and the service word it stands for. */
  readonly word: ReadonlyMap<string, string>;
}

/** Shortest service word whose slips are read: 7 letters (see the module comment). */
export const MISSPELT_WORD_MIN = 7;

/** The one-slip forms of a word: a letter left out, a neighbouring pair swapped, a letter doubled. */
export function oneSlipForms(word: string): string[] {
  const out = new Set<string>();
  for (let i = 1; i < word.length; i++) {
    // Left out: not the first letter, not a plural's final s, not one of a double letter.
    if (word[i] === word[i - 1] || word[i] === word[i + 1]) continue;
    if (i === word.length - 1 && word[i] === 's') continue;
    out.add(word.slice(0, i) + word.slice(i + 1));
  }
  for (let i = 1; i + 1 < word.length; i++) {
    if (word[i] !== word[i + 1]) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  for (let i = 1; i < word.length; i++) {
    if (word[i] !== word[i - 1] && word[i] !== word[i + 1]) out.add(word.slice(0, i + 1) + word[i] + word.slice(i + 1));
  }
  out.delete(word);
  return [...out];
}

/**
 * Builds the misspelt forms of the long service words that no token of the name tables spells
 * and that are no word of the dictionaries of English, Spanish, French, German, Italian, Dutch,
 * Polish and Portuguese (src/data/misspelt-dictionary-words.ts).
 */
export function buildMisspeltTables(dictionary: TokenTrie): MisspeltTables {
  const words = new Set(MISSPELT_DICTIONARY_WORDS);
  const word = new Map<string, string>();
  for (const w of SERVICE_WORDS) {
    if (w.length < MISSPELT_WORD_MIN) continue;
    for (const form of oneSlipForms(w)) {
      if (lookupToken(dictionary, form) === 0 && !words.has(form) && !word.has(form)) word.set(form, w);
    }
  }
  return { trie: buildTokenTrie([[1, [...word.keys()]]]), word };
}

/**
 * The body with each misspelt service word it holds written right, one reading per form found
 * (the longest form at each start); none when it holds none. A trie walk from each start: this
 * runs on every check.
 */
export function misspeltReadings(body: string, tables: MisspeltTables): string[] {
  const { children, flags } = tables.trie;
  let out: string[] | undefined;
  for (let from = 0; from < body.length; from++) {
    let node = 0;
    let end = -1;
    for (let j = from; j < body.length; j++) {
      const c = body.charCodeAt(j) - 97;
      if (c < 0 || c >= 26) break;
      node = children[node * 26 + c]!;
      if (node === 0) break;
      if (flags[node]) end = j + 1;
    }
    if (end < 0) continue;
    const form = body.slice(from, end);
    const word = tables.word.get(form)!;
    // The word spelled right holds its own forms (`suppor` in `support`): nothing slipped there.
    if (body.startsWith(word, from)) continue;
    const reading = body.slice(0, from) + word + body.slice(end);
    (out ??= []).push(reading);
  }
  return out ?? [];
}
