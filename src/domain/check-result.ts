/**
 * The CheckResult as the API returns it (README: The CheckResult). api/schemas.ts holds the JSON
 * Schema of the same shape; a type-level check there keeps the two in step.
 */
import type { AccountType, Datacenter, DomainPattern, EvidenceItem, IpIgnoredReason, MailProvider, Verdict } from './check.ts';

export interface IpResult {
  datacenter?: Datacenter;
  tor?: boolean;
  signups_from_ip?: number;
  ignored?: IpIgnoredReason;
}

export interface CheckResultBody {
  email: string;
  canonical: string;
  did_you_mean?: string;
  account_type: AccountType;
  role_account?: boolean;
  disposable?: boolean;
  relay?: boolean;
  deliverable_domain?: boolean | null;
  mail_provider?: MailProvider;
  domain_age_days?: number;
  domain_pattern?: DomainPattern;
  alias_variants?: number;
  recent_signups?: number;
  domain_fake_rate?: number;
  ip?: IpResult;
  evidence?: EvidenceItem[];
  human_score: number;
  verdict: Verdict;
  reasons: string[];
  check_id: string;
  feedback_wanted?: true;
  model: string;
  /** The account's rule that set the verdict. */
  rule?: { id: string; action: Verdict };
  /** A test key's check. */
  test?: true;
}

export interface BulkErrorEntry {
  input: string;
  error: string;
}
