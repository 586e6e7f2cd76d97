/**
 * A cross-source group of people for `npm run eval -- --synthetic`: given and family names from
 * `@ngneat/falso` (MIT, a devDependency), a name source the recogniser never reads (its lists are
 * faker's locales and random-indian-name), written in the everyday patterns people use at the big
 * free-mail providers, each provider's mailbox rules respected.
 *
 * Why: the synthetic humans (synthetic.ts) take their names from the same faker lists the name
 * tables are built from, so they cannot show what a name change costs people whose names no list
 * holds. falso's names are of many cultures (Thai, Japanese, Icelandic, Hebrew, Nigerian,
 * Kenyan...); about a third of them are in none of our lists. Two groups: `falso` draws from every
 * falso name (fixed rows while falso's version is pinned), `falso-unlisted` only from those the
 * recogniser's lists lack (it moves as the lists grow: that is the point). A change to names or
 * shapes should not raise either group's review or block share nor lower its mean score.
 *
 * Deterministic: the pools are sorted, the draws are a seeded faker stream. No labelled row is read.
 */
import { Faker, allLocales } from '@faker-js/faker';
import { randFirstName, randLastName, seed as falsoSeed } from '@ngneat/falso';
import type { HumanRow } from './humans.ts';
import { birthYear, fit, foldForAddress, gmail, nameHash, p, pad2, yahoo, type ProviderStyle } from './synthetic.ts';

export const CROSS_SOURCE_SEED = 11;
export const CROSS_SOURCE_PER_GROUP = 1500;

export const CROSS_SOURCE_PATTERNS = ['first.last', 'firstlast', 'flast', 'first+yy', 'firstlast+year', 'first_last', 'last.first', 'firstl'] as const;
type CrossPattern = (typeof CROSS_SOURCE_PATTERNS)[number];

/** Big free-mail providers and rough shares (their rules: synthetic.ts's styles, src/data/mailbox-rules.ts). */
export const CROSS_SOURCE_PROVIDERS: readonly ProviderStyle[] = [
  gmail(35), yahoo('yahoo.com', 15), p('hotmail.com', 15), p('outlook.com', 15), p('mail.ru', 10), p('gmx.de', 10),
];

export interface NamePools {
  /** Given names, folded to ASCII letters as in an address, unique, sorted. */
  readonly first: readonly string[];
  readonly last: readonly string[];
}

/** Draws per falso option set: far more than any of its lists (under 1,000 names), so every name is drawn. */
const DRAWS = 30_000;

/**
 * Every given and family name falso holds, folded. falso keeps its names inside its generators, so
 * they are collected by drawing (uniform over a list, seeded) and sorted, which makes the pool
 * independent of the draw order. Sets falso's module-wide seed: eval tooling only.
 */
export function falsoNamePools(): NamePools {
  falsoSeed('mailsift-cross-source');
  const first = new Set<string>();
  const last = new Set<string>();
  const add = (target: Set<string>, names: readonly string[]) => {
    for (const n of names) {
      const folded = foldForAddress(n);
      if (folded.length >= 2) target.add(folded);
    }
  };
  for (const gender of ['male', 'female'] as const) {
    for (const withAccents of [true, false]) add(first, randFirstName({ gender, withAccents, length: DRAWS }));
  }
  for (const withAccents of [true, false]) add(last, randLastName({ withAccents, length: DRAWS }));
  return { first: [...first].sort(), last: [...last].sort() };
}

function localPart(pattern: CrossPattern, first: string, last: string, f: Faker, sep: (preferred: string) => string): string {
  switch (pattern) {
    case 'first.last': return `${first}${sep('.')}${last}`;
    case 'firstlast': return `${first}${last}`;
    case 'flast': return `${first[0]}${last}`;
    case 'first+yy': return `${first}${pad2(birthYear(f))}`;
    case 'firstlast+year': return `${first}${last}${birthYear(f)}`;
    case 'first_last': return `${first}${sep('_')}${last}`;
    case 'last.first': return `${last}${sep('.')}${first}`;
    case 'firstl': return `${first}${last[0]}`;
  }
}

/** A person's address at `style`'s provider in `pattern` (shared with regional-people.ts). */
export function personAddress(pattern: CrossPattern, first: string, last: string, style: ProviderStyle, f: Faker): string {
  // A separator the provider does not take becomes one it does (Gmail: dots only), as people write it.
  const sep = (preferred: string) => (style.separators.includes(preferred) ? preferred : style.separators.includes('.') ? '.' : '');
  return `${fit(localPart(pattern, first, last, f, sep), style, f)}@${style.domain}`;
}

/**
 * `perGroup` addresses in each of the groups `falso` (any falso name) and `falso-unlisted` (names
 * not in `known`, the recogniser's folded name and word lists), patterns drawn uniformly.
 */
export function crossSourceHumans(seed: number, perGroup: number, pools: NamePools, known: ReadonlySet<string>): HumanRow[] {
  const groups = [
    { name: 'falso', first: pools.first, last: pools.last },
    { name: 'falso-unlisted', first: pools.first.filter((n) => !known.has(n)), last: pools.last.filter((n) => !known.has(n)) },
  ];
  const providers = CROSS_SOURCE_PROVIDERS.map((s) => ({ value: s, weight: s.weight }));
  const rows: HumanRow[] = [];
  for (const g of groups) {
    if (g.first.length === 0 || g.last.length === 0) continue;
    const f = new Faker({ locale: [allLocales.base] });
    f.seed(seed * 1_000_000 + nameHash(g.name));
    for (let i = 0; i < perGroup; i++) {
      const style = f.helpers.weightedArrayElement(providers);
      const pattern = f.helpers.arrayElement(CROSS_SOURCE_PATTERNS);
      const first = f.helpers.arrayElement(g.first);
      const last = f.helpers.arrayElement(g.last);
      rows.push({ email: personAddress(pattern, first, last, style, f), group: g.name, pattern });
    }
  }
  return rows;
}
