/**
 * A synthetic corpus of plausible human addresses, generated in memory from a seed: given and
 * family names of many faker locales (folded to ASCII as people write them) x the patterns
 * people use for their own mailbox (first.last, flast, name + birth year, nickname + a short
 * number, QQ numbers, mainland mobile numbers...) x the mail providers and ISPs of each region.
 *
 * It is a guard that does not depend on any labelled row: a signal that blocks or reviews many
 * of these is a signal that would block real people nobody has labelled. Its limit: the names
 * come from the same faker lists the name tables are built from, so it checks the shapes
 * (separators, digits, years, provider rules, domain signals) rather than name coverage; the
 * `variant` pattern respells names (jonathon, katharine) to look past the lists a little.
 *
 * Pure: the same seed and size give the same rows (faker's seeded generator, no clock or I/O).
 */
import { allLocales, Faker, type LocaleDefinition } from '@faker-js/faker';
import { transliterate } from 'transliteration';

/** The corpus `npm run eval -- --synthetic` reports: fixed seed and size, so every run scores the same rows. */
export const SYNTHETIC_SEED = 16;
export const SYNTHETIC_PER_GROUP = 500;

/** How a provider lets people spell a mailbox (only what the generator needs). */
export interface ProviderStyle {
  readonly domain: string;
  /** Separators the provider accepts between name parts. */
  readonly separators: string;
  /** Shortest mailbox it accepts: shorter ones get digits appended, as people do. */
  readonly min: number;
  readonly max: number;
  /** Share of this region's people at this provider (relative weight). */
  readonly weight: number;
  /** At most this many separators (Yahoo: one period or underscore). */
  readonly maxSeparators?: number;
  /** Length counts letters and digits only (Gmail ignores dots). */
  readonly alnumLength?: boolean;
}

export const p = (domain: string, weight: number, separators = '._-', min = 3, max = 30): ProviderStyle => ({ domain, separators, min, max, weight });
/** Gmail: letters, digits and dots, 6-30 (Google Account Help, "Create a username"). */
export const gmail = (weight: number): ProviderStyle => ({ ...p('gmail.com', weight, '.', 6, 30), alnumLength: true });
/** Yahoo: letters, digits, one dot or underscore, 4-32. */
export const yahoo = (domain: string, weight: number): ProviderStyle => ({ ...p(domain, weight, '._', 4, 32), maxSeparators: 1 });

export interface LocaleGroup {
  readonly name: string;
  /** Faker locale codes whose names the group draws on. */
  readonly locales: readonly string[];
  readonly providers: readonly ProviderStyle[];
  /** Chinese-style mailboxes too: QQ numbers, mobile numbers, pinyin names and initials. */
  readonly chinese?: boolean;
}

/** Regions and their everyday providers (webmail and consumer ISPs), no company domains. */
export const LOCALE_GROUPS: readonly LocaleGroup[] = [
  { name: 'us', locales: ['en_US'], providers: [gmail(30), yahoo('yahoo.com', 12), p('hotmail.com', 8), p('outlook.com', 6), p('aol.com', 8, '._'), p('icloud.com', 5, '._'), p('comcast.net', 6), p('att.net', 4), p('verizon.net', 3), p('sbcglobal.net', 3), p('bellsouth.net', 2), p('cox.net', 2), p('charter.net', 2), p('msn.com', 2)] },
  { name: 'uk-ie-au', locales: ['en_GB', 'en_IE', 'en_AU'], providers: [gmail(30), p('hotmail.co.uk', 10), yahoo('yahoo.co.uk', 8), p('btinternet.com', 8), p('sky.com', 5), p('virginmedia.com', 4), p('outlook.com', 6), p('eircom.net', 3), p('bigpond.com', 4), p('optusnet.com.au', 3)] },
  { name: 'de-at-ch', locales: ['de', 'de_AT', 'de_CH'], providers: [p('web.de', 15), p('gmx.de', 15), p('gmx.net', 8), p('t-online.de', 10), gmail(20), p('freenet.de', 4), p('arcor.de', 3), p('gmx.at', 3), p('aon.at', 3), p('bluewin.ch', 3), p('hotmail.de', 4)] },
  { name: 'fr-be', locales: ['fr', 'fr_BE', 'fr_CH'], providers: [p('orange.fr', 12), p('wanadoo.fr', 8), p('free.fr', 8), p('laposte.net', 6), p('sfr.fr', 6), gmail(25), p('hotmail.fr', 10), yahoo('yahoo.fr', 5), p('skynet.be', 3), p('telenet.be', 3)] },
  { name: 'it', locales: ['it'], providers: [p('libero.it', 15), p('virgilio.it', 8), p('alice.it', 6), p('tiscali.it', 4), p('tin.it', 3), gmail(30), p('hotmail.it', 8), yahoo('yahoo.it', 5)] },
  { name: 'es-pt-latam', locales: ['es', 'es_MX', 'pt_BR', 'pt_PT'], providers: [gmail(35), p('hotmail.com', 15), p('hotmail.es', 6), yahoo('yahoo.es', 4), p('outlook.es', 3), p('telefonica.net', 2), p('uol.com.br', 4), p('bol.com.br', 3), p('terra.com.br', 2), p('sapo.pt', 3), yahoo('yahoo.com.mx', 4), p('prodigy.net.mx', 2)] },
  { name: 'pl-cz-sk', locales: ['pl', 'cs_CZ', 'sk'], providers: [p('wp.pl', 12), p('o2.pl', 8), p('onet.pl', 8), p('interia.pl', 8), p('op.pl', 4), p('seznam.cz', 14), p('centrum.cz', 5), p('email.cz', 5), p('azet.sk', 4), gmail(25)] },
  { name: 'ru-ua', locales: ['ru', 'uk'], providers: [p('mail.ru', 20), p('yandex.ru', 15, '.-'), p('rambler.ru', 5), p('list.ru', 4), p('bk.ru', 4), p('inbox.ru', 4), p('ukr.net', 8), p('i.ua', 3), gmail(25)] },
  { name: 'nordic-nl', locales: ['nb_NO', 'sv', 'da', 'fi', 'nl', 'nl_BE'], providers: [gmail(35), p('hotmail.com', 10), p('live.se', 4), p('hotmail.se', 3), p('online.no', 4), p('telia.com', 4), p('mail.dk', 3), p('ziggo.nl', 5), p('kpnmail.nl', 4), p('home.nl', 3), p('hetnet.nl', 3), p('planet.nl', 3)] },
  { name: 'south-east-eu', locales: ['hu', 'ro', 'hr', 'sl_SI', 'sr_RS_latin', 'el', 'tr', 'mk'], providers: [gmail(40), p('hotmail.com', 10), yahoo('yahoo.com', 8), p('freemail.hu', 5), p('citromail.hu', 3), p('abv.bg', 4), p('outlook.com', 5), p('mail.bg', 2)] },
  { name: 'cn', locales: ['zh_CN'], chinese: true, providers: [p('qq.com', 30, '._'), p('163.com', 20, '_', 6, 18), p('126.com', 10, '_', 6, 18), p('sina.com', 5, '_'), p('foxmail.com', 5, '._'), p('yeah.net', 2, '_', 6, 18), gmail(20), p('outlook.com', 5)] },
  { name: 'kr', locales: ['ko'], providers: [p('naver.com', 35, '_-', 5, 20), p('daum.net', 10), p('hanmail.net', 10), p('nate.com', 5), gmail(35)] },
  { name: 'in', locales: ['en_IN'], providers: [gmail(50), p('rediffmail.com', 10, '._'), yahoo('yahoo.co.in', 10), yahoo('yahoo.in', 4), p('hotmail.com', 8), p('outlook.com', 6)] },
  { name: 'vn-id', locales: ['vi', 'id_ID'], providers: [gmail(50), yahoo('yahoo.com.vn', 10), yahoo('yahoo.co.id', 10), p('hotmail.com', 8), p('outlook.com', 6)] },
];

/** The patterns people write their mailbox in (weights: rough relative frequency). */
export const PATTERNS = [
  'first.last', 'firstlast', 'flast', 'f.last', 'first_last', 'first-last', 'last.first', 'firstl',
  'first.m.last', 'first.last+year', 'firstlast+yy', 'first+yy', 'first+year', 'nick+number',
  'flast+number', 'first.last+number', 'initials+number', 'firstlast+recent-year', 'variant',
  // Chinese only
  'qq-number', 'mobile-number', 'pinyin', 'pinyin+digits', 'initials+digits',
] as const;
export type Pattern = (typeof PATTERNS)[number];

const GENERAL: readonly { value: Pattern; weight: number }[] = [
  { value: 'first.last', weight: 14 }, { value: 'firstlast', weight: 10 }, { value: 'flast', weight: 7 },
  { value: 'f.last', weight: 3 }, { value: 'first_last', weight: 4 }, { value: 'first-last', weight: 2 },
  { value: 'last.first', weight: 3 }, { value: 'firstl', weight: 3 }, { value: 'first.m.last', weight: 2 },
  { value: 'first.last+year', weight: 8 }, { value: 'firstlast+yy', weight: 8 }, { value: 'first+yy', weight: 6 },
  { value: 'first+year', weight: 5 }, { value: 'nick+number', weight: 8 }, { value: 'flast+number', weight: 4 },
  { value: 'first.last+number', weight: 3 }, { value: 'initials+number', weight: 3 },
  { value: 'firstlast+recent-year', weight: 2 }, { value: 'variant', weight: 6 },
];
const CHINESE: readonly { value: Pattern; weight: number }[] = [
  ...GENERAL.filter((g) => !['first_last', 'first-last', 'first.m.last', 'variant'].includes(g.value)).map((g) => ({ ...g, weight: g.weight / 2 })),
  { value: 'qq-number', weight: 18 }, { value: 'mobile-number', weight: 8 }, { value: 'pinyin', weight: 12 },
  { value: 'pinyin+digits', weight: 12 }, { value: 'initials+digits', weight: 6 },
];

export interface SyntheticRow {
  readonly email: string;
  readonly group: string;
  readonly pattern: Pattern;
}

/** Folds a name as people write it in an address: ASCII letters only ("Łukasz" -> "lukasz"). */
export function foldForAddress(name: string): string {
  return transliterate(name.normalize('NFC')).toLowerCase().replace(/[^a-z]/g, '');
}

/**
 * Spelling variants real names have (Jonathon, Katharine, Mikhail/Michail, Stefan/Stephan):
 * one rewrite, so that the name may be off the lists the recogniser knows.
 */
const RESPELL: readonly [RegExp, string][] = [
  [/ph/, 'f'], [/f/, 'ph'], [/c(?=[aou])/, 'k'], [/k/, 'c'], [/y/, 'i'], [/i(?=[aeou])/, 'y'], [/([lnrst])(?=[aeiouy])/, '$1$1'],
  [/([lnrst])\1/, '$1'], [/th/, 't'], [/t(?=[aeiou])/, 'th'], [/ck/, 'k'], [/x/, 'ks'], [/v/, 'w'], [/w/, 'v'], [/ie$/, 'y'], [/y$/, 'ie'],
];

function respell(name: string, f: Faker): string {
  const rules = f.helpers.shuffle([...RESPELL]);
  for (const [re, to] of rules) {
    const next = name.replace(re, to);
    if (next !== name && next.length >= 2) return next;
  }
  return name;
}

export const pad2 = (n: number) => String(n % 100).padStart(2, '0');

/** A birth year people put in their address (1950-2005). */
export const birthYear = (f: Faker) => f.number.int({ min: 1950, max: 2005 });

/** A short number people add when their name is taken: 1-3 digits, favourite numbers among them. */
function shortNumber(f: Faker): string {
  return f.helpers.weightedArrayElement([
    { value: () => String(f.number.int({ min: 1, max: 9 })), weight: 3 },
    { value: () => String(f.number.int({ min: 10, max: 99 })), weight: 5 },
    { value: () => String(f.number.int({ min: 100, max: 999 })), weight: 3 },
    { value: () => f.helpers.arrayElement(['007', '123', '777', '666', '888', '520', '1234', '2000', '01', '11', '22']), weight: 2 },
  ])();
}

interface Person {
  readonly first: string;
  readonly last: string;
  readonly middle: string;
  /** Given-name syllables (Chinese names), for initials. */
  readonly givenParts: readonly string[];
}

function person(f: Faker): Person {
  const sex = f.helpers.arrayElement(['female', 'male'] as const);
  const firstRaw = f.person.firstName(sex);
  const lastRaw = f.person.lastName(sex);
  const givenParts = transliterate(firstRaw).toLowerCase().split(/[^a-z]+/).filter(Boolean);
  let first = foldForAddress(firstRaw);
  let last = foldForAddress(lastRaw);
  // A few faker entries fold to one letter or nothing (scripts transliteration does not read).
  if (first.length < 2) first = foldForAddress(f.person.firstName());
  if (last.length < 2) last = foldForAddress(f.person.lastName());
  const middle = foldForAddress(f.person.firstName()).slice(0, 1) || 'a';
  return { first, last, middle, givenParts };
}

function chineseLocal(pattern: Pattern, who: Person, f: Faker): string {
  switch (pattern) {
    case 'qq-number': return String(f.number.int({ min: 10000, max: 3_999_999_999 }));
    case 'mobile-number': return `1${f.helpers.arrayElement(['3', '5', '7', '8', '9'])}${f.string.numeric(9)}`;
    case 'pinyin': return f.helpers.arrayElement([`${who.last}${who.first}`, `${who.first}${who.last}`, `${who.last}.${who.first}`, `${who.last}_${who.first}`]);
    case 'pinyin+digits': return `${f.helpers.arrayElement([`${who.last}${who.first}`, `${who.first}${who.last}`, who.first])}${f.helpers.arrayElement([String(birthYear(f)), pad2(birthYear(f)), shortNumber(f), `${pad2(f.number.int({ min: 1, max: 12 }))}${pad2(f.number.int({ min: 1, max: 28 }))}`])}`;
    case 'initials+digits': {
      const initials = `${who.last[0]}${who.givenParts.map((s) => s[0]).join('')}`;
      const lead = f.datatype.boolean() ? initials : `${who.last}${who.givenParts.map((s) => s[0]).join('')}`;
      return `${lead}${f.helpers.arrayElement([String(birthYear(f)), pad2(birthYear(f)), shortNumber(f)])}`;
    }
    default: return '';
  }
}

function generalLocal(pattern: Pattern, who: Person, f: Faker, sep: (preferred: string) => string): string {
  const { first, last, middle } = who;
  switch (pattern) {
    case 'first.last': return `${first}${sep('.')}${last}`;
    case 'firstlast': return `${first}${last}`;
    case 'flast': return `${first[0]}${last}`;
    case 'f.last': return `${first[0]}${sep('.')}${last}`;
    case 'first_last': return `${first}${sep('_')}${last}`;
    case 'first-last': return `${first}${sep('-')}${last}`;
    case 'last.first': return `${last}${sep('.')}${first}`;
    case 'firstl': return `${first}${last[0]}`;
    case 'first.m.last': return `${first}${sep('.')}${middle}${sep('.')}${last}`;
    case 'first.last+year': return `${first}${sep('.')}${last}${birthYear(f)}`;
    case 'firstlast+yy': return `${first}${last}${pad2(birthYear(f))}`;
    case 'first+yy': return `${first}${pad2(birthYear(f))}`;
    case 'first+year': return `${first}${birthYear(f)}`;
    case 'nick+number': return `${first.slice(0, f.number.int({ min: 3, max: Math.max(3, first.length) }))}${shortNumber(f)}`;
    case 'flast+number': return `${first[0]}${last}${shortNumber(f)}`;
    case 'first.last+number': return `${first}${sep('.')}${last}${shortNumber(f)}`;
    // Initials and a number ("jk1987", "mjs22"): a first, maybe a middle, and a last initial.
    case 'initials+number': return `${first[0]}${f.datatype.boolean() ? middle : ''}${last[0]}${f.datatype.boolean() ? String(birthYear(f)) : shortNumber(f)}`;
    // The year of sign-up or graduation rather than of birth.
    case 'firstlast+recent-year': return `${first}${f.helpers.arrayElement(['', sep('.')])}${last}${f.number.int({ min: 2006, max: 2024 })}`;
    case 'variant': return f.helpers.arrayElement([`${respell(first, f)}${sep('.')}${last}`, `${first}${respell(last, f)}`, `${respell(first, f)}${pad2(birthYear(f))}`]);
    default: return '';
  }
}

/** Fits a mailbox to the provider's length rule the way people do (a number when it is too short). */
export function fit(local: string, style: ProviderStyle, f: Faker): string {
  let out = local;
  if (style.maxSeparators !== undefined) {
    let seen = 0;
    out = out.replace(/[._-]/g, (c) => (++seen <= style.maxSeparators! ? c : ''));
  }
  if (out.length > style.max) out = out.slice(0, style.max).replace(/[._-]+$/, '');
  const length = (s: string) => (style.alnumLength ? s.replace(/[._-]/g, '').length : s.length);
  while (length(out) < style.min) out += String(f.number.int({ min: 0, max: 9 }));
  return out;
}

/** A small stable number from a group's name (its stream's offset from the seed). */
export function nameHash(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) >>> 0;
  return h % 100_000;
}

/**
 * One seeded faker per locale (its names first, English and the base data behind) and a `meta`
 * faker that picks among them, all on the stream of `pattern` (from the seed and the pattern's
 * name): so adding a pattern changes no other pattern's rows.
 */
export function patternFakers(seed: number, pattern: string, locales: readonly string[]): { fakers: Faker[]; meta: Faker } {
  const fakers = locales.map((l, j) => {
    const f = new Faker({ locale: [(allLocales as Record<string, LocaleDefinition>)[l]!, allLocales.en, allLocales.base] });
    f.seed(seed * 1_000_000 + nameHash(pattern) * 10 + j);
    return f;
  });
  const meta = new Faker({ locale: [allLocales.base] });
  meta.seed(seed * 1_000 + nameHash(pattern));
  return { fakers, meta };
}

/**
 * `perGroup` addresses for each locale group, reproducible from `seed`. Every group draws its
 * own stream (from the seed and the group's name), so adding a group changes no other's rows.
 */
export function syntheticHumans(seed: number, perGroup: number, groups: readonly LocaleGroup[] = LOCALE_GROUPS): SyntheticRow[] {
  const rows: SyntheticRow[] = [];
  const locales = allLocales as unknown as Record<string, LocaleDefinition>;
  for (const g of groups) {
    const fakers = g.locales.map((code) => {
      const def = locales[code];
      if (!def) throw new Error(`synthetic: unknown faker locale ${code}`);
      const f = new Faker({ locale: [def, allLocales.en, allLocales.base] });
      return f;
    });
    const f = fakers[0]!;
    const base = seed * 1_000_000 + nameHash(g.name) * 8;
    fakers.forEach((one, k) => one.seed(base + k));
    const providers = g.providers.map((s) => ({ value: s, weight: s.weight }));
    const patterns = g.chinese ? CHINESE : GENERAL;
    for (let i = 0; i < perGroup; i++) {
      const style = f.helpers.weightedArrayElement(providers);
      const who = person(f.helpers.arrayElement(fakers));
      let pattern = f.helpers.weightedArrayElement(patterns);
      // Numbers are mailboxes at QQ (its account numbers) and NetEase (mobile numbers) only.
      if (pattern === 'qq-number' && style.domain !== 'qq.com' && style.domain !== 'foxmail.com') pattern = 'pinyin+digits';
      if (pattern === 'mobile-number' && !['163.com', '126.com', 'yeah.net'].includes(style.domain)) pattern = 'pinyin';
      const sep = (preferred: string) => (style.separators.includes(preferred) ? preferred : style.separators.includes('.') ? '.' : style.separators[0] ?? '');
      const raw = g.chinese && ['qq-number', 'mobile-number', 'pinyin', 'pinyin+digits', 'initials+digits'].includes(pattern)
        ? chineseLocal(pattern, who, f)
        : generalLocal(pattern, who, f, sep);
      const local = pattern === 'qq-number' || pattern === 'mobile-number' ? raw : fit(raw.replace(/[._-]/g, (c) => sep(c)), style, f);
      rows.push({ email: `${local}@${style.domain}`, group: g.name, pattern });
    }
  }
  return rows;
}
