/**
 * Sign-up fakes of shapes no other corpus generates (issue 16, round 13), for
 * `npm run eval -- --synthetic`: the handles account generators and AI sign-up tools write
 * today, at the big free-mail providers and at throwaway domains no list knows yet.
 *
 * - `adj-noun`, `adj-noun-digits`, `adj_noun`, `noun-noun-digits`: word pairs as
 *   username generators make them (an adjective or colour and an animal, glued, with 2-4 digits
 *   or an underscore). The words come from `unique-names-generator` (MIT, a devDependency, the
 *   dictionaries of a common username generator), not from the word lists the recogniser reads,
 *   though many of its words are everyday English ones the lists hold as well.
 * - `syllables-digits`: pronounceable strings of consonant-vowel syllables that spell no listed
 *   name, with 2-4 digits.
 * - `name-tail`: a generated given name followed by 3-5 random letters.
 * - `gmail-dots` (free mail only, at gmail.com): a generated name with a dot between most letters,
 *   Gmail's dot trick for many sign-ups on one inbox.
 * - `plus-token`: a name or a word pair with a `+` tag of random letters and digits.
 *
 * A guard on shapes, not a measure of how common each kind is. Pure: the same seed, size, word
 * lists and domains give the same rows.
 */
import { allLocales, Faker } from '@faker-js/faker';
import type { HumanRow } from './humans.ts';
import { fit, foldForAddress, gmail, nameHash, p, yahoo, type ProviderStyle } from './synthetic.ts';

export const HANDLE_PATTERNS = ['adj-noun', 'adj-noun-digits', 'adj_noun', 'noun-noun-digits', 'syllables-digits', 'name-tail', 'gmail-dots', 'plus-token'] as const;
export type HandlePattern = (typeof HANDLE_PATTERNS)[number];
export const HANDLE_PER_PATTERN = 300;
export const HANDLE_VENUES = ['free-mail', 'unknown-domain'] as const;

/** The word lists a username generator draws from. */
export interface HandleWords {
  readonly adjectives: readonly string[];
  readonly nouns: readonly string[];
}

/** Big free-mail providers (their rules: synthetic.ts's styles); `+` tags only where the provider takes them. */
const FREE: readonly ProviderStyle[] = [gmail(45), p('outlook.com', 20), p('hotmail.com', 15), yahoo('yahoo.com', 20)];
const PLUS_TAGGED = new Set(['gmail.com', 'outlook.com', 'hotmail.com']);

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';

const digits = (f: Faker): string => f.string.numeric({ length: f.number.int({ min: 2, max: 4 }), allowLeadingZeros: false });
const letters = (f: Faker, min: number, max: number): string => f.string.alpha({ length: f.number.int({ min, max }), casing: 'lower' });
const word = (list: readonly string[], f: Faker): string => foldForAddress(f.helpers.arrayElement(list));

function syllables(f: Faker, known: ReadonlySet<string>): string {
  for (;;) {
    let s = '';
    const n = f.number.int({ min: 3, max: 4 });
    for (let i = 0; i < n; i++) s += f.helpers.arrayElement([...CONSONANTS]) + f.helpers.arrayElement([...VOWELS]);
    if (!known.has(s)) return s;
  }
}

/** A dot between most letters: every gap but a random fifth of them. */
function dotted(s: string, f: Faker): string {
  const gaps = s.length - 1;
  const bare = new Set(f.helpers.arrayElements(Array.from({ length: gaps }, (_, i) => i + 1), Math.floor(gaps / 5)));
  let out = s[0]!;
  for (let i = 1; i < s.length; i++) out += (bare.has(i) ? '' : '.') + s[i];
  return out;
}

function handle(pattern: HandlePattern, f: Faker, w: HandleWords, known: ReadonlySet<string>, sep: string): string {
  const name = () => foldForAddress(f.person.firstName()) || 'alex';
  switch (pattern) {
    case 'adj-noun': return word(w.adjectives, f) + word(w.nouns, f);
    case 'adj-noun-digits': return word(w.adjectives, f) + word(w.nouns, f) + digits(f);
    case 'adj_noun': return word(w.adjectives, f) + sep + word(w.nouns, f) + (f.datatype.boolean() ? digits(f) : '');
    case 'noun-noun-digits': return word(w.nouns, f) + word(w.nouns, f) + digits(f);
    case 'syllables-digits': return syllables(f, known) + digits(f);
    case 'name-tail': return name() + letters(f, 3, 5);
    case 'gmail-dots': return dotted(name() + (foldForAddress(f.person.lastName()) || 'smith'), f);
    case 'plus-token': {
      const base = f.datatype.boolean() ? `${name()}.${foldForAddress(f.person.lastName()) || 'smith'}` : word(w.adjectives, f) + word(w.nouns, f);
      return `${base}+${f.string.alphanumeric({ length: f.number.int({ min: 4, max: 8 }), casing: 'lower' })}`;
    }
  }
}

/**
 * `perPattern` rows of every pattern at each venue (`gmail-dots` at free mail only). `unknownDomains`:
 * throwaway domains the eval scores as unlisted (synthetic-unseen.ts's); `known`: the
 * recogniser's folded names, which `syllables-digits` must not spell.
 */
export function syntheticHandles(seed: number, perPattern: number, words: HandleWords, unknownDomains: readonly string[], known: ReadonlySet<string>): HumanRow[] {
  const rows: HumanRow[] = [];
  for (const venue of HANDLE_VENUES) {
    for (const pattern of HANDLE_PATTERNS) {
      if (pattern === 'gmail-dots' && venue !== 'free-mail') continue;
      const f = new Faker({ locale: [allLocales.en, allLocales.base] });
      f.seed(seed * 1_000_000 + nameHash(`${venue}/${pattern}`));
      for (let i = 0; i < perPattern; i++) {
        const candidates = venue === 'unknown-domain'
          ? [p(f.helpers.arrayElement(unknownDomains), 1, '._-', 1, 64)]
          : pattern === 'gmail-dots' ? [gmail(1)] : pattern === 'plus-token' ? FREE.filter((s) => PLUS_TAGGED.has(s.domain)) : FREE;
        const style = f.helpers.weightedArrayElement(candidates.map((s) => ({ value: s, weight: s.weight })));
        const sep = style.separators.includes('_') ? '_' : style.separators.includes('.') ? '.' : '';
        const local = handle(pattern, f, words, known, sep);
        // The provider's length and separator rules apply to the mailbox before a `+` tag.
        const [base, tag] = local.split('+') as [string, string | undefined];
        const fitted = pattern === 'gmail-dots' ? base : fit(base, style, f);
        rows.push({ email: `${fitted}${tag !== undefined ? `+${tag}` : ''}@${style.domain}`, group: venue, pattern });
      }
    }
  }
  return rows;
}
