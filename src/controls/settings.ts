/**
 * An account's settings: one record, every field optional (null = the service's own value), so
 * a field can be added without touching stored records or older readers. Today: the verdict
 * thresholds, the sign-up hook's secret (sealed) and whether it refuses `review`, and the
 * account's own rate limits. Those may only be lower than the operator's (MAILSIFT_RATE_LIMIT_*):
 * an account's admin key must not buy it more of a shared service than the operator gives every
 * account, so a patch above them is refused and a stored value above a later-lowered operator
 * value is held at it. Adding a field: the Avro record in schemas/account-control.avsc (["null", T],
 * default null), StoredSettings and EffectiveSettings here, its default in `effectiveSettings`,
 * its rule in `applySettingsPatch`, and the PATCH schema in api/schemas.ts. Pure.
 */
import type { VerdictThresholds } from '../domain/check.ts';
import type { Limit } from '../domain/token-bucket.ts';

/** As stored: null = the service's default. */
export interface StoredSettings {
  readonly verdict_allow: number | null;
  readonly verdict_review: number | null;
  /** The sign-up hook's Standard Webhooks key, sealed (domain/sealed-secret.ts): never in clear. */
  readonly signup_hook_secret?: string | null;
  readonly signup_hook_reject_review?: boolean | null;
  readonly rate_limit_requests_per_second?: number | null;
  readonly rate_limit_request_burst?: number | null;
  readonly rate_limit_addresses_per_second?: number | null;
  readonly rate_limit_address_burst?: number | null;
}

/** As the API shows them and the check path uses them: defaults filled in. */
export interface EffectiveSettings {
  readonly verdict_allow: number;
  readonly verdict_review: number;
  /** Whether a sign-up hook secret is set: the secret itself is never shown. */
  readonly signup_hook_secret_set: boolean;
  readonly signup_hook_reject_review: boolean;
  readonly rate_limit_requests_per_second: number;
  readonly rate_limit_request_burst: number;
  readonly rate_limit_addresses_per_second: number;
  readonly rate_limit_address_burst: number;
}

/** A PATCH body: a field given sets it, null resets it to the service's default, absent leaves it. */
export type SettingsPatch = { readonly [K in keyof StoredSettings]?: StoredSettings[K] };

export const NO_SETTINGS: StoredSettings = {
  verdict_allow: null,
  verdict_review: null,
  signup_hook_secret: null,
  signup_hook_reject_review: null,
  rate_limit_requests_per_second: null,
  rate_limit_request_burst: null,
  rate_limit_addresses_per_second: null,
  rate_limit_address_burst: null,
};

/** An account's limits on requests and on addresses checked (api/rate-limit.ts). */
export interface AccountRateLimits {
  readonly requests: Limit;
  readonly addresses: Limit;
}

export interface SettingsDefaults {
  readonly verdictAllow: number;
  readonly verdictReview: number;
  /** The operator's limits (MAILSIFT_RATE_LIMIT_*): every account's, and the most an account may set. */
  readonly rateLimits: AccountRateLimits;
}

/** The least address burst an account may set: a bulk request holds up to 1,000 addresses, and a burst below a request's cost could never pass it. */
export const MIN_ADDRESS_BURST = 1000;

type RateLimitField = 'rate_limit_requests_per_second' | 'rate_limit_request_burst' | 'rate_limit_addresses_per_second' | 'rate_limit_address_burst';

/** Each rate-limit setting: the limit it sets and its least value. */
const RATE_LIMIT_FIELDS: readonly { field: RateLimitField; of: keyof AccountRateLimits; part: keyof Limit; min: number }[] = [
  { field: 'rate_limit_requests_per_second', of: 'requests', part: 'rate', min: 1 },
  { field: 'rate_limit_request_burst', of: 'requests', part: 'burst', min: 1 },
  { field: 'rate_limit_addresses_per_second', of: 'addresses', part: 'rate', min: 1 },
  { field: 'rate_limit_address_burst', of: 'addresses', part: 'burst', min: MIN_ADDRESS_BURST },
];

function rateLimitValue(stored: StoredSettings | undefined, f: (typeof RATE_LIMIT_FIELDS)[number], d: SettingsDefaults): number {
  const ceiling = d.rateLimits[f.of][f.part];
  return Math.min(stored?.[f.field] ?? ceiling, ceiling);
}

export function effectiveSettings(stored: StoredSettings | undefined, d: SettingsDefaults): EffectiveSettings {
  const allow = stored?.verdict_allow ?? d.verdictAllow;
  // A stored review threshold above a default allow that changed since (MAILSIFT_VERDICT_ALLOW
  // lowered) is held at allow: the review band is then empty, never inverted.
  const review = Math.min(stored?.verdict_review ?? d.verdictReview, allow);
  const limits = Object.fromEntries(RATE_LIMIT_FIELDS.map((f) => [f.field, rateLimitValue(stored, f, d)])) as Record<RateLimitField, number>;
  return { verdict_allow: allow, verdict_review: review, signup_hook_secret_set: typeof stored?.signup_hook_secret === 'string', signup_hook_reject_review: stored?.signup_hook_reject_review ?? false, ...limits };
}

/** The limits the rate limiter applies to an account: its own where it set them, never above the operator's. */
export function rateLimitsOf(stored: StoredSettings | undefined, d: SettingsDefaults): AccountRateLimits {
  if (!stored) return d.rateLimits;
  const [rps, requestBurst, aps, addressBurst] = RATE_LIMIT_FIELDS.map((f) => rateLimitValue(stored, f, d)) as [number, number, number, number];
  return { requests: { rate: rps, burst: requestBurst }, addresses: { rate: aps, burst: addressBurst } };
}

export function thresholdsOf(e: Pick<EffectiveSettings, 'verdict_allow' | 'verdict_review'>): VerdictThresholds {
  return { allowAtLeast: e.verdict_allow, reviewAtLeast: e.verdict_review };
}

const THRESHOLD_FIELDS = ['verdict_allow', 'verdict_review'] as const;

/** The stored record after a patch, or the rule it breaks (field named). */
export function applySettingsPatch(stored: StoredSettings | undefined, patch: SettingsPatch, d: SettingsDefaults): { ok: true; settings: StoredSettings } | { ok: false; error: string } {
  const next = { ...NO_SETTINGS, ...stored };
  for (const f of THRESHOLD_FIELDS) {
    if (!(f in patch)) continue;
    const v = patch[f];
    if (v !== null && (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100)) return { ok: false, error: `${f}: must be an integer from 0 to 100 (or null for the service's default)` };
    next[f] = v ?? null;
  }
  // The secret arrives sealed (the settings service checks its form and seals it): kept as given.
  if ('signup_hook_secret' in patch) next.signup_hook_secret = patch.signup_hook_secret ?? null;
  if ('signup_hook_reject_review' in patch) {
    const v = patch.signup_hook_reject_review;
    if (v !== null && v !== undefined && typeof v !== 'boolean') return { ok: false, error: 'signup_hook_reject_review: must be true, false or null' };
    next.signup_hook_reject_review = v ?? null;
  }
  for (const f of RATE_LIMIT_FIELDS) {
    if (!(f.field in patch)) continue;
    const v = patch[f.field];
    const ceiling = d.rateLimits[f.of][f.part];
    if (v !== null && v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < f.min || v > ceiling)) {
      return { ok: false, error: `${f.field}: must be an integer from ${f.min} to ${ceiling}, this service's limit for every account (or null for it)` };
    }
    next[f.field] = v ?? null;
  }
  const allow = next.verdict_allow ?? d.verdictAllow;
  const review = next.verdict_review ?? d.verdictReview;
  if (review > allow) {
    const which = 'verdict_review' in patch || !('verdict_allow' in patch) ? 'verdict_review' : 'verdict_allow';
    return {
      ok: false,
      error: which === 'verdict_review' ? `verdict_review: must be at most verdict_allow (${allow})` : `verdict_allow: must be at least verdict_review (${review})`,
    };
  }
  return { ok: true, settings: next };
}
