/**
 * Lookup tables for the address signals, built ONCE at start from maintained npm data packages
 * and our src/data modules, then passed into the pure functions. Sets and Maps only.
 * Building takes well under a second (about 150k disposable domains, 24k school domains).
 */
import academicSuffixes from 'academic-tld';
import freeEmailDomains from 'free-email-domains';
import mailchecker from 'mailchecker';
import { createRequire } from 'node:module';
import { DOMAIN_FOLDING, type FoldingRule } from '../data/provider-folding.ts';
import { POPULAR_MAIL_DOMAINS } from '../data/popular-mail-domains.ts';
import { REAL_MAIL_PROVIDERS } from '../data/real-mail-providers.ts';
import { RELAY_SERVICES } from '../data/relay-domains.ts';
import { ROLE_ACCOUNT_LOCAL_PARTS } from '../data/role-accounts.ts';
import { NOT_SCHOOL_DOMAINS_TEXT, SCHOOL_DOMAINS_TEXT } from '../data/school-domains.ts';
import { TYPO_NEAR_NEIGHBOURS } from '../data/typo-near-neighbours.ts';
import { buildRoleTable, type RoleTable } from './role-account.ts';
import { buildTypoIndex, type TypoIndex } from './typo.ts';

export interface AddressTables {
  /** Free consumer mail domains (exact): free-email-domains + popular + real providers. May include disposable ones; the classifier excludes those. */
  readonly free: ReadonlySet<string>;
  /** The big consumer mail domains (exact). */
  readonly popular: ReadonlySet<string>;
  /** Disposable domains (matched on the domain or a parent down to the registrable domain). */
  readonly disposable: ReadonlySet<string>;
  /** Real providers that are never disposable, whatever the lists say (exact). */
  readonly disposableAllow: ReadonlySet<string>;
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
}

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

/**
 * disposable-email-domains points `main` at a JSON file, which ESM can only import with an
 * import attribute (and tsc would then type-check 2 MB of JSON); CommonJS require loads it as data.
 */
const requireData = createRequire(import.meta.url);
const loadStringList = (specifier: string): readonly string[] => requireData(specifier) as string[];

export function buildAddressTables(): AddressTables {
  const popular = new Set(POPULAR_MAIL_DOMAINS);
  const relay = new Set<string>();
  const relayParents = new Set<string>();
  for (const s of RELAY_SERVICES) {
    for (const d of s.domains) relay.add(d);
    for (const d of s.subdomainsOf) relayParents.add(d);
  }
  const free = new Set<string>(freeEmailDomains);
  for (const d of [...POPULAR_MAIL_DOMAINS, ...REAL_MAIL_PROVIDERS, ...DOMAIN_FOLDING.keys()]) free.add(d);

  const disposable = new Set<string>(mailchecker.blacklist());
  for (const d of loadStringList('disposable-email-domains/index.json')) disposable.add(d);
  // wildcard.json lists services whose every subdomain is disposable; parent matching covers that.
  for (const d of loadStringList('disposable-email-domains/wildcard.json')) disposable.add(d);

  const disposableAllow = new Set<string>([...POPULAR_MAIL_DOMAINS, ...REAL_MAIL_PROVIDERS, ...DOMAIN_FOLDING.keys()]);

  return {
    free,
    popular,
    disposable,
    disposableAllow,
    relay,
    relayParents,
    school: new Set(words(SCHOOL_DOMAINS_TEXT)),
    notSchool: new Set(words(NOT_SCHOOL_DOMAINS_TEXT)),
    academicSuffixes: new Set(academicSuffixes.map((s) => s.toLowerCase())),
    folding: DOMAIN_FOLDING,
    roles: buildRoleTable(ROLE_ACCOUNT_LOCAL_PARTS),
    typo: buildTypoIndex(POPULAR_MAIL_DOMAINS, [...TYPO_NEAR_NEIGHBOURS, ...relay, ...REAL_MAIL_PROVIDERS]),
  };
}
