/**
 * A published learned model as a scorecard, so it scores, explains and gives reasons exactly
 * like the baseline (same dot product, same evidence, same reason codes). Pure.
 */
import type { ModelPublished } from '../domain/events.ts';
import { BASELINE_SCORECARD } from './baseline.ts';
import { FEATURE_NAMES, FEATURE_VERSION } from './features.ts';
import { GUARD_REASONS, type GuardReason, type Scorecard } from './score.ts';

/** Undefined for a model of another feature version (this build cannot score it) or a malformed one. */
export function learnedScorecard(m: ModelPublished): Scorecard | undefined {
  if (m.feature_version !== FEATURE_VERSION || m.weights.length !== FEATURE_NAMES.length) return undefined;
  if (!Number.isInteger(m.version) || m.version < 1) return undefined;
  if (!Number.isFinite(m.intercept) || !m.weights.every(Number.isFinite) || !Number.isFinite(m.effects_off_shift ?? 0)) return undefined;
  const effects = m.domain_effects ?? [];
  // Only a personal model may carry them: one account's outcomes never move another's scores.
  if (effects.length > 0 && !m.account) return undefined;
  if (!effects.every((e) => Number.isFinite(e.effect) && e.domain !== '' && (e.share === undefined || (e.share >= 0 && e.share <= 1)))) return undefined;
  const shapes = (m.shape_shares ?? []).filter((s) => s.share > 0);
  if (!(m.shape_shares ?? []).every((s) => s.shape !== '' && s.share >= 0 && s.share <= 1)) return undefined;
  // Records written before the shares carry 0 (unknown): their effects serve without drift measure.
  const shares = effects.filter((e) => (e.share ?? 0) > 0);
  // Reasons this build does not know (a newer trainer's) are left out of what /v1/model says.
  const adjusted = GUARD_REASONS.filter((r) => m.adjusted?.includes(r));
  return {
    name: 'learned',
    version: m.version,
    featureVersion: FEATURE_VERSION,
    intercept: m.intercept,
    weights: Float64Array.from(m.weights),
    reasonMinImpact: BASELINE_SCORECARD.reasonMinImpact,
    ...(m.account ? { account: m.account } : {}),
    ...(!m.account && m.withheld_accounts?.length ? { withheldFrom: new Set(m.withheld_accounts) } : {}),
    ...(!m.account && m.left_out_accounts?.length ? { leftOut: new Set(m.left_out_accounts) } : {}),
    ...(!m.account && m.followed_account ? { followed: m.followed_account } : {}),
    ...(adjusted.length ? { adjustedFor: adjusted } : {}),
    ...(effects.length ? { domainIntercepts: new Map(effects.map((e) => [e.domain, e.effect])) } : {}),
    ...(shares.length ? { domainShares: new Map(shares.map((e) => [e.domain, e.share!])), domainEffectsOffShift: m.effects_off_shift ?? 0 } : {}),
    ...(shares.length && shapes.length ? { shapeShares: new Map(shapes.map((s) => [s.shape, s.share])) } : {}),
  };
}

/** The `model` field of a CheckResult. */
export function modelLabel(card: Scorecard | undefined): string {
  return card ? `learned-v${card.version}` : 'baseline';
}
