/**
 * Facts + score -> the CheckResult the API returns (pure). Decides what is *shown*:
 * history numbers appear only past the thresholds README's CheckResult table gives, IP fields only when an IP was
 * sent, `deliverable_domain` only when DNS was asked, `domain_pattern` only for company domains,
 * and the `work_domain` reason only when the account type says `work`.
 */
import type { CheckResultBody, IpResult } from '../domain/check-result.ts';
import type { AccountType, DnsFacts, HistoryFacts, IpFacts, Score, Verdict } from '../domain/check.ts';

export const SHOW_ALIAS_VARIANTS_FROM = 2;
export const SHOW_RECENT_SIGNUPS_FROM = 20;
export const SHOW_FAKE_RATE_FROM_REPORTERS = 2;
/** The served model is "unsure" inside this distance of P = 0.5. */
export const UNSURE_MARGIN = 0.15;

export interface ResultInput {
  readonly email: string;
  readonly canonical: string;
  readonly didYouMean?: string;
  readonly accountType: AccountType;
  readonly roleAccount: boolean;
  readonly disposable: boolean;
  readonly relay: boolean;
  readonly dns?: DnsFacts;
  /** Present when the request carried an `ip`. */
  readonly ip?: IpFacts;
  readonly history: HistoryFacts;
  readonly score: Score;
  readonly explain: boolean;
  readonly checkId: string;
  readonly model: string;
  /** The other model's verdict, when a second model scored the address. */
  readonly otherVerdict?: string;
  /** The account's rule that matched: it sets the verdict; `score` stays the model's. */
  readonly rule?: { readonly id: string; readonly action: Verdict };
  /** A test key's check (not billed, counted or learned from). */
  readonly test?: boolean;
}

export function feedbackWanted(probability: number, servedVerdict: string, otherVerdict: string | undefined): boolean {
  return Math.abs(probability - 0.5) <= UNSURE_MARGIN || (otherVerdict !== undefined && otherVerdict !== servedVerdict);
}

/**
 * The custom-domain signal counts for any domain that is no provider of free, disposable,
 * relay or school mail, DNS or not. Calling that a *work* domain is only true once DNS showed
 * the domain takes mail (account_type `work`): with DNS off, failed, or no mail server, the
 * reason would contradict `account_type` (and sit beside `no_mail_server`). The signal still
 * shows in `evidence` with its impact.
 */
function shownReasons(r: ResultInput): string[] {
  return r.accountType === 'work' ? [...r.score.reasons] : r.score.reasons.filter((c) => c !== 'work_domain');
}

export function buildCheckResult(r: ResultInput): CheckResultBody {
  const out: CheckResultBody = {
    email: r.email,
    canonical: r.canonical,
    account_type: r.accountType,
    role_account: r.roleAccount,
    disposable: r.disposable,
    relay: r.relay,
    human_score: r.score.humanScore,
    verdict: r.rule?.action ?? r.score.verdict,
    // A rule's reason first: it decided the verdict; the model's reasons still explain the score.
    reasons: r.rule ? [`rule_${r.rule.action}`, ...shownReasons(r)] : shownReasons(r),
    check_id: r.checkId,
    model: r.model,
  };
  if (r.rule) out.rule = { id: r.rule.id, action: r.rule.action };
  if (r.test) out.test = true;
  if (r.didYouMean !== undefined) out.did_you_mean = r.didYouMean;
  if (r.dns) {
    out.deliverable_domain = r.dns.deliverable;
    if (r.dns.mailProvider !== undefined) out.mail_provider = r.dns.mailProvider;
  }
  const h = r.history;
  if (h.domainAgeDays !== undefined) out.domain_age_days = h.domainAgeDays;
  if (h.domainPattern !== undefined && r.accountType === 'work') out.domain_pattern = h.domainPattern;
  if (h.aliasVariants !== undefined && h.aliasVariants >= SHOW_ALIAS_VARIANTS_FROM) out.alias_variants = h.aliasVariants;
  if (h.recentSignups !== undefined && h.recentSignups >= SHOW_RECENT_SIGNUPS_FROM) out.recent_signups = h.recentSignups;
  // Shown: SPEC's share of fake outcomes (the capped mean); the score takes the median they agree on.
  if (h.domainFakeShare !== undefined && (h.domainFakeReporters ?? 0) >= SHOW_FAKE_RATE_FROM_REPORTERS) {
    out.domain_fake_rate = Math.round(h.domainFakeShare * 1000) / 1000;
  }
  if (r.ip) out.ip = ipResult(r.ip, h);
  if (r.explain) out.evidence = r.score.evidence.map((e) => ({ signal: e.signal, value: e.value, impact: e.impact }));
  if (feedbackWanted(r.score.probability, r.score.verdict, r.otherVerdict)) out.feedback_wanted = true;
  return out;
}

function ipResult(ip: IpFacts, h: HistoryFacts): IpResult {
  if (ip.ignored) return { ignored: ip.ignored };
  const out: IpResult = {};
  if (ip.datacenter) out.datacenter = ip.datacenter;
  if (ip.tor !== undefined) out.tor = ip.tor;
  if (h.signupsFromIp !== undefined) out.signups_from_ip = h.signupsFromIp;
  return out;
}
