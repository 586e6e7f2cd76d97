/**
 * A synthetic corpus of sign-up bot addresses, generated in memory from a seed the way bots
 * and temporary-mail services make them (the kinds a labelled file may lack):
 *
 * - temporary-mail services hand out a random token as the mailbox (mail.tm, 1secmail,
 *   guerrillamail and the like: 8-12 random lowercase letters, or letters and digits) on
 *   domains they register in bulk, so the domain is one nobody has history for;
 * - farms on catch-all domains write a generated first and last name with a few random digits
 *   to make each address unique;
 * - farms at the big free providers append random letters or digits to a generated name, or
 *   register random tokens outright.
 *
 * Names come from faker (en), domains with no history from faker's `internet.domainName()`
 * (adjective-noun under a generic suffix): nothing is taken from a labelled row. Like the
 * humans corpus it is a guard on shapes, not a measure of how common each kind is.
 *
 * Pure: the same seed and size give the same rows.
 */
import { allLocales, Faker } from '@faker-js/faker';
import { foldForAddress } from './synthetic.ts';

export const BOT_PATTERNS = [
  'temp-token-alnum', 'temp-token-letters', 'catchall-name-digits', 'free-name-noise', 'free-name-digits', 'free-token-alnum',
] as const;
export type BotPattern = (typeof BOT_PATTERNS)[number];

export interface SyntheticBotRow {
  readonly email: string;
  /** What a generator of this kind would be called (also the group of the report). */
  readonly group: string;
  readonly pattern: BotPattern;
}

/** Free providers farms register at (their mailbox rules admit every row below). */
const FREE = ['gmail.com', 'outlook.com', 'hotmail.com'] as const;

function row(pattern: BotPattern, f: Faker): string {
  const first = foldForAddress(f.person.firstName()) || 'alex';
  const last = foldForAddress(f.person.lastName()) || 'smith';
  const noHistory = () => f.internet.domainName().toLowerCase();
  switch (pattern) {
    case 'temp-token-alnum': {
      // A token with at least one digit and one letter (all-letter tokens are the next pattern).
      let t = f.string.alphanumeric({ length: f.number.int({ min: 8, max: 12 }), casing: 'lower' });
      if (!/[0-9]/.test(t)) t = t.slice(0, -1) + String(f.number.int(9));
      if (!/[a-z]/.test(t)) t = f.string.alpha({ length: 1, casing: 'lower' }) + t.slice(1);
      return `${t}@${noHistory()}`;
    }
    case 'temp-token-letters': return `${f.string.alpha({ length: f.number.int({ min: 8, max: 12 }), casing: 'lower' })}@${noHistory()}`;
    case 'catchall-name-digits': return `${first}${f.helpers.arrayElement(['', '.', '_'])}${last}${f.string.numeric(f.number.int({ min: 3, max: 4 }))}@${noHistory()}`;
    case 'free-name-noise': return `${first}${last}${f.string.alpha({ length: f.number.int({ min: 2, max: 4 }), casing: 'lower' })}@${f.helpers.arrayElement(FREE)}`;
    case 'free-name-digits': return `${first}${last}${f.string.numeric(f.number.int({ min: 4, max: 5 }))}@${f.helpers.arrayElement(FREE)}`;
    case 'free-token-alnum': {
      let t = f.string.alpha({ length: 1, casing: 'lower' }) + f.string.alphanumeric({ length: f.number.int({ min: 9, max: 13 }), casing: 'lower' });
      if (!/[0-9]/.test(t)) t = t.slice(0, -1) + String(f.number.int(9));
      return `${t}@${f.helpers.arrayElement(FREE)}`;
    }
  }
}

/** `perPattern` addresses of each pattern, reproducible from `seed` (each pattern its own stream). */
export function syntheticBots(seed: number, perPattern: number): SyntheticBotRow[] {
  const rows: SyntheticBotRow[] = [];
  BOT_PATTERNS.forEach((pattern, k) => {
    const f = new Faker({ locale: [allLocales.en, allLocales.base] });
    f.seed(seed * 1_000 + k);
    const group = pattern.startsWith('temp') ? 'temporary-mail' : pattern.startsWith('catchall') ? 'catch-all' : 'free-mail farm';
    for (let i = 0; i < perPattern; i++) rows.push({ email: row(pattern, f), group, pattern });
  });
  return rows;
}
