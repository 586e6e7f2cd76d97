/**
 * Domain classification: relay, disposable, school, free, work or unknown, plus the flags.
 * Pure: tables come from buildAddressTables(), DNS facts from the caller.
 *
 * Precedence when several apply: relay > disposable > school > free > work > unknown.
 * - relay first: a masked address hides a real person; relay services sit in disposable lists.
 * - disposable before school/free: a throwaway domain is the strongest fact about intent.
 * - school before free: a university that also hands out addresses to alumni is still a school.
 * - work needs DNS to say the domain takes mail; without DNS we say unknown, never guess.
 */
import type { AccountType, DnsFacts } from '../domain/check.ts';
import type { AddressTables } from './address-tables.ts';
import { anyIn, isStrictSubdomainOf, selfAndParents } from './domain-match.ts';

export interface DomainClass {
  readonly accountType: AccountType;
  readonly relay: boolean;
  readonly disposable: boolean;
  readonly school: boolean;
  readonly free: boolean;
  readonly popularProvider: boolean;
}

/** Where the domain sits in the DNS namespace (from the Public Suffix List). */
export interface DomainParts {
  /** ASCII domain as in ParsedAddress. */
  readonly domain: string;
  /** Registrable domain (example.co.uk for a.b.example.co.uk). */
  readonly registrable: string;
  /** ICANN public suffix (co.uk). */
  readonly publicSuffix: string;
  /**
   * False when no real top-level name ends the domain (`hotmail.con`): the syntax policy lets
   * such a domain through only as a typo of a real one (check/typo-hint.ts), and it cannot
   * receive mail, whatever DNS says or cannot say.
   */
  readonly icann: boolean;
}

const GENERIC_ACADEMIC = /^(?:edu|(?:ac|edu)\.[a-z]{2}|k12\.[a-z]{2}\.us)$/;

export function isRelay(domain: string, t: AddressTables): boolean {
  return t.relay.has(domain) || isStrictSubdomainOf(domain, t.relayParents);
}

/** Institution by dataset (explicit), or by academic suffix (edu, ac.uk, edu.au, k12.ca.us ...). */
export function schoolMatch(
  p: DomainParts,
  t: AddressTables,
  chain: readonly string[] = selfAndParents(p.domain, p.registrable),
): 'dataset' | 'suffix' | undefined {
  if (anyIn(chain, t.notSchool)) return undefined;
  if (anyIn(chain, t.school)) return 'dataset';
  if (t.academicSuffixes.has(p.publicSuffix) || GENERIC_ACADEMIC.test(p.publicSuffix)) return 'suffix';
  return undefined;
}

export function classifyDomain(p: DomainParts, t: AddressTables, dns?: DnsFacts): DomainClass {
  const relay = isRelay(p.domain, t);
  // Parents stop at the registrable domain, so a list entry that is a public suffix (edu.pl is
  // in one disposable list) cannot swallow a whole namespace.
  const chain = selfAndParents(p.domain, p.registrable);
  const school = schoolMatch(p, t, chain);
  // Relays, real providers, listed institutions and the operator's corrections are never
  // disposable, whatever a list says (mailchecker lists duck.com, mozmail.com and aleeas.com;
  // it also lists nus.edu.sg).
  const allowed = relay || t.disposableAllow.has(p.domain) || t.disposableAllow.has(p.registrable) || school === 'dataset' || anyIn(chain, t.notDisposable);
  // A domain no list knows yet is disposable when DNS shows a disposable service receives its mail.
  const disposable = !allowed && (anyIn(chain, t.disposable) || dns?.disposableService !== undefined);
  const free = !disposable && t.free.has(p.domain);
  let accountType: AccountType;
  if (relay) accountType = 'relay';
  else if (disposable) accountType = 'disposable';
  else if (school !== undefined) accountType = 'school';
  else if (free) accountType = 'free';
  else if (dns?.deliverable === true) accountType = 'work';
  else accountType = 'unknown';
  return { accountType, relay, disposable, school: school !== undefined, free, popularProvider: t.popular.has(p.domain) };
}
