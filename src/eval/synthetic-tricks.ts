/**
 * Fakes of shapes no other corpus writes (issue 16, round 15), for `npm run eval -- --synthetic`,
 * at the big free-mail providers, each mailbox one the provider accepts (Gmail: letters, digits
 * and dots; Yahoo: one dot or underscore), so what is measured is the shape, not a broken rule:
 *
 * - group `provider-trick`: `dots-initials` (Gmail: a dot after each letter of the given name,
 *   `j.o.h.n.smith`), `dots-split` (Gmail: 2-4 dots inside a name at places no name breaks,
 *   `jo.hn.smi.th`), `plus-serial` (a name with a numbered `+` tag, `+1` to `+500`). Each
 *   reaches the same inbox as the plain name; one check of it, with no history, is all the
 *   service sees here.
 * - group `keyboard`: `keyboard-walk` (5-9 keys along a row or down the columns, `asdfgh`,
 *   `poiuyt`, `qazwsx`, sometimes digits after), `key-mash` (6-10 keys drawn from 2-4 neighbours
 *   on one row, `jkjkjk`, `hjkhkj`), `syllable-repeat` (one syllable 3-4 times, `lalala`,
 *   `bobobo77`).
 * - group `batch`: serial accounts from a template: `name-serial` (`anna.berg.0042`),
 *   `user-serial` (`user_38211`, `member40917`), `test-serial` (`test+114`, `qa_2093`),
 *   `shop-serial` (`shop2024_17`, `promo2025.08`).
 * - group `machine`: local parts a program writes: `hex` (12-20 hex digits, a hash's prefix),
 *   `uuid-ish` (8-4-4 hex groups), `base32` (16-26 characters of a-z and 2-7), `word-salad` (three
 *   everyday words and digits, the way a language model names an account: `velvet.harbor.quill482`).
 *
 * Names and words come from faker-js (several locales; English adjectives and nouns). A guard on
 * shapes, not a measure of how common each kind is. Every address is made up; no labelled row is
 * read. Pure: the same seed and size give the same rows.
 */
import type { Faker } from '@faker-js/faker';
import type { HumanRow } from './humans.ts';
import { fit, foldForAddress, gmail, p, patternFakers, type ProviderStyle, yahoo } from './synthetic.ts';

export const TRICK_SEED = 15;
export const TRICK_PER_PATTERN = 300;
export const TRICK_GROUPS = {
  'provider-trick': ['dots-initials', 'dots-split', 'plus-serial'],
  keyboard: ['keyboard-walk', 'key-mash', 'syllable-repeat'],
  batch: ['name-serial', 'user-serial', 'test-serial', 'shop-serial'],
  machine: ['hex', 'uuid-ish', 'base32', 'word-salad'],
} as const;
type TrickGroup = keyof typeof TRICK_GROUPS;
type TrickPattern = (typeof TRICK_GROUPS)[TrickGroup][number];

const FREE: readonly ProviderStyle[] = [gmail(45), p('outlook.com', 20), p('hotmail.com', 15), yahoo('yahoo.com', 20)];
/** Providers where `+` reaches the plain mailbox (Yahoo uses `-` disposable addresses instead). */
const PLUS: readonly ProviderStyle[] = FREE.filter((s) => s.domain !== 'yahoo.com');
/** Microsoft's mailboxes start with a letter. */
const LETTER_FIRST = new Set(['outlook.com', 'hotmail.com']);
/** Providers that accept `-` in a mailbox. */
const DASH: readonly ProviderStyle[] = FREE.filter((s) => s.separators.includes('-'));
const LOCALES = ['en_US', 'en_GB', 'de', 'fr', 'es', 'it', 'pl', 'nl'] as const;

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'] as const;
const COLUMNS = 'qazwsxedcrfvtgbyhnujmikolp';
const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const SERIAL_WORDS = ['user', 'member', 'player', 'account', 'client', 'buyer', 'guest', 'customer'];
const TEST_WORDS = ['test', 'testing', 'demo', 'qa', 'trial', 'temp'];
const SHOP_WORDS = ['shop', 'store', 'promo', 'deal', 'sale', 'market', 'coupon'];

const between = (f: Faker, min: number, max: number): number => f.number.int({ min, max });
const numeric = (f: Faker, length: number): string => f.string.numeric({ length, allowLeadingZeros: true });
const sepOf = (style: ProviderStyle, f: Faker): string => f.helpers.arrayElement([...style.separators, '']);

function keyboardWalk(f: Faker): string {
  let walk: string;
  if (f.number.int(4) === 0) {
    walk = COLUMNS.slice(0, 3 * between(f, 2, 3)); // down the columns from the left: qazwsx(edc)
  } else {
    const row = f.helpers.arrayElement(ROWS);
    const length = between(f, 5, Math.min(9, row.length));
    const start = between(f, 0, row.length - length);
    walk = row.slice(start, start + length);
    if (f.datatype.boolean()) walk = [...walk].reverse().join('');
  }
  return walk + f.helpers.arrayElement(['', '', '1', '12', '123', numeric(f, 2)]);
}

function keyMash(f: Faker): string {
  const row = f.helpers.arrayElement(ROWS);
  const width = between(f, 2, 4);
  const start = between(f, 0, row.length - width);
  const keys = row.slice(start, start + width);
  let out = '';
  for (let i = between(f, 6, 10); i > 0; i--) out += f.helpers.arrayElement([...keys]);
  return out;
}

function syllableRepeat(f: Faker): string {
  const syllable = f.helpers.arrayElement([...CONSONANTS]) + f.helpers.arrayElement([...VOWELS]) + (f.number.int(3) === 0 ? f.helpers.arrayElement([...CONSONANTS]) : '');
  return syllable.repeat(between(f, 3, 4)) + f.helpers.arrayElement(['', '', numeric(f, 2)]);
}

/** 2-4 dots at places inside the name that are not its own break (`jo.hn.smi.th`). */
function dotsSplit(first: string, last: string, f: Faker): string {
  const s = first + last;
  const gaps = Array.from({ length: s.length - 1 }, (_, i) => i + 1).filter((i) => i !== first.length);
  const dots = new Set(f.helpers.arrayElements(gaps, Math.min(gaps.length, between(f, 2, 4))));
  let out = s[0]!;
  for (let i = 1; i < s.length; i++) out += (dots.has(i) ? '.' : '') + s[i];
  return out;
}

/** `head` cut so that `tail` (a serial, digits) survives the provider's length bound whole. */
function withTail(head: string, tail: string, style: ProviderStyle): string {
  return head.slice(0, style.max - tail.length).replace(/[._-]+$/, '') + tail;
}

function hex(f: Faker, length: number): string {
  return f.string.hexadecimal({ length, casing: 'lower', prefix: '' });
}

function rowOf(pattern: TrickPattern, f: Faker): string {
  const first = foldForAddress(f.person.firstName()) || 'alex';
  const last = foldForAddress(f.person.lastName()) || 'smith';
  const at = (style: ProviderStyle, local: string): string => {
    const box = fit(local, style, f);
    // A hash that starts with a digit is refused there: a program retries until one starts with a letter.
    return `${LETTER_FIRST.has(style.domain) && !/^[a-z]/.test(box) ? f.helpers.arrayElement([...'abcdef']) + box.slice(1) : box}@${style.domain}`;
  };
  const free = (): ProviderStyle => f.helpers.weightedArrayElement(FREE.map((s) => ({ value: s, weight: s.weight })));
  switch (pattern) {
    case 'dots-initials': return at(FREE[0]!, `${[...first].join('.')}.${last}`);
    case 'dots-split': return at(FREE[0]!, dotsSplit(first, last, f));
    case 'plus-serial': {
      const style = f.helpers.arrayElement(PLUS);
      return `${fit(`${first}${sepOf(style, f)}${last}`, style, f)}+${between(f, 1, 500)}@${style.domain}`;
    }
    case 'keyboard-walk': return at(free(), keyboardWalk(f));
    case 'key-mash': return at(free(), keyMash(f));
    case 'syllable-repeat': return at(free(), syllableRepeat(f));
    case 'name-serial': {
      const style = free();
      const sep = sepOf(style, f);
      const tail = `${style.maxSeparators === 1 ? '' : sep}${numeric(f, 4)}`;
      return at(style, withTail(`${first}${sep}${last}`, tail, style));
    }
    case 'user-serial': {
      const style = free();
      return at(style, `${f.helpers.arrayElement(SERIAL_WORDS)}${sepOf(style, f)}${numeric(f, between(f, 4, 6))}`);
    }
    case 'test-serial': {
      const style = f.helpers.arrayElement(PLUS);
      const word = f.helpers.arrayElement(TEST_WORDS);
      const n = String(between(f, 1, 2500));
      return f.datatype.boolean() ? `${fit(word, style, f)}+${n}@${style.domain}` : at(style, `${word}${sepOf(style, f)}${n}`);
    }
    case 'shop-serial': {
      const style = free();
      const sep = style.separators.includes('_') ? '_' : sepOf(style, f);
      return at(style, `${f.helpers.arrayElement(SHOP_WORDS)}${between(f, 2020, 2026)}${sep}${numeric(f, 2)}`);
    }
    case 'hex': return at(free(), hex(f, between(f, 12, 20)));
    case 'uuid-ish': return at(f.helpers.arrayElement(DASH), `${hex(f, 8)}-${hex(f, 4)}-${hex(f, 4)}`);
    case 'base32': {
      let s = '';
      for (let i = between(f, 16, 26); i > 0; i--) s += f.helpers.arrayElement([...BASE32]);
      return at(free(), s);
    }
    case 'word-salad': {
      const style = free();
      const sep = sepOf(style, f);
      const words = [f.word.adjective(), f.word.noun(), f.word.noun()].map((w) => foldForAddress(w));
      return at(style, withTail(`${words[0]}${sep}${words[1]}${style.maxSeparators === 1 ? '' : sep}${words[2]}`, numeric(f, between(f, 2, 4)).replace(/^0/, '1'), style));
    }
  }
}

/** `perPattern` rows of every pattern; group = the kind of trick. */
export function syntheticTricks(seed: number, perPattern: number): HumanRow[] {
  const rows: HumanRow[] = [];
  for (const [group, patterns] of Object.entries(TRICK_GROUPS) as [TrickGroup, readonly TrickPattern[]][]) {
    for (const pattern of patterns) {
      const { fakers, meta } = patternFakers(seed, pattern, LOCALES);
      for (let i = 0; i < perPattern; i++) rows.push({ email: rowOf(pattern, meta.helpers.arrayElement(fakers)), group, pattern });
    }
  }
  return rows;
}
