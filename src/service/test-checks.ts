/**
 * Test-key checks are recorded nowhere durable (not billed, counted or learned from), so
 * feedback by email with a test key finds them here: the latest test check of each inbox per
 * account, in memory, on the instance that answered it, for the feedback window. Bounded per
 * account (the oldest entries go first past MAX_TEST_CHECKS), so one account's test traffic never
 * pushes out another's. Keyed by the inbox's keyed hash, never the address.
 */
import { CHECK_ID_VALIDITY_MS } from '../domain/check-id.ts';

const MAX_TEST_CHECKS = 10_000;

export interface TestChecks {
  add(account: string, inboxHash: Buffer, uuid: Buffer, time: number): void;
  /** The latest test check of the inbox by the account within the feedback window. */
  latest(account: string, inboxHash: Buffer, now: number): { uuid: Buffer; time: number } | undefined;
}

export function createTestChecks(maxPerAccount = MAX_TEST_CHECKS): TestChecks {
  const byAccount = new Map<string, Map<string, { uuid: Buffer; time: number }>>();
  return {
    add(account, inboxHash, uuid, time) {
      let byInbox = byAccount.get(account);
      if (!byInbox) byAccount.set(account, (byInbox = new Map()));
      const k = inboxHash.toString('latin1');
      byInbox.delete(k); // re-inserted last: Map order is the eviction order
      byInbox.set(k, { uuid, time });
      if (byInbox.size > maxPerAccount) byInbox.delete(byInbox.keys().next().value!);
    },
    latest(account, inboxHash, now) {
      const hit = byAccount.get(account)?.get(inboxHash.toString('latin1'));
      return hit && now - hit.time <= CHECK_ID_VALIDITY_MS ? hit : undefined;
    },
  };
}
