/**
 * The closed list of errors the service raises on purpose, each with its HTTP meaning.
 * Domain code throws ServiceError; only api/errors.ts maps it to a status.
 * The message is the public text (`<field>: <rule>`), so it never carries an address.
 */
export const ERROR_CODES = {
  MS_ERR_VALIDATION: 400,
  MS_ERR_UNAUTHORIZED: 401,
  MS_ERR_FORBIDDEN: 403,
  MS_ERR_NOT_FOUND: 404,
  MS_ERR_BODY_TOO_LARGE: 413,
  MS_ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  MS_ERR_RATE_LIMITED: 429,
  MS_ERR_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Seconds the caller should wait (429, 503). */
  readonly retryAfter: number | undefined;
  /** True when the same call may succeed later without changes. */
  readonly canRetry: boolean;

  constructor(code: ErrorCode, message: string, opts: { retryAfter?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_CODES[code];
    this.retryAfter = opts.retryAfter;
    this.canRetry = code === 'MS_ERR_RATE_LIMITED' || code === 'MS_ERR_UNAVAILABLE';
  }
}

export const validationError = (message: string): ServiceError => new ServiceError('MS_ERR_VALIDATION', message);
export const notFound = (message: string): ServiceError => new ServiceError('MS_ERR_NOT_FOUND', message);
export const unavailable = (message: string, retryAfter = 1, cause?: unknown): ServiceError =>
  new ServiceError('MS_ERR_UNAVAILABLE', message, { retryAfter, cause });
