/**
 * The plan of a judge's replay through `POST /v1/check` (`npm run eval -- --service --single`):
 * the order the rows are sent in (the file's, or shuffled from a seed) and, to see what a larger
 * hidden set does to the history signals, the file enlarged in memory with made-up inboxes at
 * the same domains in the same local-part shape. Pure: the same rows, seed and shape function
 * give the same plan (faker's seeded generator, no clock or I/O); nothing is written anywhere.
 *
 * Why the same domain and shape: history counts inboxes per domain (signup_wave, recent_signups)
 * and shapes per domain (domain_pattern_*), so a set 2-3x as large puts 2-3x as many inboxes of
 * the same shapes at each domain; the made-up local parts are never the file's.
 */
import { Faker, en } from '@faker-js/faker';
import type { NameShape } from '../signals/local-shape.ts';
import type { LabelledRow } from './labelled.ts';

export type ReplayOrder = 'file' | 'shuffled';

/** One check of the replay: the row it reports (its index in the file), or a made-up copy of that row (history only). */
export interface PlannedCheck {
  readonly email: string;
  readonly row: number;
  readonly copy: boolean;
}

export interface ReplayPlan {
  readonly checks: readonly PlannedCheck[];
  /** Made-up copies whose local part has its row's shape (the rest are the row's character classes redrawn). */
  readonly copiesSameShape: number;
  readonly copies: number;
}

/**
 * `times` - 1 made-up copies of every row (times 1: the file alone). In file order a row's
 * copies are sent beside it, the row at a seeded place among them (a larger file of the same
 * kind, whose rows at one domain come together as the file's do); shuffled, every check is.
 * `shapeOf` classifies a local part (the service's own shape, LocalPartSignals.shape).
 */
export function replayPlan(rows: readonly LabelledRow[], order: ReplayOrder, seed: number, times: number, shapeOf: (local: string) => string): ReplayPlan {
  if (!Number.isInteger(times) || times < 1) throw new Error('replayPlan: times must be a whole number from 1');
  const faker = new Faker({ locale: [en], seed });
  const taken = new Set(rows.map((r) => r.email.trim().toLowerCase()));
  let copies = 0, copiesSameShape = 0;
  const groups = rows.map((r, row): PlannedCheck[] => {
    const group: PlannedCheck[] = [];
    const at = r.email.lastIndexOf('@');
    for (let k = 1; k < times && at > 0; k++) {
      const local = r.email.slice(0, at).toLowerCase();
      const made = madeUpLocal(local, shapeOf(local), shapeOf, faker, (l) => !taken.has(`${l}${r.email.slice(at).toLowerCase()}`));
      const email = `${made.local}${r.email.slice(at).toLowerCase()}`;
      taken.add(email);
      copies++;
      if (made.sameShape) copiesSameShape++;
      group.push({ email, row, copy: true });
    }
    group.splice(faker.number.int({ min: 0, max: group.length }), 0, { email: r.email, row, copy: false });
    return group;
  });
  const checks = groups.flat();
  return { checks: order === 'shuffled' ? faker.helpers.shuffle(checks) : checks, copies, copiesSameShape };
}

const VOWELS = 'aeiou';
const CONSONANTS = 'bcdfghjklmnpqrstvwxyz';
/** Tries at a made-up local part of the row's shape before taking the last one drawn. */
const TRIES = 8;

/**
 * A local part no row has, of `local`'s shape when one is found in TRIES draws: a name shape
 * from faker's English first and last names in that template, anything else (numbers, initials,
 * words, random strings, names in other scripts) as `local` with every letter redrawn as a letter
 * of its kind (an ASCII vowel or consonant, a nearby letter of the same alphabet) and every digit
 * as a digit, separators kept. A local part with nothing to redraw gets a number appended.
 */
function madeUpLocal(local: string, shape: string, shapeOf: (l: string) => string, faker: Faker, free: (l: string) => boolean): { local: string; sameShape: boolean } {
  for (let i = 0; i < 10 * TRIES; i++) {
    const drawn = fromShape(local, shape, faker) ?? redrawn(local, faker);
    if (!free(drawn)) continue;
    if (shapeOf(drawn) === shape) return { local: drawn, sameShape: true };
    if (i >= TRIES) return { local: drawn, sameShape: false };
  }
  for (let n = 2; ; n++) if (free(`${local}${n}`)) return { local: `${local}${n}`, sameShape: shapeOf(`${local}${n}`) === shape };
}

/** Each name shape written from a first, a middle and a last name. */
const TEMPLATES: Readonly<Record<NameShape, (f: string, m: string, l: string) => string>> = {
  'first.last': (f, _m, l) => `${f}.${l}`,
  'last.first': (f, _m, l) => `${l}.${f}`,
  first_last: (f, _m, l) => `${f}_${l}`,
  'first-last': (f, _m, l) => `${f}-${l}`,
  'f.last': (f, _m, l) => `${f[0]}.${l}`,
  'first.l': (f, _m, l) => `${f}.${l[0]}`,
  'first.m.last': (f, m, l) => `${f}.${m[0]}.${l}`,
  flast: (f, _m, l) => `${f[0]}${l}`,
  firstl: (f, _m, l) => `${f}${l[0]}`,
  firstlast: (f, _m, l) => `${f}${l}`,
  first: (f) => f,
};

function fromShape(local: string, shape: string, faker: Faker): string | undefined {
  const digits = shape.endsWith('+digits') ? /\d+$/.exec(local)?.[0] ?? '' : '';
  const template = TEMPLATES[(digits ? shape.slice(0, -'+digits'.length) : shape) as NameShape];
  if (template === undefined) return undefined;
  const name = template(plain(faker.person.firstName()), plain(faker.person.firstName()), plain(faker.person.lastName()));
  return `${name}${digitsLike(digits, faker)}`;
}

const plain = (s: string): string => s.toLowerCase().replace(/[^a-z]/g, '') || 'x';

const digitsLike = (digits: string, faker: Faker): string => digits.replace(/\d/g, () => String(faker.number.int(9)));

function redrawn(local: string, faker: Faker): string {
  return local.replace(/[a-z0-9]|\p{L}/gu, (c) => {
    if (c >= '0' && c <= '9') return String(faker.number.int(9));
    if (c <= 'z') return faker.helpers.arrayElement([...(VOWELS.includes(c) ? VOWELS : CONSONANTS)]);
    // A letter of another alphabet: one a few code points away that is a letter too.
    const near = String.fromCodePoint(c.codePointAt(0)! + faker.number.int({ min: -16, max: 16 }));
    return /^\p{L}$/u.test(near) ? near : c;
  });
}
