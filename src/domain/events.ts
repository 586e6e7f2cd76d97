/**
 * TypeScript shapes of the Avro events in `schemas/` (field names as in Avro, so encoding
 * needs no mapping). test/bus/avro.test.ts checks these stay in step with the .avsc files.
 */

/** How a check was scored: carried by the check event, the check index and the labelled check. */
export interface ModelScores {
  feature_version: number;
  features: number[];
  baseline_probability: number;
  served_model: string;
  served_probability: number;
  /** The newest shared learned model's P(human), when one existed. */
  learned_probability: number | null;
  /** The account's personal learned model's P(human), when it had one (absent in older events). */
  personal_probability?: number | null;
}

export interface CheckScored extends ModelScores {
  check_uuid: Buffer;
  account: string;
  time: number;
  domain: string;
  inbox_hash: Buffer;
  spelling_hash: Buffer;
  ip_hash: Buffer | null;
  /** Keyed hash of the inbox's numbered stem (signals/numbered-stem.ts), when it has one (absent or null: none, or written before the field existed). */
  stem_hash?: Buffer | null;
  local_shape: string;
  account_type: string;
  verdict: string;
  bulk: boolean;
  /** The reason codes answered, most influential first (absent: written before the field existed, or built without). */
  reasons?: string[];
}

export interface FeedbackReceived {
  check_uuid: Buffer;
  account: string;
  time: number;
  check_time: number;
  inbox_hash: Buffer;
  outcome: string;
  via: 'check_id' | 'email';
  /** The newest shared model's probability at report time, for a check no shared model scored (absent in older events). */
  learned_probability?: number | null;
  /** Likewise for the account's personal model, for a check made before it existed (absent in older events). */
  personal_probability?: number | null;
}

export interface CheckLabelled extends ModelScores {
  check_uuid: Buffer;
  account: string;
  domain: string;
  check_time: number;
  label_time: number;
  outcome: string;
  human: boolean;
  /** The check's local-part shape (a closed set: src/signals/local-shape.ts; absent or null in events written before it). */
  local_shape?: string | null;
  /** The reporting account's outcomes reported before this one, at any domain (absent or null in events written before it). */
  reporter_outcomes?: number | null;
}

export interface DomainSighting {
  domain: string;
  inbox_hash: Buffer;
  local_shape: string;
  account_type: string;
  time: number;
}

export interface ModelPublished {
  version: number;
  feature_version: number;
  intercept: number;
  weights: number[];
  trained_at: number;
  examples: number;
  trained_through: number;
  humans: number;
  fakes: number;
  l2: number;
  train_log_loss: number;
  holdout_log_loss: number;
  baseline_holdout_log_loss: number;
  /** Null or absent: the shared model; else the account whose personal model this is. */
  account?: string | null;
  /** Summed weight of the examples under tenant shares (absent in older records). */
  effective_examples?: number | null;
  /** The guards' recalibration, included in `intercept` and `weights`: logit = scale x (logit as fitted) + shift (absent in older records: 0 and 1); a feature no outcome exercised keeps the prior's served weight. */
  calibration_shift?: number;
  calibration_scale?: number;
  /** Shares of the held-out real people blocked, by this model (calibrated) and by the baseline. */
  held_out_humans_blocked?: number | null;
  baseline_held_out_humans_blocked?: number | null;
  /** Non-null: never served ('over_blocking', 'over_allowing': the guard whose adjustment cost it its advantage; 'few_humans': too few held-out humans to bound what it blocks; 'disagreement': with left_out_accounts' outcomes left out, too few remain for a model that may serve; 'worse_for_others': worse than the baseline on the held-out outcomes of the accounts but the one with the most, taken together, with too few outcomes left for a refit without that one, or, with followed_account, the refit still worse for those it was fitted on: src/model/shared-fit.ts sharedVersion). */
  held_back?: string | null;
  /** Shared model: accounts it does worse for than the baseline on their own held-out outcomes; never served to them. */
  withheld_accounts?: string[];
  /** Shared model: accounts whose outcomes it was not fitted on, as the baseline orders them the wrong way round beyond chance (account-agreement.ts). */
  left_out_accounts?: string[];
  /** Shared model: the account a fit on every account's outcomes followed at the others' expense; this version is the refit without its outcomes (shared-fit.ts sharedVersion). Null: none. */
  followed_account?: string | null;
  /** Shares of the held-out fakes caught (review or block), by this model as served and by the baseline (absent in older records). */
  held_out_fakes_caught?: number | null;
  baseline_held_out_fakes_caught?: number | null;
  /** What the guards adjusted it for ('over_blocking', 'few_humans', 'over_allowing'); empty or absent: nothing. */
  adjusted?: string[];
  /** The held-out real people's effective number (Kish, under tenant weights) the verdict guard's sampling bound was read at (absent in older records). */
  held_out_humans_effective?: number | null;
  /** A personal model's per-domain intercepts as served, added to `intercept` at that domain (empty or absent: none). */
  domain_effects?: DomainEffect[];
  /** Added to the intercept, times (1 − the fade), when the domain effects fade (absent or 0 in records written before it). */
  effects_off_shift?: number;
  /** A personal model with domain effects: each local-part shape's share of the outcomes they were fitted on (empty or absent: unknown, no shape fade). */
  shape_shares?: ShapeShare[];
}

export interface ShapeShare {
  shape: string;
  share: number;
}

export interface DomainEffect {
  domain: string;
  effect: number;
  /** The domain's share of the outcomes the effect was fitted on (0 in records written before it: unknown). */
  share?: number;
}

/** A customer control as it now stands (compacted topic; a tombstone deletes it). Exactly one of api_key, rule, settings is set. */
export interface AccountControl {
  account: string;
  time: number;
  api_key: ApiKeyControl | null;
  rule: RuleControl | null;
  settings: SettingsControl | null;
}

export interface ApiKeyControl {
  id: string;
  /** SHA-256 of the key text (32 bytes): the key itself is never stored. */
  sha256: Buffer;
  name: string;
  scopes: string[];
  test: boolean;
  created_at: number;
}

export interface RuleControl {
  id: string;
  action: string;
  type: string;
  /** The domain, mail provider or TLD; null for an email rule. */
  value: string | null;
  /** Email rules: keyed hash of the canonical inbox. */
  inbox_hash: Buffer | null;
  note: string | null;
  created_at: number;
}

/** Null fields take the service's defaults. New fields are optional with a null default. */
export interface SettingsControl {
  verdict_allow: number | null;
  verdict_review: number | null;
  signup_hook_secret?: string | null;
  signup_hook_reject_review?: boolean | null;
  /** The account's own rate limits, never above the operator's (absent in older records: the operator's). */
  rate_limit_requests_per_second?: number | null;
  rate_limit_request_burst?: number | null;
  rate_limit_addresses_per_second?: number | null;
  rate_limit_address_burst?: number | null;
}

export interface EventsBySchema {
  'check-scored': CheckScored;
  'feedback-received': FeedbackReceived;
  'check-labelled': CheckLabelled;
  'domain-sighting': DomainSighting;
  'model-published': ModelPublished;
  'account-control': AccountControl;
}
