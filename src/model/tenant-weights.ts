/**
 * Fair shares between tenants (pure). Whatever every customer is served (the shared model's
 * fit, the outcomes its health is judged on, a domain's fake rate) weighs each account's
 * outcomes so that no account's share of the total weight exceeds a cap: one customer, even
 * one that floods, moves a shared figure by at most its share.
 *
 * The cap is MAX_ACCOUNT_SHARE once there are at least 1/MAX_ACCOUNT_SHARE accounts. With fewer,
 * shares cannot all stay under it (they sum to 1): the cap is then an equal share, 1/accounts
 * (one account alone is the whole, two weigh at most half each, three a third). Weights only
 * ever go down: an account under the cap counts fully, and no account's outcomes are ever
 * weighted up to reach a share (ten outcomes made to weigh like a thousand would count for far
 * more than they show).
 */

/** Default cap on one account's share of any shared figure. */
export const MAX_ACCOUNT_SHARE = 0.25;

/** The cap that applies among `accounts` accounts. */
export function capFor(accounts: number, cap = MAX_ACCOUNT_SHARE): number {
  return accounts <= 1 ? 1 : Math.max(cap, 1 / accounts);
}

/**
 * The multiplier, in (0, 1], of each of an account's outcomes, so that no account's share of
 * the summed weight exceeds capFor(number of accounts). Water-filling: the largest accounts are
 * brought down to the cap one at a time, the total they are a share of recomputed each time.
 * Accounts with no outcomes are left out.
 */
export function accountWeights(counts: ReadonlyMap<string, number>, cap = MAX_ACCOUNT_SHARE): Map<string, number> {
  const active = [...counts].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const c = capFor(active.length, cap);
  let uncapped = active.reduce((s, [, n]) => s + n, 0);
  let capped = 0;
  // With `capped` accounts at c each, the others' weight is (1 - capped*c) of the total.
  const total = (): number => uncapped / (1 - capped * c);
  for (const [, n] of active) {
    if (capped * c >= 1 || n <= c * total() * (1 + 1e-12)) break;
    capped++;
    uncapped -= n;
  }
  const share = capped > 0 ? c * total() : 0;
  return new Map(active.map(([account, n], i) => [account, i < capped ? share / n : 1]));
}

/** Each account's share of the summed weight once weighted (what the cap bounds). */
export function weightedShares(counts: ReadonlyMap<string, number>, cap = MAX_ACCOUNT_SHARE): Map<string, number> {
  const w = accountWeights(counts, cap);
  const sum = [...w].reduce((s, [a, m]) => s + m * counts.get(a)!, 0);
  return new Map([...w].map(([a, m]) => [a, sum > 0 ? (m * counts.get(a)!) / sum : 0]));
}
