/**
 * checkOrAllow(): the check a sign-up form makes when Mailsift must never be the reason a real
 * person cannot sign up. Within `timeoutMs` (retries included) it answers the service's
 * CheckResult; when the service is slow, down, overloaded (503), rate-limited (429) or refuses
 * the key, it answers a synthetic `allow` with `failed_open: true` and why, so the caller can
 * let the user in, log it, and review the account later. Only an address the service calls
 * invalid (400) is thrown: that is an answer about the address, not an outage.
 */
import { MailsiftError } from './errors.ts';
import type { CheckRequest, CheckResult } from './types.ts';

export type FailOpenReason = 'timeout' | 'unavailable' | 'rate_limited' | 'network' | 'rejected';

export interface FailedOpen {
  verdict: 'allow';
  failed_open: true;
  reason: FailOpenReason;
  /** What went wrong, for your logs. */
  error: string;
}

export type CheckOrAllow = (CheckResult & { failed_open: false }) | FailedOpen;

export interface CheckOrAllowOptions {
  /** Everything, retries included, ends by then; default 1,500 ms. */
  timeoutMs?: number;
  ip?: string;
  signal?: AbortSignal;
}

export async function checkOrAllow(
  check: (body: CheckRequest, signal: AbortSignal | undefined, deadline: number) => Promise<CheckResult>,
  email: string,
  o: CheckOrAllowOptions = {},
): Promise<CheckOrAllow> {
  const deadline = Date.now() + (o.timeoutMs ?? 1500);
  try {
    const result = await check({ email, ...(o.ip === undefined ? {} : { ip: o.ip }) }, o.signal, deadline);
    return { ...result, failed_open: false };
  } catch (err) {
    if (err instanceof MailsiftError && err.status === 400) throw err;
    if (o.signal?.aborted) throw err;
    return { verdict: 'allow', failed_open: true, reason: reasonOf(err), error: err instanceof Error ? err.message : String(err) };
  }
}

function reasonOf(err: unknown): FailOpenReason {
  if (!(err instanceof MailsiftError)) return 'network';
  if (err.kind === 'timeout') return 'timeout';
  if (err.kind === 'network') return 'network';
  if (err.status === 429) return 'rate_limited';
  if (err.status === 503 || (err.status ?? 0) >= 500) return 'unavailable';
  return 'rejected';
}
