/**
 * Regional people for `npm run eval -- --synthetic`: given and family names of cultures that
 * faker-js covers thinly (West, East and South African, Maghrebi, Pakistani, Turkish, Japanese in
 * romaji, Thai in its usual romanisation, Central Asian, Indonesian), taken from the Python Faker
 * package's locales (data/regional-names.json, written by scripts/regional-names.py; a source the
 * recogniser never reads), at the providers people of each region use: the big free-mail services
 * and well-known national ISPs and portals, each provider's mailbox rules respected.
 *
 * Why: the cross-source group (cross-source.ts) mixes falso's cultures at six Western providers;
 * the hidden measurement holds people of regions our lists and providers know least. One group per
 * culture (names as that culture's locale holds them, listed or not), and `regional-unlisted`
 * (every culture's names our lists lack, each at its own region's providers), so a change to names,
 * shapes or provider priors shows what it costs each. Patterns are cross-source's eight.
 *
 * Deterministic: sorted pools, a seeded faker stream per group. No labelled row is read.
 */
import { Faker, allLocales } from '@faker-js/faker';
import { createRequire } from 'node:module';
import { CROSS_SOURCE_PATTERNS, personAddress } from './cross-source.ts';
import type { HumanRow } from './humans.ts';
import { foldForAddress, gmail, nameHash, p, yahoo, type ProviderStyle } from './synthetic.ts';

export const REGIONAL_SEED = 13;
export const REGIONAL_PER_GROUP = 400;

export interface Culture {
  readonly name: string;
  /** Given and family names, folded as in an address, unique, sorted. */
  readonly first: readonly string[];
  readonly last: readonly string[];
}

/** Everyday providers per culture: shares are rough public-knowledge weights, not measured. */
export const REGIONAL_PROVIDERS: Readonly<Record<string, readonly ProviderStyle[]>> = {
  'west-african': [gmail(50), yahoo('yahoo.com', 30), p('hotmail.com', 10), p('outlook.com', 5), yahoo('yahoo.co.uk', 5)],
  'east-african': [gmail(60), yahoo('yahoo.com', 25), p('hotmail.com', 10), p('outlook.com', 5)],
  'south-african': [gmail(45), p('mweb.co.za', 15), p('telkomsa.net', 10), p('vodamail.co.za', 10), p('outlook.com', 10), yahoo('yahoo.com', 10)],
  maghrebi: [gmail(40), p('hotmail.fr', 25), yahoo('yahoo.fr', 20), p('outlook.fr', 15)],
  pakistani: [gmail(55), yahoo('yahoo.com', 25), p('hotmail.com', 12), p('outlook.com', 8)],
  turkish: [gmail(50), p('hotmail.com', 30), p('outlook.com', 10), { ...p('yandex.com', 10, '.-'), maxSeparators: 1 }],
  japanese: [gmail(40), p('yahoo.co.jp', 20, '._-'), p('docomo.ne.jp', 10, '._-'), p('ezweb.ne.jp', 10, '._-'), p('icloud.com', 10, '._'), p('nifty.com', 10, '._-')],
  thai: [gmail(50), p('hotmail.com', 35), yahoo('yahoo.com', 15)],
  'central-asian': [p('mail.ru', 40, '._-'), gmail(30), { ...p('yandex.ru', 15, '.-'), maxSeparators: 1 }, p('inbox.ru', 5, '._-'), p('list.ru', 5, '._-'), p('bk.ru', 5, '._-')],
  indonesian: [gmail(55), yahoo('yahoo.co.id', 20), yahoo('yahoo.com', 15), yahoo('ymail.com', 10)],
};

interface RegionalNamesFile {
  readonly source: string;
  readonly cultures: Readonly<Record<string, { readonly first: readonly string[]; readonly last: readonly string[] }>>;
}

const fold = (names: readonly string[]): string[] =>
  [...new Set(names.flatMap((n) => n.split(/[\s'’-]+/)).map(foldForAddress).filter((n) => n.length >= 2))].sort();

/** The cultures of data/regional-names.json, names folded (a multi-word entry gives each word). */
export function regionalCultures(): Culture[] {
  const file = createRequire(import.meta.url)('./data/regional-names.json') as RegionalNamesFile;
  return Object.entries(file.cultures).map(([name, c]) => ({ name, first: fold(c.first), last: fold(c.last) }));
}

/**
 * `perGroup` addresses for each culture and for `regional-unlisted` (names not in `known`, the
 * recogniser's folded name and word lists; a culture contributes in proportion to its unlisted
 * names, at its own providers). A culture without providers here is skipped.
 */
export function regionalHumans(seed: number, perGroup: number, cultures: readonly Culture[], known: ReadonlySet<string>): HumanRow[] {
  const usable = cultures.filter((c) => REGIONAL_PROVIDERS[c.name] && c.first.length > 0 && c.last.length > 0);
  const unlisted = usable
    .map((c) => ({ ...c, first: c.first.filter((n) => !known.has(n)), last: c.last.filter((n) => !known.has(n)) }))
    .filter((c) => c.first.length > 0 && c.last.length > 0);
  const groups = [
    ...usable.map((c) => ({ name: c.name, cultures: [c] })),
    ...(unlisted.length > 0 ? [{ name: 'regional-unlisted', cultures: unlisted }] : []),
  ];
  const rows: HumanRow[] = [];
  for (const g of groups) {
    const f = new Faker({ locale: [allLocales.base] });
    f.seed(seed * 1_000_000 + nameHash(g.name));
    const cultureWeights = g.cultures.map((c) => ({ value: c, weight: c.first.length + c.last.length }));
    for (let i = 0; i < perGroup; i++) {
      const culture = f.helpers.weightedArrayElement(cultureWeights);
      const style = f.helpers.weightedArrayElement(REGIONAL_PROVIDERS[culture.name]!.map((s) => ({ value: s, weight: s.weight })));
      const pattern = f.helpers.arrayElement(CROSS_SOURCE_PATTERNS);
      const first = f.helpers.arrayElement(culture.first);
      const last = f.helpers.arrayElement(culture.last);
      rows.push({ email: personAddress(pattern, first, last, style, f), group: g.name, pattern });
    }
  }
  return rows;
}
