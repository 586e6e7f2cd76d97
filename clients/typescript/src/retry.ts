/**
 * One call with its time limit and its retries. A 429 or 503 is retried after the answer's
 * `Retry-After` (the service did not record the check: nothing is billed twice) while the wait
 * fits the caller's deadline and tries remain; a refused connection (nothing reached the
 * service) likewise. A timeout is not retried: the check may have been recorded.
 */
import { MailsiftError } from './errors.ts';

export interface Attempt<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** Time limit of one try (ms). */
  timeoutMs: number;
  /** Longest `Retry-After` worth waiting (ms); a longer one fails at once. */
  maxRetryWaitMs: number;
  /** Absolute time (ms since epoch) by which everything must be over, retries included. */
  deadline?: number;
  signal?: AbortSignal;
}

const DEFAULT_RETRY_AFTER_MS = 1000;

export async function withRetries<T>(send: (signal: AbortSignal) => Promise<Attempt<T>>, p: RetryPolicy): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const left = p.deadline === undefined ? p.timeoutMs : Math.min(p.timeoutMs, p.deadline - Date.now());
    if (left <= 0) throw new MailsiftError('no answer in time', { kind: 'timeout' });
    const limit = AbortSignal.timeout(left);
    let failure: MailsiftError;
    try {
      const r = await send(p.signal ? AbortSignal.any([p.signal, limit]) : limit);
      if (r.response.ok) return r.data as T;
      const message = typeof (r.error as { error?: unknown })?.error === 'string' ? (r.error as { error: string }).error : `HTTP ${r.response.status}`;
      failure = new MailsiftError(message, { kind: 'http', status: r.response.status, retryAfterMs: retryAfterMs(r.response.headers.get('retry-after')) });
      if (!failure.retryable) throw failure;
    } catch (err) {
      if (err instanceof MailsiftError) {
        if (!err.retryable) throw err;
        failure = err;
      } else if (p.signal?.aborted) {
        throw p.signal.reason;
      } else if (limit.aborted) {
        throw new MailsiftError('no answer in time', { kind: 'timeout', cause: err });
      } else {
        failure = new MailsiftError(`cannot reach the service: ${causeOf(err)}`, { kind: 'network', cause: err });
        if (!refused(err)) throw failure;
      }
    }
    const wait = failure.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
    const fits = p.deadline === undefined || Date.now() + wait < p.deadline;
    if (attempt >= p.retries || wait > p.maxRetryWaitMs || !fits) throw failure;
    await sleep(wait, p.signal);
  }
}

/** `Retry-After` as seconds or an HTTP date. */
export function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const s = Number(header.trim());
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

function refused(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNREFUSED';
}

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { message?: string; code?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
