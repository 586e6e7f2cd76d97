/**
 * Remembers the webhook ids a sign-up hook accepted, so a captured request sent again within the
 * signature's validity (5 minutes of clock skew either way) is refused. Supabase gives every
 * attempt, retries included, a new id. Bounded per account (the oldest ids go first), so one
 * account sending many verified requests (it holds its own secret) never pushes out another's;
 * an id is forgotten once its timestamp is too old to verify anyway. Time comes in (pure).
 */

export const TOLERANCE_S = 5 * 60;

export class ReplayGuard {
  private readonly seen = new Map<string, Map<string, number>>(); // account -> id -> expiry (ms)

  constructor(private readonly maxIdsPerAccount = 100_000) {}

  /** True the first time; false for an id already accepted for this account. */
  accept(account: string, webhookId: string, timestampS: number, nowMs: number): boolean {
    let ids = this.seen.get(account);
    if (ids) expire(ids, nowMs);
    else this.seen.set(account, (ids = new Map()));
    if (ids.has(webhookId)) return false;
    ids.set(webhookId, Math.max(nowMs, timestampS * 1000) + TOLERANCE_S * 1000);
    if (ids.size > this.maxIdsPerAccount) ids.delete(ids.keys().next().value!);
    return true;
  }
}

function expire(ids: Map<string, number>, nowMs: number): void {
  // Insertion order is close to expiry order: stop at the first that is still valid.
  for (const [id, until] of ids) {
    if (until > nowMs) break;
    ids.delete(id);
  }
}
