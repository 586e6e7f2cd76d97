/**
 * Remembers the webhook ids a sign-up hook accepted, so a captured request sent again within the
 * signature's validity (5 minutes of clock skew either way) is refused. Supabase gives every
 * attempt, retries included, a new id. Per account, bounded: the oldest ids go first, and an id is
 * forgotten once its timestamp is too old to verify anyway. Time comes in (pure).
 */

export const TOLERANCE_S = 5 * 60;

export class ReplayGuard {
  private readonly seen = new Map<string, number>(); // account + id -> expiry (ms)

  constructor(private readonly maxIds = 100_000) {}

  /** True the first time; false for an id already accepted for this account. */
  accept(account: string, webhookId: string, timestampS: number, nowMs: number): boolean {
    this.expire(nowMs);
    const key = `${account}\u0000${webhookId}`;
    if (this.seen.has(key)) return false;
    this.seen.set(key, Math.max(nowMs, timestampS * 1000) + TOLERANCE_S * 1000);
    if (this.seen.size > this.maxIds) this.seen.delete(this.seen.keys().next().value!);
    return true;
  }

  private expire(nowMs: number): void {
    // Insertion order is close to expiry order: stop at the first that is still valid.
    for (const [key, until] of this.seen) {
      if (until > nowMs) break;
      this.seen.delete(key);
    }
  }
}
