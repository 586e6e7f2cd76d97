/**
 * The application's ports. Inbound (first): what the HTTP layer needs from the use cases,
 * implemented beside this file; routes never see stores, buses or resolvers. Outbound (below):
 * what the use cases need from the log and the state, implemented in streams/. Both are
 * composed in roles/api.ts.
 */
import type { CheckFeatures } from '../check/decide-feedback.ts';
import type { BulkErrorEntry, CheckResultBody } from '../domain/check-result.ts';
import type { HistoryFacts, Outcome } from '../domain/check.ts';
import type { CheckScored, FeedbackReceived } from '../domain/events.ts';
import type { AccountTallies, ModelScoreSummary } from '../model/prequential.ts';

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

// ---------------------------------------------------------------------------------------------
// Outbound ports: what the use cases need from the event log and the materialised state.
// streams/ implements them (event-log.ts, history.ts, queries.ts, stats-queries.ts) and
// roles/api.ts composes them; nothing in service/ knows a store, a topic's partitions or an
// offset. Every read is read-your-writes: it includes this instance's own events (appended
// through CheckEvents/FeedbackEvents) that the state does not hold yet.

/** What the windowed counts need of a check (one in flight, or an earlier address of a bulk). */
export interface Sighting {
  /** The account that checked it: a domain's recent sign-ups count each account's inboxes as its own. */
  readonly account: string;
  /** The address's domain: an IP's recent inboxes are counted by their domain's category (ip-signups-1h.ts). */
  readonly domain: string;
  readonly inbox_hash: Buffer;
  readonly spelling_hash: Buffer;
  /** The inbox's numbered stem, keyed and hashed (null or absent: none): its account's numbered batch is counted by it. */
  readonly stem_hash?: Buffer | null;
  readonly account_type: string;
  readonly local_shape: string;
  readonly time: number;
}

/**
 * The first `atDomainCount` of `atDomain` (the request's addresses at this domain, in input
 * order) and the first `ofInboxCount` of `ofInbox` (of this inbox): prefixes of lists shared by
 * the whole request, so a bulk of n addresses at one domain copies nothing per address.
 */
export interface EarlierInBulk {
  readonly atDomain: readonly Sighting[];
  readonly atDomainCount: number;
  /** Distinct inboxes among those `atDomainCount`, this check's own inbox left out. */
  readonly otherInboxesAtDomain: number;
  readonly ofInbox: readonly Sighting[];
  readonly ofInboxCount: number;
}

export interface HistoryKeys {
  readonly account: string;
  readonly domain: string;
  readonly inboxHash: Buffer;
  readonly spellingHash: Buffer;
  readonly ipHash: Buffer | null;
  /** The inbox's numbered stem, keyed and hashed (signals/numbered-stem.ts); null or absent: it has none. */
  readonly stemHash?: Buffer | null;
  readonly localShape: string;
  readonly accountType: string;
  readonly time: number;
  /**
   * Addresses earlier in the same bulk request at this domain and of this inbox: counted as if
   * the bulk were checked in input order (their own events may not be written yet).
   */
  readonly earlier?: EarlierInBulk;
  /** The request the check belongs to (a bulk's addresses share one): other requests' checks in flight count, its own do not. */
  readonly request?: object;
}

export interface HistoryQueries {
  /** Counters as they will be once this check is counted too (read-your-writes and checks in flight included). */
  history(keys: HistoryKeys): Promise<HistoryFacts>;
}

/** The check events log. */
export interface CheckEvents {
  /**
   * Registers a check from before its history is read until its event is appended (or it
   * failed): checks running at the same time count each other, as they would one after another.
   * `request`: a bulk's addresses share one and count each other in input order instead.
   * Returns the removal.
   */
  begin(account: string, domain: string, ipHash: Buffer | null, sighting: Sighting, request: object): () => void;
  /**
   * Resolves once the event is durable in the log (ServiceError 503 when it cannot be made so
   * in time: MAILSIFT_EVENT_TIMEOUT_MS); every read of this instance includes it from then on.
   */
  append(event: CheckScored): Promise<void>;
  /** Several events as one write (a bulk slice's): all durable when it resolves, or none answered (503). */
  appendMany(events: readonly CheckScored[]): Promise<void>;
}

/** The feedback events log (durable before resolving, like CheckEvents.append). */
export interface FeedbackEvents {
  append(event: FeedbackReceived): Promise<void>;
}

/** The newest check of an inbox by an account. */
export interface InboxCheck {
  readonly uuid: Buffer;
  readonly time: number;
}

export interface FeedbackQueries {
  /** The newest check of this inbox by this account within the feedback window (14 days). */
  latestInboxCheck(account: string, inboxHash: Buffer, now: number): Promise<InboxCheck | undefined>;
  /** Whether the check has an outcome (in the state, or reported through this instance). */
  isLabelled(account: string, uuid: Buffer, now: number): Promise<boolean>;
  /** The check's record, if the state or this instance's own events hold it. */
  checkRecord(account: string, uuid: Buffer, inboxHash: Buffer, now: number): Promise<CheckFeatures | undefined>;
  /**
   * Several instances: waits (bounded) until this instance's state holds every check of the
   * account written so far, by any instance; false at the deadline. Absent with one instance.
   */
  othersApplied?(account: string, timeoutMs: number): Promise<boolean>;
}

export interface UsageQueries {
  /** Billed emails per UTC day number (days from the epoch, none negative) for the account. */
  usage(account: string, days: readonly number[], now: number): Promise<Map<number, number>>;
}

/** One day of an account's figures. */
export interface AccountDay {
  readonly checks: { readonly allow: number; readonly review: number; readonly block: number; readonly reasons: Record<string, number> };
  readonly outcomes: {
    readonly real: number;
    readonly fake: number;
    readonly baseline: ModelScoreSummary | null;
    readonly learned: ModelScoreSummary | null;
    readonly personal: ModelScoreSummary | null;
  };
}

export interface Wave {
  readonly domain: string;
  /** Distinct inboxes at the domain in about the last 10 minutes, across customers, at the time of asking. */
  readonly recent_signups: number;
}

export interface StatsQueries {
  /** The account's figures per UTC day number (days from the epoch, none negative); checks read-your-writes. */
  days(account: string, days: readonly number[], now: number): Promise<Map<number, AccountDay>>;
  /** Domains where the account's checks of about the last hour met a wave, largest wave first. */
  waves(account: string, now: number, limit: number): Promise<Wave[]>;
}

export interface ModelStatsQueries {
  /** Prequential tallies of every account that reported outcomes. */
  modelStats(now: number): Promise<{ account: string; stats: AccountTallies }[]>;
}
