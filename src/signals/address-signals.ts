/**
 * Everything the address itself says, without the network or history: canonical inbox, typo
 * suggestion, account type and flags. Pure: tables from buildAddressTables(), optional DNS facts.
 */
import type { AccountType, DnsFacts, ParsedAddress } from '../domain/check.ts';
import { MICROSOFT_CONSUMER_BRANDS, PROVIDER_FOLDING, type FoldingRule } from '../data/provider-folding.ts';
import { parse } from 'tldts';
import { classifyDomain, type DomainParts } from './account-type.ts';
import type { AddressTables } from './address-tables.ts';
import { canonicalInbox } from './canonical.ts';
import { isRoleAccount } from './role-account.ts';
import { suggestDomain } from './typo.ts';

export interface AddressSignals {
  /** Canonical inbox (local@domain) after provider folding. */
  canonical: string;
  /** Suggested full address (local@fixeddomain) when the domain looks like a typo. */
  didYouMean?: string;
  /** The domain it is probably a typo of (for evidence). */
  typoOf?: string;
  accountType: AccountType;
  roleAccount: boolean;
  disposable: boolean;
  relay: boolean;
  free: boolean;
  school: boolean;
  /** One of the big consumer mail domains (gmail.com, outlook.com, ...). */
  popularProvider: boolean;
  /** The address used a +tag (or provider subaddress) that folding removed. */
  plusTagged: boolean;
  /** Dots were removed by provider folding. */
  dotsFolded: boolean;
}

const PSL = { allowPrivateDomains: false, extractHostname: false, validateHostname: false } as const;

/** Registrable domain and ICANN suffix; ParsedAddress guarantees both exist. */
export function domainParts(domain: string): DomainParts {
  const p = parse(domain, PSL);
  return { domain, registrable: p.domain ?? domain, publicSuffix: p.publicSuffix ?? domain.slice(domain.lastIndexOf('.') + 1) };
}

/**
 * The folding rule for this domain: a known consumer domain first (gmail.com folds dots, others
 * do not), then Microsoft consumer brands on any suffix (hotmail.co.uk), then the custom
 * domain's mail provider from DNS (Google Workspace, Microsoft 365, iCloud+, Proton).
 */
export function foldingRuleFor(parts: DomainParts, t: AddressTables, dns?: DnsFacts): FoldingRule | undefined {
  const known = t.folding.get(parts.domain);
  if (known !== undefined) return known;
  const dot = parts.domain.indexOf('.');
  if (MICROSOFT_CONSUMER_BRANDS.has(parts.domain.slice(0, dot)) && parts.domain.slice(dot + 1) === parts.publicSuffix) {
    return PROVIDER_FOLDING.microsoft;
  }
  return dns?.mailProvider === undefined ? undefined : PROVIDER_FOLDING[dns.mailProvider];
}

export function addressSignals(address: ParsedAddress, tables: AddressTables, dns?: DnsFacts): AddressSignals {
  const parts = domainParts(address.domain);
  const inbox = canonicalInbox(address.local, address.domain, foldingRuleFor(parts, tables, dns));
  const cls = classifyDomain(parts, tables, dns);
  const typoOf = suggestDomain(address.domain, tables.typo, { suffixIsPublic: true });
  const signals: AddressSignals = {
    canonical: inbox.canonical,
    accountType: cls.accountType,
    roleAccount: isRoleAccount(address.local, tables.roles),
    disposable: cls.disposable,
    relay: cls.relay,
    free: cls.free,
    school: cls.school,
    popularProvider: cls.popularProvider,
    plusTagged: inbox.plusTagged,
    dotsFolded: inbox.dotsFolded,
  };
  if (typoOf !== undefined) {
    signals.typoOf = typoOf;
    signals.didYouMean = `${address.local}@${typoOf}`;
  }
  return signals;
}
