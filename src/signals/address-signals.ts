/**
 * Everything the address itself says, without the network or history: canonical inbox, typo
 * suggestion, account type and flags. Pure: tables from buildAddressTables(), optional DNS facts.
 */
import type { AccountType, DnsFacts, ParsedAddress } from '../domain/check.ts';
import { MICROSOFT_CONSUMER_BRANDS, PROVIDER_FOLDING, type FoldingRule } from '../data/provider-folding.ts';
import { parse } from 'tldts';
import { classifyDomain, type DomainClass, type DomainParts } from './account-type.ts';
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

/** What depends on the domain alone (and, for the class, on whether DNS said it is deliverable). */
interface DomainMemo {
  readonly parts: DomainParts;
  readonly typoOf: string | undefined;
  /** By whether DNS said deliverable (the only DNS fact classifyDomain reads). */
  readonly classes: Map<boolean, DomainClass>;
}

/**
 * Per-domain results, per tables instance: traffic is concentrated on few domains, and the
 * typo search, suffix parse and list lookups give the same answer for every address there.
 * A memo of pure functions (same inputs, same output), bounded: it starts over when full.
 */
const memos = new WeakMap<AddressTables, Map<string, DomainMemo>>();
const MEMO_DOMAINS = 20_000;

function domainMemo(domain: string, tables: AddressTables): DomainMemo {
  let memo = memos.get(tables);
  if (!memo) memos.set(tables, (memo = new Map()));
  let m = memo.get(domain);
  if (!m) {
    if (memo.size >= MEMO_DOMAINS) memo.clear();
    m = { parts: domainParts(domain), typoOf: suggestDomain(domain, tables.typo, { suffixIsPublic: true }), classes: new Map() };
    memo.set(domain, m);
  }
  return m;
}

export function addressSignals(address: ParsedAddress, tables: AddressTables, dns?: DnsFacts): AddressSignals {
  const memo = domainMemo(address.domain, tables);
  const parts = memo.parts;
  const inbox = canonicalInbox(address.local, address.domain, foldingRuleFor(parts, tables, dns));
  const deliverable = dns?.deliverable === true;
  let cls = memo.classes.get(deliverable);
  if (!cls) memo.classes.set(deliverable, (cls = classifyDomain(parts, tables, dns)));
  const typoOf = memo.typoOf;
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
