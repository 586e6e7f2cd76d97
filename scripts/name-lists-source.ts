/**
 * Builds the name tables' lists from their sources: the locale data of `@faker-js/faker`, the
 * npm package `random-indian-name`, faker's Thai names in RTGS (src/data/thai-names.ts) and
 * every Mandarin syllable `transliteration` gives the CJK ideographs. Run at build time by
 * scripts/generate-name-lists.ts, which writes the result into src/data/name-lists-data.ts, so
 * that neither faker nor the transliteration tables load when the service starts (about 1.5 s of
 * CPU per start on each thread that read them); test/data/name-lists.test.ts rebuilds them here
 * and compares.
 *
 * Faker ships these lists to *generate* realistic people; we use them the other way round, to
 * recognise name parts inside local parts.
 *
 * Faker's Indian locale holds a few hundred given names, and Indian given names are many and
 * long (a glued handle of an unlisted 7-letter given name reads as random letters). The npm
 * package `random-indian-name` (MIT; about 4,100 given names from baby-name sites and 100
 * family names, kept apart as `first_male`/`first_female` and `last`) adds them, given names
 * as given names and family names as family names.
 *
 * Everything is folded to the alphabet local parts actually use (foldNameTokens: transliterated
 * to ASCII, lowercased, split on spaces/hyphens). Scripts whose romanisation is not standard
 * enough to appear in addresses (Arabic, Hebrew, Thai, Georgian, ...) are skipped, as are
 * Japanese kanji (their Chinese reading is not how Japanese names are spelled).
 *
 * Thai is the exception made offline: faker's Thai-script given and family names, romanised in
 * RTGS, the Royal Thai General System (thai-names.ts, written by scripts/thai-names.py), join
 * the lists, so that Thai names and the spelling of romanised Thai syllables are known at all
 * (`transliteration` letter-by-letter output of Thai script is not how anyone writes a name).
 */
import { allLocales } from '@faker-js/faker';
import { createRequire } from 'node:module';
import { transliterate } from 'transliteration';
import { foldNameTokens } from '../src/data/fold-name.ts';
import { PINYIN_SYLLABLE } from '../src/signals/pinyin-initials.ts';
import { THAI_FAMILY_NAMES_TEXT, THAI_GIVEN_NAMES_TEXT } from '../src/data/thai-names.ts';

/** The lists the sources give (usLast, US_SURNAMES_TEXT as is, needs no build step). */
export interface SourceNameLists {
  readonly first: readonly string[];
  readonly last: readonly string[];
  readonly words: readonly string[];
}

/** Locales whose script transliterates to the spelling people use in addresses. */
const SKIP_LOCALES = new Set(['ar', 'dv', 'fa', 'he', 'ka_GE', 'hy', 'ku_ckb', 'th', 'ur', 'ne', 'ja', 'en_BORK']);
/** Word lists in these locales are Latin-script and common in local parts. */
const WORD_LOCALES = ['en', 'de', 'fr', 'da', 'id_ID', 'pt_BR', 'hu'];

type Nested = readonly string[] | Readonly<Record<string, readonly string[] | undefined>> | undefined;

function flatten(list: Nested): string[] {
  if (!list) return [];
  if (Array.isArray(list)) return list as string[];
  return Object.values(list as Record<string, readonly string[] | undefined>).flatMap((v) => (v ? [...v] : []));
}

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w.length > 0);

function collect(target: Set<string>, entries: readonly string[]): void {
  for (const e of entries) for (const t of foldNameTokens(e)) target.add(t);
}

interface PersonDefs {
  first_name?: Nested;
  last_name?: Nested;
  middle_name?: Nested;
}

/** Builds the folded lists from every usable faker locale and the other sources. Deterministic (sorted output). */
export function buildNameListsFromSources(): SourceNameLists {
  const first = new Set<string>();
  const last = new Set<string>();
  const common = new Set<string>();
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
    for (const list of Object.values(w)) collect(common, flatten(list));
  }
  const indian = indianNames();
  collect(first, [...indian.first_male, ...indian.first_female]);
  collect(last, indian.last);
  collect(first, words(THAI_GIVEN_NAMES_TEXT));
  collect(last, words(THAI_FAMILY_NAMES_TEXT));
  // Chinese given names are free combinations of syllables, so the few hundred faker lists
  // cannot cover them: add every attested Mandarin syllable as a name part.
  for (const syllable of pinyinSyllables()) first.add(syllable);
  const sorted = (s: Set<string>) => [...s].sort();
  return { first: sorted(first), last: sorted(last), words: sorted(common) };
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


/**
 * The syllables transliteration gives the CJK Unified Ideographs (U+4E00..U+9FFF), kept when
 * they have Mandarin syllable structure (the map also holds some Japanese and Korean
 * readings). About 400 syllables of 2+ letters.
 */
export function pinyinSyllables(): string[] {
  const out = new Set<string>();
  for (let c = 0x4e00; c <= 0x9fff; c++) {
    const s = transliterate(String.fromCharCode(c)).toLowerCase().trim();
    if (s.length >= 2 && PINYIN_SYLLABLE.test(s)) out.add(s);
  }
  return [...out].sort();
}
