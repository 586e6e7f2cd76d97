/**
 * Test-key checks are recorded nowhere durable (not billed, counted or learned from), so
 * feedback by email with a test key finds them here: the latest test check of each inbox per
 * account, in memory, on the instance that answered it, for the feedback window. Bounded: the
 * oldest entries go first past MAX_TEST_CHECKS. Keyed by the inbox's keyed hash, never the address.
 */
import { CHECK_ID_VALIDITY_MS } from '../domain/check-id.ts';

const MAX_TEST_CHECKS = 10_000;

export interface TestChecks {
  add(account: string, inboxHash: Buffer, uuid: Buffer, time: number): void;
  /** The latest test check of the inbox by the account within the feedback window. */
  latest(account: string, inboxHash: Buffer, now: number): { uuid: Buffer; time: number } | undefined;
}

export function createTestChecks(max = MAX_TEST_CHECKS): TestChecks {
  const byInbox = new Map<string, { uuid: Buffer; time: number }>();
  const keyOf = (account: string, inboxHash: Buffer): string => `${account}\0${inboxHash.toString('latin1')}`;
  return {
    add(account, inboxHash, uuid, time) {
      const k = keyOf(account, inboxHash);
      byInbox.delete(k); // re-inserted last: Map order is the eviction order
      byInbox.set(k, { uuid, time });
      if (byInbox.size > max) byInbox.delete(byInbox.keys().next().value!);
    },
    latest(account, inboxHash, now) {
      const hit = byInbox.get(keyOf(account, inboxHash));
      return hit && now - hit.time <= CHECK_ID_VALIDITY_MS ? hit : undefined;
    },
  };
}
