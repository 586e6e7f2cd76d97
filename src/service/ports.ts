/**
 * What the HTTP layer needs from the application, as interfaces. Implementations live beside
 * this file and are composed in roles/api.ts; routes never see stores, buses or resolvers.
 */
import type { BulkErrorEntry, CheckResultBody } from '../domain/check-result.ts';
import type { Outcome } from '../domain/check.ts';

export interface CheckRequest {
  readonly email: string;
  readonly ip?: string;
  readonly explain: boolean;
}

export type CheckAnswer = { ok: true; result: CheckResultBody } | { ok: false; error: string };

export interface CheckOptions {
  /** Made with a test key: judged, never recorded (not billed, counted or learned from); fixed answers at mailsift.test. */
  readonly test?: boolean;
}

export interface CheckService {
  /** Throws ServiceError(503) when the check's event cannot be made durable in time. */
  check(account: string, req: CheckRequest, opts?: CheckOptions): Promise<CheckAnswer>;
  /** One entry per input, in input order; each valid address is one answered check. */
  bulk(account: string, emails: readonly string[], opts?: CheckOptions): Promise<(CheckResultBody | BulkErrorEntry)[]>;
}

export interface FeedbackRequest {
  readonly check_id?: string;
  readonly email?: string;
  readonly outcome: Outcome;
}

export interface FeedbackService {
  /**
   * Resolves once the feedback event is durable; throws ServiceError 400/404/503. With a test
   * key (`opts.test`) nothing is written or learned: 202 for a check of the account.
   */
  report(account: string, req: FeedbackRequest, opts?: CheckOptions): Promise<{ check_id: string }>;
}

export interface ModelStatsView {
  mode: 'off' | 'on' | 'auto';
  serving: 'baseline' | 'learned';
  healthy: boolean;
  learned_version: number;
  feedback_examples: number;
  customers: number;
  baseline: { accuracy: number; log_loss: number; recent_log_loss: number };
  learned: { accuracy: number; log_loss: number; recent_log_loss: number };
  recommendation: string;
}

export interface ModelService {
  stats(account: string): Promise<ModelStatsView>;
}

export interface UsageView {
  account: string;
  from: string;
  to: string;
  total: number;
  days: { date: string; emails: number }[];
}

export interface UsageService {
  /** Throws ServiceError(400) for a bad range. */
  usage(account: string, from?: string, to?: string): Promise<UsageView>;
}

/**
 * `ready`: every required check is ok (the service answers correctly; /readyz 200). A check
 * with `required: false` (DNS, feeds) degrades answers when not ok (fields absent or null)
 * without making the service unready: /readyz then says `degraded`.
 */
export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, { ok: boolean; required?: false; detail?: string }>;
}

export interface Health {
  readiness(): Promise<ReadinessReport>;
}

export interface ModelScoreView {
  accuracy: number;
  log_loss: number;
  recent_log_loss: number;
}

export interface StatsDayView {
  date: string;
  checks: { allow: number; review: number; block: number };
  outcomes: { real: number; fake: number };
  reasons: Record<string, number>;
  models: { baseline?: ModelScoreView; learned?: ModelScoreView; personal?: ModelScoreView };
  models_published: { model: 'learned' | 'personal'; version: number }[];
}

export interface StatsView {
  account: string;
  from: string;
  to: string;
  days: StatsDayView[];
  waves: { domain: string; recent_signups: number }[];
}

export interface StatsService {
  /** Throws ServiceError(400) for a bad range. */
  stats(account: string, from?: string, to?: string): Promise<StatsView>;
}

/** Learned model versions as published (the models topic): when, and whose. */
export interface ModelPublications {
  /** The shared model's versions and this account's personal ones, oldest first; never another account's. */
  published(account: string): readonly { version: number; at: number; personal: boolean }[];
}
