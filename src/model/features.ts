/**
 * The feature vector: every signal of a check as one number, in a fixed, documented column
 * order (docs/scorecard.md). The same vector scores the baseline, is written into each
 * check event, and is what a learned model trains on, so columns are only ever appended,
 * and any change of meaning bumps FEATURE_VERSION.
 *
 * Conventions: a missing fact (no DNS, no IP, no history) yields 0 in its columns, and every
 * column is 0 when its signal is absent, so a missing signal contributes nothing to a linear
 * model. Values are bounded (mostly 0..1) so one weight reads as "log-odds at full strength".
 * Pure.
 */
import type { DnsFacts, HistoryFacts, IpFacts } from '../domain/check.ts';
import type { AddressSignals } from '../signals/address-signals.ts';
import type { LocalPartSignals } from '../signals/local-part.ts';
import { NAME_SHAPES } from '../signals/local-shape.ts';

export const FEATURE_VERSION = 1;

export const FEATURE_NAMES = [
  // address (domain lists and syntax-level facts)
  'free_provider', 'custom_domain', 'school_domain', 'relay_address', 'disposable_domain',
  'role_account', 'typo_domain', 'plus_tag',
  // local part
  'name_score', 'name_shape', 'word_share', 'service_words', 'honorific', 'ngram_surprise', 'odd_ending',
  'uncovered_share', 'consonant_cluster', 'digit_run', 'year_suffix', 'numeric_local',
  'keyboard_walk', 'repeated_chunks', 'long_local',
  // DNS
  'no_mail_server', 'mail_gateway', 'hosted_mail',
  // IP
  'datacenter_ip', 'tor_exit',
  // history
  'ip_burst', 'alias_burst', 'signup_wave', 'reported_fake_domain', 'domain_pattern_match',
  'domain_pattern_mismatch', 'young_domain',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** Float64Array in FEATURE_NAMES order. */
export type FeatureVector = Float64Array;

export const FEATURE_INDEX: Readonly<Record<FeatureName, number>> = Object.fromEntries(
  FEATURE_NAMES.map((n, i) => [n, i]),
) as Record<FeatureName, number>;

export interface FeatureInput {
  readonly address: AddressSignals;
  readonly local: LocalPartSignals;
  readonly dns?: DnsFacts;
  readonly ip?: IpFacts;
  readonly history?: HistoryFacts;
}

const NAME_SHAPE_SET = new Set<string>([...NAME_SHAPES, ...NAME_SHAPES.map((s) => `${s}+digits`)]);
const HOSTED_PROVIDERS = new Set(['google', 'microsoft', 'yahoo', 'apple', 'zoho', 'proton']);
/** Bits per letter a name/word spelling costs at most; beyond this a string is improbable. */
const NGRAM_NORMAL_BITS = 4.5;
/** Local-part length from which extra characters count as suspicious (generated strings run long). */
const LONG_LOCAL_FROM = 12;

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

export function buildFeatures(input: FeatureInput): FeatureVector {
  const { address: a, local: l, dns, ip, history: h } = input;
  const x = new Float64Array(FEATURE_NAMES.length);
  const set = (name: FeatureName, v: number) => {
    x[FEATURE_INDEX[name]] = v;
  };
  const custom = !a.free && !a.disposable && !a.relay && !a.school;

  set('free_provider', a.free ? 1 : 0);
  set('custom_domain', custom ? 1 : 0);
  set('school_domain', a.school ? 1 : 0);
  set('relay_address', a.relay ? 1 : 0);
  set('disposable_domain', a.disposable ? 1 : 0);
  set('role_account', a.roleAccount ? 1 : 0);
  set('typo_domain', a.didYouMean !== undefined || a.typoOf !== undefined ? 1 : 0);
  set('plus_tag', a.plusTagged ? 1 : 0);

  const numeric = l.shape === 'numeric';
  set('name_score', l.nameScore);
  set('name_shape', NAME_SHAPE_SET.has(l.shape) ? 1 : 0);
  set('word_share', l.wordShare);
  // An exact role address ("info") is role_account's evidence; counting its word again would double it.
  set('service_words', a.roleAccount ? 0 : l.serviceShare);
  set('honorific', l.honorific ? 1 : 0);
  // 1 bit/letter above normal per unit, capped at 4: "wqmjmjjcui" sits near the cap.
  set('ngram_surprise', l.ngramLetters >= 3 ? Math.min(4, Math.max(0, -l.ngramLogLik - NGRAM_NORMAL_BITS)) / 4 : 0);
  // Ending 5+ bits/letter improbable begins to count; 9+ bits is full strength.
  set('odd_ending', l.tailLogLik < 0 ? clamp01((-l.tailLogLik - 5) / 4) : 0);
  set('uncovered_share', l.letters >= 3 ? l.uncoveredShare : 0);
  set('consonant_cluster', Math.min(3, Math.max(0, l.consonantRunMax - 3)) / 3);
  // Digits inside a lettered local part: 1-2 are everyday ("anna92"), long runs are not.
  set('digit_run', numeric ? 0 : Math.min(4, Math.max(0, l.digitRunMax - 2)) / 4);
  set('year_suffix', l.yearSuffix ? 1 : 0);
  set('numeric_local', numeric ? 1 : 0);
  set('keyboard_walk', l.keyboardWalk > 0 ? 1 : 0);
  set('repeated_chunks', l.length ? clamp01(l.repeatedChunks / l.length) : 0);
  set('long_local', clamp01((l.length - LONG_LOCAL_FROM) / 8));

  if (dns) {
    set('no_mail_server', dns.deliverable === false ? 1 : 0);
    set('mail_gateway', dns.deliverable === true && dns.mailProvider === 'gateway' ? 1 : 0);
    set('hosted_mail', dns.deliverable === true && custom && dns.mailProvider !== undefined && HOSTED_PROVIDERS.has(dns.mailProvider) ? 1 : 0);
  }
  if (ip && ip.ignored === undefined) {
    set('datacenter_ip', ip.datacenter !== undefined ? 1 : 0);
    set('tor_exit', ip.tor ? 1 : 0);
  }
  if (h) {
    // Counts become log2 steps above the level that is normal, capped at 4 doublings.
    if (h.signupsFromIp !== undefined && h.signupsFromIp >= 3) set('ip_burst', Math.min(4, Math.log2(h.signupsFromIp / 2)) / 4);
    if (h.aliasVariants !== undefined && h.aliasVariants >= 3) set('alias_burst', Math.min(4, h.aliasVariants - 2) / 4);
    if (h.recentSignups !== undefined && h.recentSignups >= 20) set('signup_wave', Math.min(4, Math.log2(h.recentSignups / 10)) / 4);
    if (h.domainFakeRate !== undefined && (h.domainFakeReporters ?? 0) >= 2) set('reported_fake_domain', clamp01(h.domainFakeRate));
    if (h.domainPattern === 'match') set('domain_pattern_match', 1);
    if (h.domainPattern === 'mismatch') set('domain_pattern_mismatch', 1);
    if (h.domainAgeDays !== undefined) set('young_domain', clamp01((180 - h.domainAgeDays) / 180));
  }
  return x;
}
