/**
 * Person-name and common-word lists of the name tables (src/signals/names.ts), read from
 * name-lists-data.ts: built at build time from the locale data of `@faker-js/faker`, the npm
 * package `random-indian-name`, faker's Thai names in RTGS and the Mandarin syllables, all folded
 * to a-z (scripts/name-lists-source.ts says how and why). Reading them costs a few milliseconds;
 * building them loaded faker and the transliteration tables at every start, on every thread that
 * imported this module (about 1.5 s of CPU each).
 *
 * Pure: module imports only; the caller builds the tables once at start.
 */
import { COMMON_WORDS_TEXT, FAMILY_NAMES_TEXT, GIVEN_NAMES_TEXT } from './name-lists-data.ts';
import { THAI_FAMILY_NAMES_TEXT, THAI_GIVEN_NAMES_TEXT } from './thai-names.ts';
import { US_SURNAMES_TEXT } from './us-surnames.ts';

export interface NameLists {
  /** Given names, folded, unique, length >= 2. */
  readonly first: readonly string[];
  /** Family names (incl. particles such as `van`, `de`), folded, unique, length >= 2. */
  readonly last: readonly string[];
  /** Common words (English plus the few locales faker has word lists for), folded, unique. */
  readonly words: readonly string[];
  /** US family names with 1,000+ bearers (Census 2010) that hold a service word's letters, folded, unique; not part of `last`. */
  readonly usLast: readonly string[];
}

/** Builds the folded lists (sorted, as generated). */
export function loadNameLists(): NameLists {
  // Already folded to a-z by scripts/us-surnames.py: no transliteration needed.
  const usLast = [...new Set(usSurnames())].sort();
  return { first: words(GIVEN_NAMES_TEXT), last: words(FAMILY_NAMES_TEXT), words: words(COMMON_WORDS_TEXT), usLast };
}

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w.length > 0);

/** faker's Thai names in RTGS (thai-names.ts, generated once by scripts/thai-names.py). */
export function thaiNames(): { readonly first: readonly string[]; readonly last: readonly string[] } {
  return { first: words(THAI_GIVEN_NAMES_TEXT), last: words(THAI_FAMILY_NAMES_TEXT) };
}

/** The US Census Bureau's 2010 family names with 1,000+ bearers that hold a service word's letters (us-surnames.ts, scripts/us-surnames.py). */
export function usSurnames(): readonly string[] {
  return US_SURNAMES_TEXT.split(/\s+/).filter((w) => w.length > 0);
}
