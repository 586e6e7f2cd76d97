/**
 * Lookup tables for the address signals, built ONCE at start from maintained npm data packages
 * and our src/data modules, then passed into the pure functions. Sets and Maps only.
 * Building takes well under a second (about 64k disposable domains, 24k school domains).
 */
import academicSuffixes from 'academic-tld';
import freeEmailDomains from 'free-email-domains';
import { createRequire } from 'node:module';
import { mailcheckerDomains } from '../data/mailchecker-list.ts';
import { MAILBOX_RULES } from '../data/mailbox-rules.ts';
import { DOMAIN_FOLDING, type FoldingRule } from '../data/provider-folding.ts';
import { POPULAR_MAIL_DOMAINS } from '../data/popular-mail-domains.ts';
import { REAL_MAIL_PROVIDERS } from '../data/real-mail-providers.ts';
import { RELAY_SERVICES } from '../data/relay-domains.ts';
import { ROLE_ACCOUNT_LOCAL_PARTS } from '../data/role-accounts.ts';
import { NOT_SCHOOL_DOMAINS_TEXT, SCHOOL_DOMAINS_TEXT } from '../data/school-domains.ts';
import { TYPO_NEAR_NEIGHBOURS } from '../data/typo-near-neighbours.ts';
import { BRAND_OWNER_DOMAINS } from '../data/mail-brands.ts';
import { buildLookalikeIndex, type LookalikeIndex } from './lookalike.ts';
import { buildMailboxRuleIndex, type MailboxRuleIndex } from './provider-rules.ts';
import { buildRoleTable, type RoleTable } from './role-account.ts';
import { buildTypoIndex, type TypoIndex } from './typo.ts';
import { recentlyObservedDomains, type ObservedDisposableData } from './observed-disposable.ts';

export interface AddressTables {
  /** Free consumer mail domains (exact): free-email-domains + popular + real providers. May include disposable ones; the classifier excludes those. */
  readonly free: ReadonlySet<string>;
  /** The big consumer mail domains (exact). */
  readonly popular: ReadonlySet<string>;
  /** Disposable domains (matched on the domain or a parent down to the registrable domain). */
  readonly disposable: ReadonlySet<string>;
  /** Real providers that are never disposable, whatever the lists say (exact). */
  readonly disposableAllow: ReadonlySet<string>;
  /** The operator's corrections: never disposable (matched on the domain or a parent). */
  readonly notDisposable: ReadonlySet<string>;
  /** Relay domains, exact. */
  readonly relay: ReadonlySet<string>;
  /** Relay services giving each user a subdomain: any strict subdomain is a relay. */
  readonly relayParents: ReadonlySet<string>;
  /** Institution domains (matched on the domain or a parent). */
  readonly school: ReadonlySet<string>;
  /** Never schools, even under an academic suffix (matched on the domain or a parent). */
  readonly notSchool: ReadonlySet<string>;
  /** Academic public suffixes such as ac.uk, edu.au, k12.ca.us. */
  readonly academicSuffixes: ReadonlySet<string>;
  /** Provider folding rules for consumer domains, by exact domain. */
  readonly folding: ReadonlyMap<string, FoldingRule>;
  readonly roles: RoleTable;
  readonly typo: TypoIndex;
  /** Provider mailbox rules by domain (gmail.com: 6-30 letters, digits, dots). */
  readonly mailboxRules: MailboxRuleIndex;
  /** Homographs and brand imitations of the provider domains. */
  readonly lookalike: LookalikeIndex;
}

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

/**
 * The disposable list ships as a JSON file, which ESM can only import with an import
 * attribute (and tsc would then type-check it); CommonJS require loads it as data.
 */
const requireData = createRequire(import.meta.url);
const loadStringList = (specifier: string): readonly string[] => requireData(specifier) as string[];

/** The operator's per-domain corrections of the disposable lists (MAILSIFT_NOT_DISPOSABLE, MAILSIFT_DISPOSABLE). */
export interface DisposableOverrides {
  /** Never disposable: a list's false positive (the domain and its subdomains). */
  readonly notDisposable?: readonly string[];
  /** Disposable although no list has it yet (the domain and its subdomains). */
  readonly disposable?: readonly string[];
}

/** The disposable lists as shipped, before the operator's corrections. */
export interface DisposableLists {
  /**
   * mailchecker (its list generated at build: data/mailchecker-list.ts) and the maintained
   * disposable-email-domains list (disposable-email-domains-js, CC0).
   */
  readonly listed: readonly string[];
  /**
   * fakefilter (BSD-3-Clause): domains its monitors saw temporary-mail services hand out, those
   * seen within a year of its data's date (docs/signals-policy.md §6). Only the data file is
   * read: the package's index.js also holds an online lookup, which the service never calls.
   */
  readonly observed: readonly string[];
}

export function loadDisposableLists(): DisposableLists {
  return {
    listed: [...mailcheckerDomains(), ...loadStringList('disposable-email-domains-js/dist/dict/disposable_email_blocklist.json')],
    observed: recentlyObservedDomains(requireData('fakefilter/json/data.json') as ObservedDisposableData),
  };
}

export function buildAddressTables(overrides: DisposableOverrides = {}): AddressTables {
  const popular = new Set(POPULAR_MAIL_DOMAINS);
  const relay = new Set<string>();
  const relayParents = new Set<string>();
  for (const s of RELAY_SERVICES) {
    for (const d of s.domains) relay.add(d);
    for (const d of s.subdomainsOf) relayParents.add(d);
  }
  const free = new Set<string>(freeEmailDomains);
  for (const d of [...POPULAR_MAIL_DOMAINS, ...REAL_MAIL_PROVIDERS, ...DOMAIN_FOLDING.keys()]) free.add(d);
  // A domain whose mailbox rules we document (src/data/mailbox-rules.ts) is a consumer provider's
  // own, whether or not the free-mail list has caught up with it (mail.ua, internet.ru, vip.163.com).
  for (const rule of MAILBOX_RULES) for (const d of rule.domains) free.add(d);

  // Parent matching covers the services whose every subdomain is disposable.
  const lists = loadDisposableLists();
  const disposable = new Set<string>(lists.listed);
  for (const d of lists.observed) disposable.add(d);
  for (const d of overrides.disposable ?? []) disposable.add(d);

  const disposableAllow = new Set<string>([...POPULAR_MAIL_DOMAINS, ...REAL_MAIL_PROVIDERS, ...DOMAIN_FOLDING.keys()]);
  const typo = buildTypoIndex(POPULAR_MAIL_DOMAINS, [...TYPO_NEAR_NEIGHBOURS, ...relay, ...REAL_MAIL_PROVIDERS]);
  // Homographs are matched against the providers people sign up with; every free-mail domain
  // and the providers' own company domains are known, so never imitations of a brand.
  const lookalike = buildLookalikeIndex(
    [...POPULAR_MAIL_DOMAINS, ...DOMAIN_FOLDING.keys(), ...REAL_MAIL_PROVIDERS],
    [...free, ...relay, ...TYPO_NEAR_NEIGHBOURS, ...BRAND_OWNER_DOMAINS],
    typo,
  );

  return {
    free,
    popular,
    disposable,
    disposableAllow,
    notDisposable: new Set(overrides.notDisposable ?? []),
    relay,
    relayParents,
    school: new Set(words(SCHOOL_DOMAINS_TEXT)),
    notSchool: new Set(words(NOT_SCHOOL_DOMAINS_TEXT)),
    academicSuffixes: new Set(academicSuffixes.map((s) => s.toLowerCase())),
    folding: DOMAIN_FOLDING,
    roles: buildRoleTable(ROLE_ACCOUNT_LOCAL_PARTS),
    typo,
    mailboxRules: buildMailboxRuleIndex(),
    lookalike,
  };
}
