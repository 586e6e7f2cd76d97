/**
 * Token bucket (pure): `rate` tokens per second refill a bucket of `burst`; a request takes
 * `cost` tokens (1 by default; a bulk check its number of addresses). When too few are left,
 * the caller learns how long until `cost` tokens are back (Retry-After); a refused request
 * takes nothing. Work whose size is known only once it is done is charged afterwards (`spend`) and may
 * leave the bucket below zero: the next requests wait until it has refilled past it.
 */
export interface Bucket {
  readonly tokens: number;
  readonly updatedAt: number;
}

export interface Limit {
  /** Tokens per second. */
  readonly rate: number;
  /** Bucket capacity. */
  readonly burst: number;
}

export type Take = { allowed: true; bucket: Bucket } | { allowed: false; bucket: Bucket; retryAfterMs: number };

/** The bucket as of `now` (refilled, never above the burst); a new one starts full. */
export function levelAt(b: Bucket | undefined, now: number, rate: number, burst: number): Bucket {
  if (!b) return { tokens: burst, updatedAt: now };
  const elapsed = Math.max(0, now - b.updatedAt);
  return { tokens: Math.min(burst, b.tokens + (elapsed * rate) / 1000), updatedAt: Math.max(now, b.updatedAt) };
}

export function takeToken(b: Bucket | undefined, now: number, rate: number, burst: number, cost = 1): Take {
  const bucket = levelAt(b, now, rate, burst);
  if (bucket.tokens >= cost) return { allowed: true, bucket: { tokens: bucket.tokens - cost, updatedAt: bucket.updatedAt } };
  return { allowed: false, bucket, retryAfterMs: Math.ceil(((cost - bucket.tokens) * 1000) / rate) };
}

/** Takes `cost` tokens whatever is left (work already done), going below zero if need be. */
export function spend(b: Bucket | undefined, now: number, rate: number, burst: number, cost: number): Bucket {
  const bucket = levelAt(b, now, rate, burst);
  return { tokens: bucket.tokens - cost, updatedAt: bucket.updatedAt };
}

/** Seconds until the bucket is full again (0 when it is). */
export function secondsToFull(b: Bucket, rate: number, burst: number): number {
  return Math.max(0, Math.ceil((burst - b.tokens) / rate));
}
