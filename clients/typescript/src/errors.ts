/** What a failed call throws: the service's `{error}` message and status, or why no answer came. */
export type FailureKind = 'http' | 'timeout' | 'network';

export class MailsiftError extends Error {
  /** HTTP status, when the service answered. */
  readonly status: number | undefined;
  readonly kind: FailureKind;
  /** From `Retry-After` on 429/503 (milliseconds). */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, o: { kind: FailureKind; status?: number; retryAfterMs?: number; cause?: unknown }) {
    super(message, o.cause === undefined ? undefined : { cause: o.cause });
    this.name = 'MailsiftError';
    this.kind = o.kind;
    this.status = o.status;
    this.retryAfterMs = o.retryAfterMs;
  }

  /** The service said "not now" (429, 503): the same call may succeed later. */
  get retryable(): boolean {
    return this.status === 429 || this.status === 503;
  }
}
