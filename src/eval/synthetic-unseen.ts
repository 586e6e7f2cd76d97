/**
 * Synthetic corpora of address kinds that neither development file holds and the hidden
 * measurement does (issue 16): generated in memory from a seed, from maintained packages'
 * data (faker's names in many languages, the disposable-mail lists), never from a labelled row.
 *
 * Fakes:
 * - `temp-unknown`: sign-up bots (AI-service sign-ups among them) at temporary-mail domains that
 *   no list knows yet. The domains are drawn from the disposable lists' own registrable domains
 *   and the eval scores them with tables that leave exactly those out
 *   (`buildJudgeTables({ notDisposable })`): a throwaway service's next domain looks like its
 *   last ones, but is on no list. Mailboxes are what such bots write: a generated person's name
 *   (with or without a few digits) or a service's random token. The eval also writes them at the
 *   domains the older lists had not learnt (`unlearntThrowaways`), today's next domains.
 * - `catchall-lookalike`: generated natural names, no digits, at catch-all domains dressed up as
 *   a big provider: the provider's brand joined to a mail word (`hotmail-inbox.example`,
 *   `mailgmail.example`) under generic and cheap suffixes.
 *
 * Humans:
 * - `numeric-native`: all-digit mailboxes where digits are the provider's own numbering: QQ
 *   numbers at Tencent's domains, mainland mobile numbers at NetEase's and at the mobile
 *   operators' mail services (China Mobile 139.com, China Telecom 189.cn, China Unicom wo.cn).
 *
 * A guard on shapes, not a measure of how common each kind is. Pure: the same seed, size and
 * domain list give the same rows.
 */
import { allLocales, Faker, type LocaleDefinition } from '@faker-js/faker';
import { domainParts } from '../signals/address-signals.ts';
import { foldForAddress } from './synthetic.ts';

export const UNSEEN_FAKE_PATTERNS = ['temp-name', 'temp-name-digits', 'temp-token', 'lookalike-brand-word', 'lookalike-word-brand'] as const;
export const UNSEEN_HUMAN_PATTERNS = ['qq-number', 'mobile-number'] as const;
export type UnseenPattern = (typeof UNSEEN_FAKE_PATTERNS)[number] | (typeof UNSEEN_HUMAN_PATTERNS)[number];

export interface UnseenRow {
  readonly email: string;
  /** The kind (the group of the report). */
  readonly group: 'temp-unknown' | 'catchall-lookalike' | 'numeric-native';
  readonly pattern: UnseenPattern;
}

/** Name locales the generated people come from (the languages AI-made personas are written in). */
const NAME_LOCALES = ['en_US', 'en_GB', 'de', 'fr', 'es', 'it', 'pt_BR', 'nl', 'pl', 'sv', 'tr', 'ru', 'uk', 'cs_CZ', 'el', 'vi', 'id_ID', 'ko', 'zh_CN'] as const;

/** Brands catch-all farms dress their domains up as, and the mail words joined to them. */
const BRANDS = ['gmail', 'hotmail', 'outlook', 'yahoo', 'icloud', 'protonmail', 'yandex', 'aol', 'live', 'msn'] as const;
const MAIL_WORDS = ['mail', 'inbox', 'box', 'post', 'webmail', 'email', 'online', 'pro', 'hub', 'plus', 'service', 'us', 'net'] as const;
/** Suffixes of such domains: generic ones and those that cost least to register in bulk. */
const SUFFIXES = ['com', 'net', 'org', 'info', 'xyz', 'top', 'shop', 'site', 'online', 'store', 'click', 'pro', 'biz', 'email'] as const;

/** Where all digits is the provider's numbering (see src/data/mailbox-rules.ts). */
const QQ_DOMAINS = ['qq.com', 'vip.qq.com', 'foxmail.com'] as const;
const MOBILE_DOMAINS = ['163.com', '126.com', 'yeah.net', '188.com', '139.com', '189.cn', 'wo.cn'] as const;
/** Mainland mobile prefixes (second digit 3-9). */
const MOBILE_PREFIX = ['13', '14', '15', '16', '17', '18', '19'] as const;

const fakerFor = (seed: number, locale: string): Faker => {
  const f = new Faker({ locale: [(allLocales as Record<string, LocaleDefinition>)[locale]!, allLocales.en, allLocales.base] });
  f.seed(seed);
  return f;
};

const ASCII_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** The registrable domains of a disposable list (a service's subdomains are one domain to register). */
export function registrableThrowaways(list: Iterable<string>): string[] {
  const out: string[] = [];
  for (const d of list) {
    if (!ASCII_DOMAIN.test(d)) continue;
    if (domainParts(d).registrable === d) out.push(d);
  }
  return out;
}

/**
 * The registrable domains temporary-mail services were seen handing out (`observed`) that no
 * older list (`listed`) holds (neither the domain seen nor its registrable domain): the next domains the older lists had
 * not learnt, as they were. Drawn from the older lists themselves (`registrableThrowaways`), a
 * corpus keeps each left-out domain's siblings listed (the same label under another suffix, a
 * numbered series), which flatters any signal that reads a domain's relation to the lists; and
 * their shapes are the older generations' (docs/scorecard.md §4, round 18).
 */
export function unlearntThrowaways(observed: Iterable<string>, listed: Iterable<string>): string[] {
  const known = new Set(listed);
  const out = new Set<string>();
  for (const d of observed) {
    if (!ASCII_DOMAIN.test(d)) continue;
    const registrable = domainParts(d).registrable;
    if (!known.has(registrable) && !known.has(d)) out.add(registrable);
  }
  return [...out].sort();
}

/** A person's name as a generator writes it into a mailbox: first.last, firstlast or first_last. */
function personLocal(f: Faker): string {
  const first = foldForAddress(f.person.firstName()) || 'alex';
  const last = foldForAddress(f.person.lastName()) || 'smith';
  return `${first}${f.helpers.arrayElement(['.', '', '_'])}${last}`;
}

function lookalikeDomain(f: Faker, brandFirst: boolean): string {
  const brand = f.helpers.arrayElement(BRANDS);
  const word = f.helpers.arrayElement(MAIL_WORDS);
  const join = f.helpers.arrayElement(['', '-']);
  const label = brandFirst ? `${brand}${join}${word}` : `${word}${join}${brand}`;
  return `${label}.${f.helpers.arrayElement(SUFFIXES)}`;
}

/**
 * `perPattern` rows of every pattern. `throwawayDomains`: registrable domains of temporary-mail
 * services (the disposable lists'); the `temp-unknown` rows use `domainsPerCorpus` of them, which
 * are returned so that the eval can score them as a list that does not know them yet would.
 */
export function syntheticUnseen(
  seed: number,
  perPattern: number,
  throwawayDomains: readonly string[],
  domainsPerCorpus = 200,
): { rows: UnseenRow[]; unknownDomains: string[] } {
  const pick = new Faker({ locale: [allLocales.base] });
  pick.seed(seed * 1_000 + 99);
  const candidates = [...throwawayDomains].sort();
  const unknownDomains = [...new Set(Array.from({ length: Math.min(domainsPerCorpus, candidates.length) }, () => pick.helpers.arrayElement(candidates)))].sort();
  const rows: UnseenRow[] = [];
  const all = [...UNSEEN_FAKE_PATTERNS, ...UNSEEN_HUMAN_PATTERNS];
  all.forEach((pattern, k) => {
    const meta = new Faker({ locale: [allLocales.base] });
    meta.seed(seed * 1_000 + k);
    // One seeded stream per locale and pattern; each row's locale is drawn from `meta`.
    const byLocale = new Map(NAME_LOCALES.map((l, j) => [l, fakerFor(seed * 1_000_000 + k * 1_000 + j, l)]));
    for (let i = 0; i < perPattern; i++) rows.push(rowOf(pattern, byLocale.get(meta.helpers.arrayElement(NAME_LOCALES))!, unknownDomains));
  });
  return { rows, unknownDomains };
}

function rowOf(pattern: UnseenPattern, f: Faker, unknownDomains: readonly string[]): UnseenRow {
  const temp = (): string => f.helpers.arrayElement(unknownDomains);
  switch (pattern) {
    case 'temp-name': return { email: `${personLocal(f)}@${temp()}`, group: 'temp-unknown', pattern };
    case 'temp-name-digits': return { email: `${personLocal(f)}${f.string.numeric(f.number.int({ min: 2, max: 4 }))}@${temp()}`, group: 'temp-unknown', pattern };
    case 'temp-token': return { email: `${f.string.alphanumeric({ length: f.number.int({ min: 8, max: 12 }), casing: 'lower' })}@${temp()}`, group: 'temp-unknown', pattern };
    case 'lookalike-brand-word': return { email: `${personLocal(f)}@${lookalikeDomain(f, true)}`, group: 'catchall-lookalike', pattern };
    case 'lookalike-word-brand': return { email: `${personLocal(f)}@${lookalikeDomain(f, false)}`, group: 'catchall-lookalike', pattern };
    case 'qq-number': return { email: `${f.number.int({ min: 10_000, max: 3_999_999_999 })}@${f.helpers.arrayElement(QQ_DOMAINS)}`, group: 'numeric-native', pattern };
    case 'mobile-number': return { email: `${f.helpers.arrayElement(MOBILE_PREFIX)}${f.string.numeric(9)}@${f.helpers.arrayElement(MOBILE_DOMAINS)}`, group: 'numeric-native', pattern };
  }
}
