/**
 * POST /v1/check/bulk for check-file, with the retries a long list needs: 429 and 503 wait the
 * answer's `Retry-After` and try again (a rate limit is flow control, not a failure); a lost
 * connection or a timeout is retried with backoff a few times. Any other answer (401, 403, 400,
 * 413...) stops the run with the service's own message: retrying cannot fix it. Before the
 * service has answered once, a refused connection or a host name that does not resolve stops
 * the run at once: that is a wrong `MAILSIFT_URL` or a service not started, and a minute and a
 * half of backoff would only hide it. Once it has answered, the same errors are a restart and
 * are waited out. A port fetch refuses outright (its "bad port" list: 1, 6000, 6665-6669...) stops
 * the run at any time: no wait changes that.
 *
 * `stopping` aborts a wait between tries (nothing of that batch is billed then), never a
 * request on the wire: its answer is billed whether or not we read it, so it is read.
 */
import type { BulkEntry } from './result-columns.ts';

export class BulkRequestError extends Error {
  /** The service's HTTP status when it refused the request (absent: no answer, or an unreadable one). */
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'BulkRequestError';
    this.status = status;
  }
}

/** Thrown when `stopping` fired while a batch waited to be retried: the batch was not checked. */
export class StoppedBeforeSending extends Error {
  constructor() {
    super('stopped before the batch was sent');
    this.name = 'StoppedBeforeSending';
  }
}

export interface BulkCallerOptions {
  baseUrl: string;
  apiKey: string;
  /** One request's time limit (a 1,000-address bulk with cold DNS takes seconds). */
  timeoutMs?: number;
  /** Tries for 503 and lost connections; 429 is retried for as long as it takes. */
  maxTries?: number;
  /** Told of every wait (for the progress line). */
  onWait?: (why: string, ms: number) => void;
}

export type BulkCaller = (emails: readonly string[], stopping: AbortSignal) => Promise<BulkEntry[]>;

const RETRY_AFTER_DEFAULT_S = 1;
/** Errors that mean nothing listens at the URL (or the name is wrong), not a lost connection. */
const NOTHING_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_NONAME']);
const MAX_WAIT_S = 300;

export function createBulkCaller(o: BulkCallerOptions): BulkCaller {
  // Relative to the base, so a base behind a path prefix (https://host/mailsift/) keeps it.
  const url = new URL('v1/check/bulk', o.baseUrl.endsWith('/') ? o.baseUrl : `${o.baseUrl}/`).toString();
  const timeoutMs = o.timeoutMs ?? 120_000;
  const maxTries = o.maxTries ?? 8;
  let answered = false;
  return async (emails, stopping) => {
    const body = JSON.stringify({ emails });
    for (let attempt = 1; ; attempt++) {
      if (stopping.aborted) throw new StoppedBeforeSending();
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${o.apiKey}`, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        if (describe(err) === 'bad port') {
          throw new BulkRequestError(`${url}: bad port: fetch never connects to this port (the Fetch standard blocks it); run the service on another PORT and set MAILSIFT_URL to it`);
        }
        if (!answered && NOTHING_THERE.has(causeCode(err))) {
          throw new BulkRequestError(`${url}: ${describe(err)}: nothing answers there (is the service running, and is MAILSIFT_URL right?)`);
        }
        if (attempt >= maxTries) throw new BulkRequestError(`${url}: ${describe(err)} (after ${attempt} tries)`);
        await wait(Math.min(30_000, 500 * 2 ** attempt), `${describe(err)}`, stopping, o.onWait);
        continue;
      }
      answered = true;
      if (res.ok) {
        const parsed = (await res.json()) as { results?: unknown };
        if (!Array.isArray(parsed.results) || parsed.results.length !== emails.length) {
          throw new BulkRequestError(`${url}: the answer does not have one result per address sent`);
        }
        return parsed.results as BulkEntry[];
      }
      const message = await errorMessage(res);
      if (res.status === 429 || (res.status === 503 && attempt < maxTries)) {
        await wait(retryAfterMs(res.headers.get('retry-after')), `${res.status} ${message}`, stopping, o.onWait);
        if (res.status === 429) attempt = 0; // a rate limit never uses up the tries
        continue;
      }
      throw new BulkRequestError(`the service answered ${res.status}: ${message}`, res.status);
    }
  };
}

/** `Retry-After` in seconds or as an HTTP date; absent or unreadable: 1 s. Capped at 5 minutes. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header !== null) {
    const s = Number(header.trim());
    if (Number.isFinite(s) && s >= 0) return Math.min(s, MAX_WAIT_S) * 1000;
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.min(Math.max(0, at - now), MAX_WAIT_S * 1000);
  }
  return RETRY_AFTER_DEFAULT_S * 1000;
}

async function errorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not our error body (a proxy's page): show its start
  }
  return text.slice(0, 200) || res.statusText;
}

function causeCode(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : '';
}

function describe(err: unknown): string {
  if (err instanceof Error && err.name === 'TimeoutError') return 'no answer in time';
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : undefined;
  return cause ?? (err instanceof Error ? err.message : String(err));
}

function wait(ms: number, why: string, stopping: AbortSignal, onWait?: (why: string, ms: number) => void): Promise<void> {
  onWait?.(why, ms);
  return new Promise((resolve, reject) => {
    if (stopping.aborted) return reject(new StoppedBeforeSending());
    const timer = setTimeout(() => {
      stopping.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new StoppedBeforeSending());
    };
    stopping.addEventListener('abort', onAbort, { once: true });
  });
}
