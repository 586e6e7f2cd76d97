/**
 * Fakes at domains registered in bulk (issue 16, round 14), for `npm run eval -- --synthetic`:
 * kinds no other corpus writes, scored as the service sees them with DNS off (domains no list
 * holds, so custom domains):
 *
 * - `farm-name`, `farm-name-digits`: plausible generated names (first.last, firstlast, flast,
 *   with or without 2-4 digits) at catch-all domains made of two everyday words under the
 *   suffixes that cost least to register in bulk (`brightriver.xyz`, `calmharbor.shop`).
 * - `ai-name`, `ai-token`: AI sign-up bots at fresh temporary-mail domains whose label is random
 *   letters (`kxvqtrn.top`): a generated name with digits, or a random token.
 *
 * The words come from faker-js's English word lists (adjectives and nouns), names from several of
 * its locales. A guard on shapes, not a measure of how common each kind is. Every address is made
 * up; no labelled row is read. Pure: the same seed and size give the same rows.
 */
import { allLocales, Faker, type LocaleDefinition } from '@faker-js/faker';
import type { HumanRow } from './humans.ts';
import { foldForAddress } from './synthetic.ts';

export const FARM_SEED = 14;
export const FARM_PER_PATTERN = 400;
export const FARM_PATTERNS = ['farm-name', 'farm-name-digits', 'ai-name', 'ai-token'] as const;
type FarmPattern = (typeof FARM_PATTERNS)[number];

/** Suffixes bulk registrations use most (cheap first-year prices), and .com. */
const CHEAP = ['com', 'xyz', 'top', 'shop', 'online', 'site', 'store', 'click', 'icu', 'buzz', 'sbs', 'cfd'] as const;
const LOCALES = ['en_US', 'en_GB', 'de', 'fr', 'es', 'it', 'pl', 'nl'] as const;

function name(f: Faker, digits: boolean): string {
  const first = foldForAddress(f.person.firstName()) || 'alex';
  const last = foldForAddress(f.person.lastName()) || 'smith';
  const local = f.helpers.arrayElement([`${first}.${last}`, `${first}${last}`, `${first[0]}${last}`, `${first}_${last}`]);
  return digits ? `${local}${f.string.numeric({ length: f.number.int({ min: 2, max: 4 }), allowLeadingZeros: false })}` : local;
}

const wordPair = (f: Faker): string => `${foldForAddress(f.word.adjective())}${foldForAddress(f.word.noun())}`;
const randomLabel = (f: Faker): string => f.string.alpha({ length: f.number.int({ min: 5, max: 9 }), casing: 'lower' });

function rowOf(pattern: FarmPattern, f: Faker): string {
  const cheap = () => f.helpers.arrayElement(CHEAP);
  switch (pattern) {
    case 'farm-name': return `${name(f, false)}@${wordPair(f)}.${cheap()}`;
    case 'farm-name-digits': return `${name(f, true)}@${wordPair(f)}.${cheap()}`;
    case 'ai-name': return `${name(f, true)}@${randomLabel(f)}.${cheap()}`;
    case 'ai-token': return `${f.string.alphanumeric({ length: f.number.int({ min: 8, max: 12 }), casing: 'lower' })}@${randomLabel(f)}.${cheap()}`;
  }
}

/** `perPattern` rows of every pattern; group = the venue (`bulk-catchall` or `ai-temp`). */
export function syntheticFarms(seed: number, perPattern: number): HumanRow[] {
  const rows: HumanRow[] = [];
  FARM_PATTERNS.forEach((pattern, k) => {
    const fakers = LOCALES.map((l, j) => {
      const f = new Faker({ locale: [(allLocales as Record<string, LocaleDefinition>)[l]!, allLocales.en, allLocales.base] });
      f.seed(seed * 1_000_000 + k * 1_000 + j);
      return f;
    });
    const meta = new Faker({ locale: [allLocales.base] });
    meta.seed(seed * 1_000 + k);
    for (let i = 0; i < perPattern; i++) {
      rows.push({ email: rowOf(pattern, meta.helpers.arrayElement(fakers)), group: pattern.startsWith('farm') ? 'bulk-catchall' : 'ai-temp', pattern });
    }
  });
  return rows;
}
