/**
 * Check and feedback events are keyed by account (topics.ts), so all of an account's events sit
 * in one partition of each topic, the same one in both (they have as many partitions).
 * Read-your-writes depends on it: which of an instance's own events the state already holds is
 * told by the committed offset of that one partition. This is the only place the rule is written.
 */
import { partitionFor } from './partitioner.ts';
import { TOPICS } from './topics.ts';

/** The record key of an account's check and feedback events. */
export const accountKey = (account: string): Buffer => Buffer.from(account);

/** The partition of checks.scored.v1 and of feedback.received.v1 that holds the account's events. */
export const accountPartition = (account: string): number => partitionFor(accountKey(account), TOPICS.checks.partitions);
