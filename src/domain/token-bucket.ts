/**
 * Token bucket (pure): `rate` tokens per second refill a bucket of `burst`; a request takes one.
 * When empty, the caller learns how long until one token is back (Retry-After).
 */
export interface Bucket {
  readonly tokens: number;
  readonly updatedAt: number;
}

export type Take = { allowed: true; bucket: Bucket } | { allowed: false; bucket: Bucket; retryAfterMs: number };

export function takeToken(b: Bucket | undefined, now: number, rate: number, burst: number): Take {
  const elapsed = b ? Math.max(0, now - b.updatedAt) : 0;
  const tokens = Math.min(burst, (b ? b.tokens : burst) + (elapsed * rate) / 1000);
  if (tokens >= 1) return { allowed: true, bucket: { tokens: tokens - 1, updatedAt: now } };
  return { allowed: false, bucket: { tokens, updatedAt: now }, retryAfterMs: Math.ceil(((1 - tokens) * 1000) / rate) };
}
