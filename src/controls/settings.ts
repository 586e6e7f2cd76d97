/**
 * An account's settings: one record, every field optional (null = the service's own value), so
 * a field can be added without touching stored records or older readers. Today: the verdict
 * thresholds, and the sign-up hook's secret (sealed) and whether it refuses `review`. Adding a field: the Avro record in schemas/account-control.avsc (["null", T],
 * default null), StoredSettings and EffectiveSettings here, its default in `effectiveSettings`,
 * its rule in `applySettingsPatch`, and the PATCH schema in api/schemas.ts. Pure.
 */
import type { VerdictThresholds } from '../domain/check.ts';

/** As stored: null = the service's default. */
export interface StoredSettings {
  readonly verdict_allow: number | null;
  readonly verdict_review: number | null;
  /** The sign-up hook's Standard Webhooks key, sealed (domain/sealed-secret.ts): never in clear. */
  readonly signup_hook_secret?: string | null;
  readonly signup_hook_reject_review?: boolean | null;
}

/** As the API shows them and the check path uses them: defaults filled in. */
export interface EffectiveSettings {
  readonly verdict_allow: number;
  readonly verdict_review: number;
  /** Whether a sign-up hook secret is set: the secret itself is never shown. */
  readonly signup_hook_secret_set: boolean;
  readonly signup_hook_reject_review: boolean;
}

/** A PATCH body: a field given sets it, null resets it to the service's default, absent leaves it. */
export type SettingsPatch = { readonly [K in keyof StoredSettings]?: StoredSettings[K] };

export const NO_SETTINGS: StoredSettings = { verdict_allow: null, verdict_review: null, signup_hook_secret: null, signup_hook_reject_review: null };

export interface SettingsDefaults {
  readonly verdictAllow: number;
  readonly verdictReview: number;
}

export function effectiveSettings(stored: StoredSettings | undefined, d: SettingsDefaults): EffectiveSettings {
  const allow = stored?.verdict_allow ?? d.verdictAllow;
  // A stored review threshold above a default allow that changed since (MAILSIFT_VERDICT_ALLOW
  // lowered) is held at allow: the review band is then empty, never inverted.
  const review = Math.min(stored?.verdict_review ?? d.verdictReview, allow);
  return { verdict_allow: allow, verdict_review: review, signup_hook_secret_set: typeof stored?.signup_hook_secret === 'string', signup_hook_reject_review: stored?.signup_hook_reject_review ?? false };
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
