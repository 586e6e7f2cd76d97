/**
 * The shared vocabulary of a check: closed value sets of the public contract (README: The CheckResult) and the facts
 * each stage contributes. Imports nothing from the repo; every other layer may import it.
 *
 * Stages and who fills what:
 *   parse (signals/syntax)       -> ParsedAddress            pure
 *   DNS (dns/ shell)             -> DnsFacts                 I/O, optional
 *   address signals (signals/)   -> AddressSignals           pure, needs ParsedAddress + DnsFacts
 *   IP (signals/ip + feeds)      -> IpFacts                  pure lookup in feed tables
 *   history (streams/queries)    -> HistoryFacts             local store reads
 *   features + score (model/)    -> Score                    pure
 * A missing fact is `undefined`, never a guess: the scorecard gives it no weight.
 */

export const ACCOUNT_TYPES = ['work', 'free', 'school', 'relay', 'disposable', 'unknown'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const MAIL_PROVIDERS = [
  'google',
  'microsoft',
  'yahoo',
  'apple',
  'zoho',
  'proton',
  'gateway',
  'other',
  'none',
] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];

export const DATACENTERS = ['aws', 'azure', 'google_cloud', 'digital_ocean'] as const;
export type Datacenter = (typeof DATACENTERS)[number];

export const IP_IGNORED_REASONS = ['private', 'reserved', 'invalid'] as const;
export type IpIgnoredReason = (typeof IP_IGNORED_REASONS)[number];

export const DOMAIN_PATTERNS = ['match', 'mismatch', 'learning'] as const;
export type DomainPattern = (typeof DOMAIN_PATTERNS)[number];

export const VERDICTS = ['allow', 'review', 'block'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const OUTCOMES = ['confirmed', 'real', 'fake', 'abuse', 'bounced'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** `confirmed`/`real` mean a real person; `fake`/`abuse`/`bounced` mean not. */
export function outcomeIsHuman(outcome: Outcome): boolean {
  return outcome === 'confirmed' || outcome === 'real';
}

/**
 * An address that passed the syntax policy.
 * `email` is the input trimmed and lowercased (the CheckResult `email` field);
 * `domain` is the ASCII (IDNA/punycode) form used for DNS and every lookup table.
 */
export interface ParsedAddress {
  readonly email: string;
  readonly local: string;
  readonly domain: string;
}

/** What DNS said about the domain. `deliverable === null` means DNS could not answer. */
export interface DnsFacts {
  readonly deliverable: boolean | null;
  /** Absent when DNS could not answer. */
  readonly mailProvider?: MailProvider;
  /** For `gateway`, the vendor (e.g. `proofpoint`); evidence only, never in the response. */
  readonly gatewayVendor?: string;
  /** The disposable-mail service whose servers receive the domain's mail (e.g. `mailinator`). */
  readonly disposableService?: string;
}

/** IP facts. When `ignored` is set, no other field is. */
export interface IpFacts {
  readonly ignored?: IpIgnoredReason;
  readonly datacenter?: Datacenter;
  readonly tor?: boolean;
}

/**
 * Facts that come from history (windowed state) rather than from the request.
 * Each is present only when the aggregation could answer (see issue texts for thresholds
 * of what the response *shows*; the scorecard sees the raw numbers).
 */
export interface HistoryFacts {
  /** Unique inboxes at the domain in about the last 10 minutes, all customers (incl. this check). */
  readonly recentSignups?: number;
  /**
   * How many unique inboxes a 10-minute window normally holds at this domain (its volume over
   * the last week / the 10-minute windows observed in that week). A wave is many times this;
   * 20 at gmail.com is just a minute.
   */
  readonly recentSignupsExpected?: number;
  /**
   * Of `recentSignups`, the other inboxes at the domain earlier in this check's own bulk
   * request: a list the customer holds, checked together, not sign-ups arriving together, so
   * signup_wave leaves them out (the reported count keeps them). Absent for a single check.
   */
  readonly requestInboxesAtDomain?: number;
  /** Distinct inboxes from this IP at this account in the last hour (incl. this check). */
  readonly signupsFromIp?: number;
  /** The same in about the last 10 minutes (of the same 5-minute buckets): the IP's rate, which ip_burst judges. */
  readonly recentSignupsFromIp?: number;
  /**
   * The registrable domains of those inboxes (of the last 10 minutes), up to collisions of
   * their 256 categories (ip-signups-1h.ts domainCategory): a farm behind one IP writes to a
   * few, a shared gateway's people (a NAT, a customer's own proxy) to many.
   */
  readonly recentDomainsFromIp?: number;
  /**
   * Distinct inboxes checked by this account in about the last hour that share this inbox's
   * numbered stem (the canonical inbox with each digit run as one `#`, at its domain:
   * signals/numbered-stem.ts), incl. this check: a farm's numbered batch (`annaberg0001`,
   * `annaberg0002`), which nothing else links. Absent when the inbox has no stem.
   */
  readonly numberedSiblings?: number;
  /** The same in about the last 10 minutes (of the same 5-minute buckets). */
  readonly recentNumberedSiblings?: number;
  /** Distinct spellings of this inbox checked by this account in 90 days (incl. this check). */
  readonly aliasVariants?: number;
  /** The fake share other customers who reported at the domain agree on (their weighted median: what scores). */
  readonly domainFakeRate?: number;
  /** Share of fake outcomes reported at the domain by other customers (SPEC's `domain_fake_rate`: their capped mean). */
  readonly domainFakeShare?: number;
  /** How many other customers reported outcomes at the domain. */
  readonly domainFakeReporters?: number;
  /** How many of those are established reporters (50 or more outcomes in all: domain-outcomes.ts). */
  readonly domainFakeEstablished?: number;
  readonly domainPattern?: DomainPattern;
  readonly domainAgeDays?: number;
}

export interface EvidenceItem {
  readonly signal: string;
  readonly value: number;
  /** Log-odds; positive means more likely a real human. */
  readonly impact: number;
}

/** Output of a scoring model for one address. */
export interface Score {
  readonly logit: number;
  /** P(real human). */
  readonly probability: number;
  /** round(100 * probability), 0..100. */
  readonly humanScore: number;
  readonly verdict: Verdict;
  /** Reason codes from the closed list, most influential first. */
  readonly reasons: readonly string[];
  /** One item per signal that moved the score; sum(impact) + intercept === logit. */
  readonly evidence: readonly EvidenceItem[];
  readonly intercept: number;
}

/** Verdict thresholds on human_score (README: allow >= 60, review 30-59, block < 30, configurable). */
export interface VerdictThresholds {
  readonly allowAtLeast: number;
  readonly reviewAtLeast: number;
}

export const DEFAULT_THRESHOLDS: VerdictThresholds = { allowAtLeast: 60, reviewAtLeast: 30 };

export function verdictFor(humanScore: number, t: VerdictThresholds = DEFAULT_THRESHOLDS): Verdict {
  if (humanScore >= t.allowAtLeast) return 'allow';
  if (humanScore >= t.reviewAtLeast) return 'review';
  return 'block';
}
