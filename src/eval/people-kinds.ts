/**
 * People of kinds no other corpus generates (issue 16, round 14), for `npm run eval -- --synthetic`.
 * Each group is one way real people's mailboxes are named that neither development file holds much
 * of and no earlier generator wrote, reported on its own (review/block shares and mean score):
 *
 * - `campus-ids`: mailboxes a university assigns (a letter and 7-8 digits, letters-digits-letters,
 *   initials and digits, a login of a name and a number; staff as first.last) at domains of the
 *   school list the recogniser reads, some under a `student.` subdomain.
 * - `staff-ids`: the same at companies: an employee number, initials, a login. The company domains
 *   are made up from a family name and a business word.
 * - `isp-elders`: older consumers at US, UK, Canadian and Australian ISPs: initials and a birth year
 *   from 1935-1965, a name with a pet, street or grandparent word, family and couple mailboxes
 *   ("thesmiths", "smithfamily1987", "bobandmary").
 * - `eai`: internationalised local parts (RFC 6531): given and family names in their own script
 *   (Cyrillic, Greek, Chinese, Korean, Thai, Devanagari) at made-up domains of the same country, in
 *   its IDN zone (.рф, .ελ, .中国, .한국, .ไทย, .भारत) or its ASCII one.
 * - `hobby-year`: handles made of a hobby and a role word with or without a year ("golfnut58",
 *   "fishingfan1975", "mustang67", "ilovegolf") at free mail and consumer ISPs. The vocabulary is
 *   written here (everyday hobbies and role words), not drawn from the recogniser's word lists.
 *
 * Names come from faker-js (Latin names our lists hold: these groups measure shapes and venues,
 * not name coverage; the regional and cross-source groups measure names). Every address is made
 * up; no labelled row is read. Pure: the same seed and size give the same rows.
 */
import { allLocales, Faker, type LocaleDefinition } from '@faker-js/faker';
import { SCHOOL_DOMAINS_TEXT } from '../data/school-domains.ts';
import type { HumanRow } from './humans.ts';
import { fit, foldForAddress, gmail, nameHash, p, pad2, yahoo, type ProviderStyle } from './synthetic.ts';

export const PEOPLE_KINDS_SEED = 14;
export const PEOPLE_KINDS_PER_GROUP = 500;
export const PEOPLE_KIND_GROUPS = ['campus-ids', 'staff-ids', 'isp-elders', 'eai', 'hobby-year'] as const;
type Group = (typeof PEOPLE_KIND_GROUPS)[number];

/** Consumer ISPs older people kept since dial-up (rough shares, public knowledge). */
const ISPS: readonly ProviderStyle[] = [
  p('aol.com', 14, '._'), p('comcast.net', 10), p('verizon.net', 6), p('att.net', 6), p('sbcglobal.net', 5), p('bellsouth.net', 4),
  p('charter.net', 3), p('cox.net', 3), p('earthlink.net', 3), p('juno.com', 2), p('btinternet.com', 6), p('ntlworld.com', 3),
  p('talktalk.net', 2), p('bigpond.com', 5), p('optusnet.com.au', 3), p('shaw.ca', 3), p('sympatico.ca', 2), p('rogers.com', 3),
  yahoo('yahoo.com', 6), p('hotmail.com', 4), gmail(6),
];
/** Where hobby handles live: big free mail and the same ISPs. */
const HOBBY_VENUES: readonly ProviderStyle[] = [gmail(30), yahoo('yahoo.com', 20), p('aol.com', 10, '._'), p('hotmail.com', 10), p('outlook.com', 5), p('comcast.net', 8), p('att.net', 5), p('verizon.net', 4), p('bigpond.com', 4), p('btinternet.com', 4)];

const PETS = ['buddy', 'max', 'bella', 'lucy', 'daisy', 'charlie', 'rocky', 'molly', 'sadie', 'duke', 'bailey', 'ginger', 'lady', 'shadow', 'sparky', 'tiger', 'smokey', 'rusty'];
const STREETS = ['maple', 'oak', 'elm', 'pine', 'cedar', 'willow', 'birch', 'lake', 'river', 'hill', 'meadow', 'park', 'orchard', 'valley', 'cherry', 'walnut'];
const STREET_TYPES = ['lane', 'st', 'ave', 'road', 'drive', 'court', 'way'];
const ELDER_WORDS = ['grandma', 'grandpa', 'nana', 'papa', 'granny', 'gramps', 'nanny', 'mimi', 'poppy'];
const HOBBIES = [
  'fishing', 'golf', 'guitar', 'garden', 'quilt', 'knitting', 'bowling', 'hunting', 'bass', 'trout', 'harley', 'mustang', 'corvette', 'jeep',
  'camaro', 'yankees', 'steelers', 'packers', 'soccer', 'hockey', 'surf', 'ski', 'hiking', 'biker', 'chess', 'jazz', 'blues', 'piano', 'drummer',
  'photo', 'birding', 'horse', 'cowboy', 'sailing', 'baking', 'crafty', 'scrapbook', 'tennis', 'running', 'cycling', 'diver', 'camping',
];
const ROLES = ['fan', 'lover', 'man', 'guy', 'girl', 'lady', 'nut', 'rider', 'mom', 'dad', 'queen', 'king', 'buff', 'junkie', '4life', 'pro', 'chick', 'dude'];
export const BUSINESS = ['group', 'tech', 'logistics', 'partners', 'engineering', 'foods', 'systems', 'consulting', 'labs', 'industries', 'law', 'dental', 'builders'];
export const COMPANY_TLDS = ['com', 'com', 'com', 'co.uk', 'de', 'com.au', 'ca', 'nl', 'io'];

/** Scripts for `eai`: faker locale, the IDN zone and the ASCII zone of its country, separator (none for scripts without spaces between names). */
export const EAI_SCRIPTS = [
  { locale: 'ru', idn: 'рф', ascii: 'ru', sep: '.' },
  { locale: 'el', idn: 'ελ', ascii: 'gr', sep: '.' },
  { locale: 'zh_CN', idn: '中国', ascii: 'cn', sep: '' },
  { locale: 'ko', idn: '한국', ascii: 'kr', sep: '' },
  { locale: 'th', idn: 'ไทย', ascii: 'th', sep: '.' },
  { locale: 'ne', idn: 'भारत', ascii: 'in', sep: '.' },
] as const;
/** Business words of each script's country for a made-up company domain in its IDN zone. */
const IDN_BUSINESS: Readonly<Record<string, readonly string[]>> = {
  ru: ['завод', 'строй', 'торг', 'сервис'], el: ['εμπόριο', 'τεχνική', 'ταξίδια'], zh_CN: ['科技', '贸易', '公司'], ko: ['상사', '기술', '무역'],
  th: ['การค้า', 'บริการ'], ne: ['सेवा', 'उद्योग'],
};

const isoYear = (f: Faker, min: number, max: number) => f.number.int({ min, max });
const letters = (f: Faker, n: number) => f.string.alpha({ length: n, casing: 'lower' });

interface Name { readonly first: string; readonly last: string }
function latinName(f: Faker): Name {
  const first = foldForAddress(f.person.firstName());
  const last = foldForAddress(f.person.lastName());
  return { first: first.length >= 2 ? first : 'ann', last: last.length >= 2 ? last : 'lee' };
}

/** Registrable school domains on academic suffixes (edu, ac.xx, edu.xx), sorted. */
export function universityDomains(): string[] {
  return SCHOOL_DOMAINS_TEXT.split(/\s+/).filter((d) => /^[a-z0-9-]+\.(edu|ac\.[a-z]{2}|edu\.[a-z]{2})$/.test(d)).sort();
}

/** A mailbox an institution assigns, or a login made of the name (the patterns of `campus-ids` and `staff-ids`). */
function assignedLocal(f: Faker, who: Name, staff: boolean): { local: string; pattern: string } {
  const { first, last } = who;
  const options: { value: () => { local: string; pattern: string }; weight: number }[] = [
    { value: () => ({ local: `${f.helpers.arrayElement(staff ? ['e', 'emp', 'a', 'x'] : ['s', 'u', 'c', 'a', 'z'])}${f.string.numeric(f.number.int({ min: 6, max: 8 }))}`, pattern: 'letter+digits' }), weight: 5 },
    { value: () => ({ local: `${letters(f, 2)}${f.string.numeric(f.number.int({ min: 2, max: 4 }))}${letters(f, f.number.int({ min: 0, max: 2 }))}`, pattern: 'letters-digits-letters' }), weight: 4 },
    { value: () => ({ local: `${first[0]}${f.datatype.boolean() ? letters(f, 1) : ''}${last[0]}${f.string.numeric(f.number.int({ min: 1, max: 4 }))}`, pattern: 'initials+digits' }), weight: 4 },
    { value: () => ({ local: `${last.slice(0, f.number.int({ min: 3, max: 6 }))}${first[0]}${f.datatype.boolean() ? f.string.numeric(f.number.int({ min: 1, max: 2 })) : ''}`, pattern: 'login' }), weight: 3 },
    { value: () => ({ local: `${first[0]}${last}${f.datatype.boolean() ? f.string.numeric(1) : ''}`, pattern: 'flast' }), weight: 2 },
    { value: () => ({ local: `${first}.${last}${f.datatype.boolean() ? '' : String(f.number.int({ min: 1, max: 9 }))}`, pattern: 'first.last' }), weight: staff ? 4 : 2 },
  ];
  if (staff) options.push({ value: () => ({ local: `${first[0]}${f.datatype.boolean() ? letters(f, 1) : ''}${last[0]}`, pattern: 'initials' }), weight: 3 });
  return f.helpers.weightedArrayElement(options)();
}

function elderLocal(f: Faker, who: Name): { local: string; pattern: string } {
  const { first, last } = who;
  const year = () => (f.datatype.boolean() ? String(isoYear(f, 1935, 1965)) : pad2(isoYear(f, 1935, 1965)));
  return f.helpers.weightedArrayElement([
    { value: () => ({ local: `${first[0]}${f.datatype.boolean() ? letters(f, 1) : ''}${last[0]}${year()}`, pattern: 'initials+year' }), weight: 4 },
    { value: () => ({ local: `${first}${last[0]}${year()}`, pattern: 'firstl+year' }), weight: 3 },
    { value: () => ({ local: `${last}${first[0]}${f.datatype.boolean() ? '' : year()}`, pattern: 'lastf' }), weight: 2 },
    { value: () => ({ local: f.helpers.arrayElement([`${f.helpers.arrayElement(ELDER_WORDS)}${first}`, `${first}s${f.helpers.arrayElement(['garden', 'place', 'kitchen', 'corner'])}`, `${f.helpers.arrayElement(PETS)}s${f.helpers.arrayElement(['mom', 'dad', 'nana'])}`]), pattern: 'name+word' }), weight: 4 },
    { value: () => ({ local: `${f.helpers.arrayElement(STREETS)}${f.helpers.arrayElement(STREET_TYPES)}${f.number.int({ min: 1, max: 999 })}`, pattern: 'street' }), weight: 2 },
    { value: () => ({ local: `${f.helpers.arrayElement(PETS)}${f.helpers.arrayElement(['', String(f.number.int({ min: 1, max: 99 })), year()])}`, pattern: 'pet' }), weight: 2 },
    { value: () => ({ local: f.helpers.arrayElement([`the${last}s`, `${last}family`, `${last}family${isoYear(f, 1960, 2000)}`, `${last}s${f.number.int({ min: 2, max: 6 })}`, `${last}fam`, `the${last}family`]), pattern: 'family' }), weight: 4 },
    { value: () => ({ local: `${first}${f.helpers.arrayElement(['and', 'n', '.', '_'])}${latinName(f).first}`, pattern: 'couple' }), weight: 3 },
  ])();
}

function hobbyLocal(f: Faker, who: Name): { local: string; pattern: string } {
  const hobby = f.helpers.arrayElement(HOBBIES);
  const role = f.helpers.arrayElement(ROLES);
  const year = () => (f.datatype.boolean() ? String(isoYear(f, 1950, 2005)) : pad2(isoYear(f, 1950, 2005)));
  return f.helpers.weightedArrayElement([
    { value: () => ({ local: `${hobby}${role}`, pattern: 'hobby+role' }), weight: 3 },
    { value: () => ({ local: `${hobby}${role}${year()}`, pattern: 'hobby+role+year' }), weight: 4 },
    { value: () => ({ local: `${hobby}${year()}`, pattern: 'hobby+year' }), weight: 4 },
    { value: () => ({ local: f.datatype.boolean() ? `${hobby}${who.first}` : `${who.first}${hobby}`, pattern: 'hobby+name' }), weight: 2 },
    { value: () => ({ local: `${f.helpers.arrayElement(['ilove', 'love', 'just', 'crazy'])}${hobby}${f.datatype.boolean() ? '' : String(f.number.int({ min: 1, max: 99 }))}`, pattern: 'love+hobby' }), weight: 2 },
  ])();
}

function eaiAddress(f: Faker, fakers: ReadonlyMap<string, Faker>): { email: string; pattern: string } {
  const script = f.helpers.arrayElement(EAI_SCRIPTS);
  const native = fakers.get(script.locale)!;
  const first = native.person.firstName().replace(/\s+/g, '').toLowerCase();
  const last = native.person.lastName().replace(/\s+/g, '').toLowerCase();
  // Chinese and Korean write the family name first, without a space.
  const familyFirst = script.sep === '';
  const local = f.helpers.weightedArrayElement([
    { value: familyFirst ? `${last}${first}` : `${first}${script.sep}${last}`, weight: 4 },
    { value: first, weight: 2 },
    { value: familyFirst ? last + first.slice(0, 1) : `${first.slice(0, 1)}${script.sep}${last}`, weight: 1 },
  ]);
  const idn = f.datatype.boolean();
  const domain = idn
    ? `${f.datatype.boolean() ? last : f.helpers.arrayElement(IDN_BUSINESS[script.locale]!) + last}.${script.idn}`
    : `${foldForAddress(f.person.lastName())}${f.helpers.arrayElement(BUSINESS)}.${script.ascii}`;
  return { email: `${local}@${domain}`, pattern: `${script.locale}${idn ? '-idn' : '-ascii'}` };
}

/** `perGroup` addresses for each of PEOPLE_KIND_GROUPS, reproducible from `seed`. */
export function peopleKinds(seed: number, perGroup: number): HumanRow[] {
  const locales = allLocales as unknown as Record<string, LocaleDefinition>;
  const universities = universityDomains();
  const rows: HumanRow[] = [];
  for (const group of PEOPLE_KIND_GROUPS) {
    const f = new Faker({ locale: [allLocales.en_US, allLocales.en_GB, allLocales.en, allLocales.base] });
    f.seed(seed * 1_000_000 + nameHash(group));
    const fakers = new Map(EAI_SCRIPTS.map((s, k) => {
      const native = new Faker({ locale: [locales[s.locale]!, allLocales.base] });
      native.seed(seed * 1_000_000 + nameHash(group) + k + 1);
      return [s.locale, native] as const;
    }));
    for (let i = 0; i < perGroup; i++) rows.push({ ...oneRow(group, f, fakers, universities), group });
  }
  return rows;
}

function oneRow(group: Group, f: Faker, fakers: ReadonlyMap<string, Faker>, universities: readonly string[]): { email: string; pattern: string } {
  const who = latinName(f);
  switch (group) {
    case 'campus-ids': {
      const staff = f.number.int({ min: 1, max: 5 }) === 1;
      const { local, pattern } = assignedLocal(f, who, staff);
      const domain = f.helpers.arrayElement(universities);
      return { email: `${local}@${!staff && f.number.int({ min: 1, max: 4 }) === 1 ? 'student.' : ''}${domain}`, pattern: `${staff ? 'staff' : 'student'} ${pattern}` };
    }
    case 'staff-ids': {
      const { local, pattern } = assignedLocal(f, who, true);
      return { email: `${local}@${foldForAddress(f.person.lastName())}${f.helpers.arrayElement(BUSINESS)}.${f.helpers.arrayElement(COMPANY_TLDS)}`, pattern: `company ${pattern}` };
    }
    case 'isp-elders': {
      const style = f.helpers.weightedArrayElement(ISPS.map((s) => ({ value: s, weight: s.weight })));
      const { local, pattern } = elderLocal(f, who);
      return { email: `${venueFit(local, style, f)}@${style.domain}`, pattern };
    }
    case 'eai': return eaiAddress(f, fakers);
    case 'hobby-year': {
      const style = f.helpers.weightedArrayElement(HOBBY_VENUES.map((s) => ({ value: s, weight: s.weight })));
      const { local, pattern } = hobbyLocal(f, who);
      return { email: `${venueFit(local, style, f)}@${style.domain}`, pattern };
    }
  }
}

/** The provider's separators only (one it lacks is dropped), then its length rules (synthetic.ts's fit). */
function venueFit(local: string, style: ProviderStyle, f: Faker): string {
  return fit(local.replace(/[._-]/g, (c) => (style.separators.includes(c) ? c : '')), style, f);
}
