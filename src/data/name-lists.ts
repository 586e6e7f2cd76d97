/**
 * Person-name and common-word lists, taken from the locale data of `@faker-js/faker`
 * (maintained, MIT, ~60 locales). Faker ships these lists to *generate* realistic people;
 * we use them the other way round, to recognise name parts inside local parts.
 *
 * Faker's Indian locale holds a few hundred given names, and Indian given names are many and
 * long (a glued handle of an unlisted 7-letter given name reads as random letters). The npm
 * package `random-indian-name` (MIT; about 4,100 given names from baby-name sites and 100
 * family names, kept apart as `first_male`/`first_female` and `last`) adds them, given names
 * as given names and family names as family names.
 *
 * Everything is folded to the alphabet local parts actually use: transliterated to ASCII
 * (`transliteration`: Cyrillic, Greek, Han -> pinyin, Hangul, kana, Latin diacritics),
 * lowercased, split on spaces/hyphens. Scripts whose romanisation is not standard enough
 * to appear in addresses (Arabic, Hebrew, Thai, Georgian, ...) are skipped, as are
 * Japanese kanji (their Chinese reading is not how Japanese names are spelled).
 *
 * Thai is the exception made offline: faker's Thai-script given and family names, romanised in
 * RTGS, the Royal Thai General System (thai-names.ts, written by scripts/thai-names.py), join
 * the lists, so that Thai names and the spelling of romanised Thai syllables are known at all
 * (`transliteration` letter-by-letter output of Thai script is not how anyone writes a name).
 *
 * Pure: module imports only; the caller builds this once at start.
 */
import { allLocales } from '@faker-js/faker';
import { createRequire } from 'node:module';
import { transliterate } from 'transliteration';
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

/** Locales whose script transliterates to the spelling people use in addresses. */
const SKIP_LOCALES = new Set(['ar', 'dv', 'fa', 'he', 'ka_GE', 'hy', 'ku_ckb', 'th', 'ur', 'ne', 'ja', 'en_BORK']);
/** Word lists in these locales are Latin-script and common in local parts. */
const WORD_LOCALES = ['en', 'de', 'fr', 'da', 'id_ID', 'pt_BR', 'hu'];
/** Accept only what is left after folding: ASCII letters. */
const FOLDED = /^[a-z]+$/;

type Nested = readonly string[] | Readonly<Record<string, readonly string[] | undefined>> | undefined;

function flatten(list: Nested): string[] {
  if (!list) return [];
  if (Array.isArray(list)) return list as string[];
  return Object.values(list as Record<string, readonly string[] | undefined>).flatMap((v) => (v ? [...v] : []));
}

/** Folds one list entry into zero or more ASCII tokens ("Anh Vũ" -> ["anh", "vu"]). */
export function foldNameTokens(entry: string): string[] {
  const ascii = transliterate(entry.normalize('NFC')).toLowerCase();
  const out: string[] = [];
  for (const part of ascii.split(/[\s\-'’.]+/)) {
    const token = part.replace(/[^a-z]/g, '');
    if (token.length >= 2 && FOLDED.test(token)) out.push(token);
  }
  return out;
}

function collect(target: Set<string>, entries: readonly string[]): void {
  for (const e of entries) for (const t of foldNameTokens(e)) target.add(t);
}

interface PersonDefs {
  first_name?: Nested;
  last_name?: Nested;
  middle_name?: Nested;
}

/** Builds the folded lists from every usable faker locale. Deterministic (sorted output). */
export function loadNameLists(): NameLists {
  const first = new Set<string>();
  const last = new Set<string>();
  const words = new Set<string>();
  const locales = allLocales as unknown as Record<string, { person?: PersonDefs; word?: Record<string, Nested> }>;
  for (const [code, def] of Object.entries(locales)) {
    if (SKIP_LOCALES.has(code)) continue;
    const p = def.person;
    if (p) {
      collect(first, flatten(p.first_name));
      collect(first, flatten(p.middle_name));
      collect(last, flatten(p.last_name));
    }
  }
  for (const code of WORD_LOCALES) {
    const w = locales[code]?.word;
    if (!w) continue;
    for (const list of Object.values(w)) collect(words, flatten(list));
  }
  const indian = indianNames();
  collect(first, [...indian.first_male, ...indian.first_female]);
  collect(last, indian.last);
  const thai = thaiNames();
  collect(first, thai.first);
  collect(last, thai.last);
  // Chinese given names are free combinations of syllables, so the few hundred faker lists
  // cannot cover them: add every attested Mandarin syllable as a name part.
  for (const syllable of pinyinSyllables()) first.add(syllable);
  const sorted = (s: Set<string>) => [...s].sort();
  // Already folded to a-z by scripts/us-surnames.py: no transliteration needed.
  const usLast = new Set(usSurnames());
  return { first: sorted(first), last: sorted(last), words: sorted(words), usLast: sorted(usLast) };
}

interface IndianNames {
  readonly first_male: readonly string[];
  readonly first_female: readonly string[];
  readonly last: readonly string[];
}

/** The data module of `random-indian-name` (its entry point is a generator we do not need). */
function indianNames(): IndianNames {
  return createRequire(import.meta.url)('random-indian-name/lib/names.js') as IndianNames;
}

/** faker's Thai names in RTGS (thai-names.ts, generated once by scripts/thai-names.py). */
export function thaiNames(): { readonly first: readonly string[]; readonly last: readonly string[] } {
  const words = (text: string) => text.split(/\s+/).filter((w) => w.length > 0);
  return { first: words(THAI_GIVEN_NAMES_TEXT), last: words(THAI_FAMILY_NAMES_TEXT) };
}

/** The US Census Bureau's 2010 family names with 1,000+ bearers that hold a service word's letters (us-surnames.ts, scripts/us-surnames.py). */
export function usSurnames(): readonly string[] {
  return US_SURNAMES_TEXT.split(/\s+/).filter((w) => w.length > 0);
}

/** Mandarin syllable structure: optional initial + final (Hanyu Pinyin, tone marks dropped). */
const PINYIN = /^(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|er|ia|ie|iu|in|ua|uo|ui|un|ue|a|e|i|o|u|v)$/;

/**
 * The syllables transliteration gives the CJK Unified Ideographs (U+4E00..U+9FFF), kept when
 * they have Mandarin syllable structure (the map also holds some Japanese and Korean
 * readings). About 400 syllables of 2+ letters.
 */
export function pinyinSyllables(): string[] {
  const out = new Set<string>();
  for (let c = 0x4e00; c <= 0x9fff; c++) {
    const s = transliterate(String.fromCharCode(c)).toLowerCase().trim();
    if (s.length >= 2 && PINYIN.test(s)) out.add(s);
  }
  return [...out].sort();
}
