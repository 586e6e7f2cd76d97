/**
 * The closed vocabularies of a score's explanation (documented in docs/scorecard.md):
 * REASON_CODES for `reasons`, EVIDENCE_SIGNALS for `evidence[].signal`. The names listed in
 * public contract (README: Reason codes) are used exactly where the concept matches. Adding a code is a contract
 * change: append, never rename. Pure.
 */
import { FEATURE_NAMES, type FeatureName } from './features.ts';

/** Reasons a score gives (each is some feature's reason). */
export const SCORE_REASON_CODES = [
  // the contract's own examples (README: Reason codes)
  'natural_name', 'matches_domain_address_pattern', 'work_domain', 'disposable_domain', 'role_account',
  'random_local_part', 'typo_domain', 'no_mail_server', 'alias_burst', 'signup_wave', 'datacenter_ip',
  'tor_exit', 'ip_burst', 'young_domain', 'reported_fake_domain',
  // ours
  'free_provider', 'school_domain', 'relay_address', 'service_words', 'honorific_prefix', 'many_digits',
  'numeric_local_part', 'keyboard_pattern', 'repeated_pattern', 'long_local_part',
  'mismatches_domain_address_pattern', 'business_mail_provider', 'mail_gateway',
  // feature version 2
  'impossible_mailbox', 'numeric_account', 'lookalike_domain', 'provider_imitation', 'government_domain',
  // feature version 5
  'numbered_name', 'mail_service_domain',
  // feature version 10
  'generated_domain',
  // feature version 18
  'numbered_burst',
  // feature version 19
  'bulk_suffix_domain',
  // feature version 25
  'dotted_alias',
] as const;

/** Reasons customer controls give: a rule set the verdict (always first); a test key's fixed answer. */
export const CONTROL_REASON_CODES = ['rule_allow', 'rule_review', 'rule_block', 'test_address'] as const;

export const REASON_CODES = [...SCORE_REASON_CODES, ...CONTROL_REASON_CODES] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** Evidence signal names are the feature columns: one vocabulary, documented once. */
export const EVIDENCE_SIGNALS: readonly FeatureName[] = FEATURE_NAMES;

/**
 * The reason each feature gives when it moves the score enough. A feature without a reason
 * (e.g. `word_share`, `year_suffix`) still shows in `evidence`; it is too weak or too
 * ambiguous alone to be worth telling a customer.
 */
export const REASON_FOR_FEATURE: Readonly<Partial<Record<FeatureName, (typeof SCORE_REASON_CODES)[number]>>> = {
  free_provider: 'free_provider',
  custom_domain: 'work_domain',
  school_domain: 'school_domain',
  relay_address: 'relay_address',
  disposable_domain: 'disposable_domain',
  role_account: 'role_account',
  typo_domain: 'typo_domain',
  name_score: 'natural_name',
  name_shape: 'natural_name',
  service_words: 'service_words',
  honorific: 'honorific_prefix',
  ngram_surprise: 'random_local_part',
  odd_ending: 'random_local_part',
  uncovered_share: 'random_local_part',
  mixed_alnum: 'random_local_part',
  consonant_cluster: 'random_local_part',
  digit_run: 'many_digits',
  numeric_local: 'numeric_local_part',
  keyboard_walk: 'keyboard_pattern',
  repeated_chunks: 'repeated_pattern',
  long_local: 'long_local_part',
  no_mail_server: 'no_mail_server',
  mail_gateway: 'mail_gateway',
  hosted_mail: 'business_mail_provider',
  datacenter_ip: 'datacenter_ip',
  tor_exit: 'tor_exit',
  ip_burst: 'ip_burst',
  alias_burst: 'alias_burst',
  signup_wave: 'signup_wave',
  reported_fake_domain: 'reported_fake_domain',
  domain_pattern_match: 'matches_domain_address_pattern',
  domain_pattern_mismatch: 'mismatches_domain_address_pattern',
  young_domain: 'young_domain',
  impossible_mailbox: 'impossible_mailbox',
  numeric_account: 'numeric_account',
  lookalike_domain: 'lookalike_domain',
  provider_imitation: 'provider_imitation',
  government_domain: 'government_domain',
  numbered_name: 'numbered_name',
  mail_service_domain: 'mail_service_domain',
  random_tag: 'random_local_part',
  generated_domain: 'generated_domain',
  numbered_burst: 'numbered_burst',
  bulk_suffix: 'bulk_suffix_domain',
  dotted_alias: 'dotted_alias',
};

/** Evidence items below this |impact| (log-odds) are not worth a reason code. */
export const REASON_MIN_IMPACT = 0.35;

/**
 * Reason codes for a set of (feature, impact) pairs: those with |impact| >= the minimum,
 * most influential first, each code once (its strongest feature decides its rank).
 */
export function reasonsFor(items: ReadonlyArray<{ signal: string; impact: number }>, minImpact = REASON_MIN_IMPACT): ReasonCode[] {
  const ranked = items
    .filter((e) => Math.abs(e.impact) >= minImpact && REASON_FOR_FEATURE[e.signal as FeatureName] !== undefined)
    .sort((a, b) => Math.abs(b.impact) - Math.abs(a.impact) || (a.signal < b.signal ? -1 : 1));
  const out: ReasonCode[] = [];
  for (const e of ranked) {
    const code = REASON_FOR_FEATURE[e.signal as FeatureName]!;
    if (!out.includes(code)) out.push(code);
  }
  return out;
}
