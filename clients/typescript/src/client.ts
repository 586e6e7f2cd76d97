/**
 * createMailsift(): the typed calls (openapi-fetch over the generated `paths`) with a time limit
 * per call and retries on 429/503 that honour `Retry-After`. `raw` is the typed openapi-fetch
 * client itself, for any route this layer has no method for.
 */
import createClient, { type Client } from 'openapi-fetch';
import { checkBulk, type BulkOptions } from './bulk.ts';
import { checkOrAllow, type CheckOrAllow, type CheckOrAllowOptions } from './fail-open.ts';
import type { paths } from './generated/schema.ts';
import { withRetries, type RetryPolicy } from './retry.ts';
import type { BulkEntry, CheckRequest, CheckResult, FeedbackAccepted, FeedbackRequest, ModelStats, Usage, UsageQuery } from './types.ts';

export interface MailsiftOptions {
  apiKey: string;
  /** Default `http://127.0.0.1:8080`. */
  baseUrl?: string;
  /** Time limit of one try (ms); default 10,000 (a bulk of 1,000 with cold DNS takes seconds). */
  timeoutMs?: number;
  /** Retries after a 429, a 503 or a refused connection; default 2. */
  retries?: number;
  /** Longest `Retry-After` worth waiting (ms); default 30,000. */
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface Mailsift {
  check(body: CheckRequest, o?: CallOptions): Promise<CheckResult>;
  /** Up to 1,000 addresses in one request. */
  bulk(emails: readonly string[], o?: CallOptions): Promise<BulkEntry[]>;
  /** Any number of addresses: requests of 1,000, results in input order. */
  checkBulk(emails: readonly string[], o?: BulkOptions): Promise<BulkEntry[]>;
  /** Never throws for an outage: a slow or unreachable service gives a synthetic allow with `failed_open: true`. */
  checkOrAllow(email: string, o?: CheckOrAllowOptions): Promise<CheckOrAllow>;
  feedback(body: FeedbackRequest, o?: CallOptions): Promise<FeedbackAccepted>;
  usage(query?: UsageQuery, o?: CallOptions): Promise<Usage>;
  model(o?: CallOptions): Promise<ModelStats>;
  readonly raw: Client<paths>;
}

export function createMailsift(opts: MailsiftOptions): Mailsift {
  const raw = createClient<paths>({
    baseUrl: (opts.baseUrl ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${opts.apiKey}` },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const policy = (o: CallOptions = {}, extra: Partial<RetryPolicy> = {}): RetryPolicy => ({
    retries: opts.retries ?? 2,
    timeoutMs: o.timeoutMs ?? opts.timeoutMs ?? 10_000,
    maxRetryWaitMs: opts.maxRetryWaitMs ?? 30_000,
    ...(o.signal ? { signal: o.signal } : {}),
    ...extra,
  });
  const m: Mailsift = {
    raw,
    check: (body, o) => withRetries<CheckResult>((signal) => raw.POST('/v1/check', { body, signal }), policy(o)),
    bulk: async (emails, o) => (await withRetries((signal) => raw.POST('/v1/check/bulk', { body: { emails: [...emails] }, signal }), policy(o))).results,
    checkBulk: (emails, o) => checkBulk((chunk, signal) => m.bulk(chunk, signal ? { ...o, signal } : o), emails, o),
    checkOrAllow: (email, o) => checkOrAllow((body, signal, deadline) => withRetries<CheckResult>((s) => raw.POST('/v1/check', { body, signal: s }), policy({ signal }, { deadline })), email, o),
    feedback: (body, o) => withRetries<FeedbackAccepted>((signal) => raw.POST('/v1/feedback', { body, signal }), policy(o)),
    usage: (query, o) => withRetries<Usage>((signal) => raw.GET('/v1/usage', { params: { query: query ?? {} }, signal }), policy(o)),
    model: (o) => withRetries<ModelStats>((signal) => raw.GET('/v1/model', { signal }), policy(o)),
  };
  return m;
}
