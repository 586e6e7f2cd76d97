/**
 * Everything the address itself says, without the network or history: canonical inbox, typo
 * suggestion, account type and flags. Pure: tables from buildAddressTables(), optional DNS facts.
 */
import type { AccountType, DnsFacts, ParsedAddress } from '../domain/check.ts';
import { MICROSOFT_CONSUMER_BRANDS, PROVIDER_FOLDING, type FoldingRule } from '../data/provider-folding.ts';
import { parse } from 'tldts';
import { classifyDomain, type DomainClass, type DomainParts } from './account-type.ts';
import type { AddressTables } from './address-tables.ts';
import type { MailboxRule } from '../data/mailbox-rules.ts';
import { canonicalInbox } from './canonical.ts';
import { isDottedAlias } from './dotted-alias.ts';
import { isDocumentationDomain } from './documentation-domain.ts';
import { isGovernmentDomain } from './government.ts';
import { homographOf, imitatedBrand } from './lookalike.ts';
import { isGeneratedLabel } from './generated-domain.ts';
import { isBulkSuffix } from './bulk-suffix.ts';
import { namesMailService, registrableLabel } from './mail-service.ts';
import { checkMailbox, mailboxRuleFor } from './provider-rules.ts';
import { isRoleAccount } from './role-account.ts';
import type { NameTables } from './names.ts';
import { isContactMailbox, labelNamesPerson, labelSpelledAsName, mailboxNamesOwner } from './own-site.ts';
import type { TokenTrie } from './token-trie.ts';
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
  /**
   * A role address that is a contact mailbox (hello@, mail@, info@) at a domain no list knows
   * whose registrable label reads as a person's name: the person's own inbox (own-site.ts).
   * `roleAccount` still says it is a role address.
   */
  ownSiteMailbox: boolean;
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
  /** The provider domain this one is a homograph of (`gmаil.com` with a Cyrillic а -> gmail.com). */
  lookalikeOf?: string;
  /** The mail brand an unknown domain carries in its name (`shophotmail.ca` -> hotmail). */
  imitates?: string;
  /** The provider's mailbox rules cannot produce this mailbox (`x@gmail.com`, `1abc@outlook.com`). */
  impossibleMailbox: boolean;
  /** An all-digit mailbox that is the provider's own numbering (a QQ number at qq.com). */
  numericAccount: boolean;
  /** A domain only a government can register (gov, mil, gov.uk, state.nh.us ...). */
  government: boolean;
  /**
   * A domain no list knows whose own name says it is a mail service (`quickmail.example`):
   * not free, disposable, relay, school or government, not a typo, homograph or imitation.
   */
  mailService: boolean;
  /**
   * A domain no list knows whose registrable label a machine generated: letters and digits
   * interleaved (`k7f2xq9z.example`; the same gate as `mailService`).
   */
  generatedName: boolean;
  /**
   * A domain no list knows under a top-level name sold for cents in bulk (`quietfield.top`;
   * bulk-suffix.ts; the same gate as `mailService`).
   */
  bulkSuffix: boolean;
  /**
   * At a provider that ignores dots (Gmail), two or more dots fall inside names where no part
   * ends (`jo.hn.smi.th`): a dotted spelling of an inbox made to look new (dotted-alias.ts).
   */
  dottedAlias: boolean;
  /** No real top-level name ends the domain (a mistyped one: `hotmail.con`), so no mail reaches it. */
  unknownSuffix: boolean;
  /** The domain is, or is under, a name reserved for documentation (`example.com`): no mail reaches it. */
  documentationDomain: boolean;
}

const PSL = { allowPrivateDomains: false, extractHostname: false, validateHostname: false } as const;

/** Registrable domain and ICANN suffix; ParsedAddress guarantees both exist. */
export function domainParts(domain: string): DomainParts {
  const p = parse(domain, PSL);
  return { domain, registrable: p.domain ?? domain, publicSuffix: p.publicSuffix ?? domain.slice(domain.lastIndexOf('.') + 1), icann: p.isIcann === true };
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
  /** By the DNS facts classifyDomain reads: deliverable, and whether a disposable service receives the mail. */
  readonly classes: Map<number, DomainClass>;
  /** The provider domain this one is a homograph of, and that domain's parts. */
  readonly lookalikeOf: string | undefined;
  readonly lookalikeParts: DomainParts | undefined;
  /** Set once the class is known (imitation needs it): the imitated brand, or null for none. */
  imitates: string | null | undefined;
  /** Set once a name trie was given: whether the registrable label says "mail" outside a listed name. */
  mailName: boolean | undefined;
  /** Whether the registrable label reads as machine-generated (generated-domain.ts). */
  readonly generatedLabel: boolean;
  /** Set once the name tables were given and a contact mailbox asked: whether the label reads as a person's name. */
  personName: boolean | undefined;
  /** Set once a mailbox named a label the lists do not read as a name: whether the label is spelled as names are. */
  spelledName: boolean | undefined;
  /** The mailbox rule of the domain (of the imitated domain for a homograph). */
  readonly rule: MailboxRule | undefined;
  readonly government: boolean;
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
    const parts = domainParts(domain);
    const lookalikeOf = homographOf(domain, tables.lookalike);
    const lookalikeParts = lookalikeOf === undefined ? undefined : domainParts(lookalikeOf);
    const ruleParts = lookalikeParts ?? parts;
    m = {
      parts,
      // A homograph gets its own did-you-mean (the domain it imitates), not a typo search.
      typoOf: lookalikeOf === undefined ? suggestDomain(domain, tables.typo, { suffixIsPublic: true }) : undefined,
      classes: new Map(),
      lookalikeOf,
      lookalikeParts,
      imitates: undefined,
      mailName: undefined,
      generatedLabel: isGeneratedLabel(registrableLabel(parts)),
      personName: undefined,
      spelledName: undefined,
      rule: mailboxRuleFor(ruleParts.domain, ruleParts.publicSuffix, tables.mailboxRules),
      government: isGovernmentDomain(parts),
    };
    memo.set(domain, m);
  }
  return m;
}

/**
 * The brand an unknown domain imitates: only for a domain no list knows (not free, disposable,
 * relay or school) and not already a typo or a homograph of a provider (those say more).
 */
function imitationOf(m: DomainMemo, cls: DomainClass, tables: AddressTables): string | undefined {
  if (m.imitates === undefined) {
    const listed = cls.free || cls.disposable || cls.relay || cls.school;
    const p = m.parts;
    const labels = p.domain.length > p.publicSuffix.length ? p.domain.slice(0, -p.publicSuffix.length - 1).split('.') : [];
    m.imitates = listed || m.typoOf !== undefined || m.lookalikeOf !== undefined ? null : (imitatedBrand(p.domain, labels, p.publicSuffix, tables.lookalike) ?? null);
  }
  return m.imitates ?? undefined;
}

/**
 * Whether an unlisted domain is named as a mail service: only for a domain no list knows and
 * that no other domain signal explains (a typo, homograph or imitation says more; a
 * government's registry vets its registrants). Needs the name trie (a listed name such as
 * Ismail holds the letters); without one it is never said.
 */
function mailServiceOf(m: DomainMemo, cls: DomainClass, imitates: string | undefined, trie: TokenTrie | undefined): boolean {
  if (!unvetted(m, cls, imitates)) return false;
  if (m.mailName === undefined) {
    if (trie === undefined) return false;
    m.mailName = namesMailService(m.parts, trie);
  }
  return m.mailName;
}

/**
 * Whether a role address is a contact mailbox at a person's own domain: one no list knows and
 * no other domain signal explains (as for `mailService`), under a real top-level name, whose
 * label reads as a person's name. Needs the name tables; without them it is never said.
 */
function ownSiteOf(local: string, m: DomainMemo, cls: DomainClass, imitates: string | undefined, people: NameTables | undefined): boolean {
  if (people === undefined || !m.parts.icann || !isContactMailbox(local) || !unvetted(m, cls, imitates)) return false;
  if (m.personName === undefined) m.personName = labelNamesPerson(registrableLabel(m.parts), people);
  return m.personName;
}

/**
 * Whether the address is a person's own mailbox at a domain named after them: the label reads as
 * a person's name and the mailbox is a contact word (hello@, mail@) or names the owner
 * (own-site.ts: `anna@annaberg.top`); a mailbox that names the owner also vouches for a label the
 * lists do not hold when it is spelled as names are (`zorvak@zorvaktindel.top`:
 * labelSpelledAsName). Such a domain was bought to keep, whatever its top-level name cost, so the
 * bulk-sold suffix says nothing of it (docs/scorecard.md §4, round 21). Needs the name tables;
 * without them it is never said.
 */
function ownersMailbox(local: string, m: DomainMemo, people: NameTables | undefined): boolean {
  if (people === undefined) return false;
  const label = registrableLabel(m.parts);
  const contact = isContactMailbox(local);
  if (!contact && !mailboxNamesOwner(local, label)) return false;
  if (m.personName === undefined) m.personName = labelNamesPerson(label, people);
  if (m.personName || contact) return m.personName;
  // A mailbox that names the label vouches for a name the lists lack; a contact word does not.
  if (m.spelledName === undefined) m.spelledName = labelSpelledAsName(label, people);
  return m.spelledName;
}

/**
 * A domain no list knows and that no other domain signal explains (a typo, homograph or
 * imitation says more; a government's registry vets its registrants): what its own name says
 * is all a check without DNS knows of it.
 */
function unvetted(m: DomainMemo, cls: DomainClass, imitates: string | undefined): boolean {
  const listed = cls.free || cls.disposable || cls.relay || cls.school;
  const explained = m.typoOf !== undefined || m.lookalikeOf !== undefined || imitates !== undefined || m.government;
  return !listed && !explained;
}

/** The mailbox a provider's rule is checked on: the folded local part, without any +tag. */
function mailboxOf(canonical: string): string {
  const box = canonical.slice(0, canonical.lastIndexOf('@'));
  const plus = box.indexOf('+');
  return plus > 0 ? box.slice(0, plus) : box;
}

/**
 * `names`: the name trie (buildNameTables), which `mailService` needs to tell a listed name
 * from the word "mail"; without it `mailService` is false. `people`: the name tables, which
 * `ownSiteMailbox` needs to read a domain as a person's name; without them it is false.
 */
export function addressSignals(address: ParsedAddress, tables: AddressTables, dns?: DnsFacts, names?: TokenTrie, people?: NameTables): AddressSignals {
  const memo = domainMemo(address.domain, tables);
  const lookalike = memo.lookalikeParts;
  // A homograph is judged as the domain it imitates (so it can never score above it), plus its own signal.
  const parts = lookalike ?? memo.parts;
  const inbox = canonicalInbox(address.local, parts.domain, foldingRuleFor(parts, tables, dns));
  const classKey = (dns?.deliverable === true ? 1 : 0) + (dns?.disposableService !== undefined ? 2 : 0);
  let cls = memo.classes.get(classKey);
  if (!cls) memo.classes.set(classKey, (cls = classifyDomain(parts, tables, dns)));
  const typoOf = memo.typoOf;
  const imitates = imitationOf(memo, cls, tables);
  const verdict = memo.rule === undefined ? undefined : checkMailbox(mailboxOf(inbox.canonical), memo.rule);
  const roleAccount = isRoleAccount(address.local, tables.roles);
  const signals: AddressSignals = {
    canonical: lookalike === undefined ? inbox.canonical : `${address.local}@${address.domain}`,
    // Neither a homograph nor an imitation is the provider, nor a company's own mail domain; nor
    // is a domain under no real top-level name, which is nobody's.
    accountType: lookalike !== undefined || imitates !== undefined || !memo.parts.icann ? 'unknown' : cls.accountType,
    roleAccount,
    ownSiteMailbox: roleAccount && ownSiteOf(address.local, memo, cls, imitates, people),
    disposable: cls.disposable,
    relay: cls.relay,
    free: cls.free,
    school: cls.school,
    popularProvider: cls.popularProvider,
    plusTagged: inbox.plusTagged,
    dotsFolded: inbox.dotsFolded,
    impossibleMailbox: verdict !== undefined && !verdict.possible,
    numericAccount: verdict?.numericAccount === true,
    government: memo.government,
    mailService: mailServiceOf(memo, cls, imitates, names),
    generatedName: memo.generatedLabel && memo.parts.icann && unvetted(memo, cls, imitates),
    bulkSuffix: memo.parts.icann && isBulkSuffix(memo.parts.publicSuffix) && unvetted(memo, cls, imitates) && !ownersMailbox(address.local, memo, people),
    dottedAlias: inbox.dotsFolded && people !== undefined && isDottedAlias(address.local, people),
    unknownSuffix: !memo.parts.icann,
    documentationDomain: isDocumentationDomain(memo.parts.domain),
  };
  if (typoOf !== undefined) {
    signals.typoOf = typoOf;
    signals.didYouMean = `${address.local}@${typoOf}`;
  }
  if (memo.lookalikeOf !== undefined) {
    signals.lookalikeOf = memo.lookalikeOf;
    signals.didYouMean = `${address.local}@${memo.lookalikeOf}`;
  }
  if (imitates !== undefined) signals.imitates = imitates;
  return signals;
}
