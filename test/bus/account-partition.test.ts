import { describe, expect, it } from 'vitest';
import { accountKey, accountPartition } from '../../src/bus/account-partition.ts';
import { partitionFor } from '../../src/bus/partitioner.ts';
import { TOPICS } from '../../src/bus/topics.ts';

describe('accountPartition: where an account\'s check and feedback events are', () => {
  it('check and feedback topics have as many partitions (one partition per account in both)', () => {
    expect(TOPICS.feedback.partitions).toBe(TOPICS.checks.partitions);
    expect(TOPICS.checks.keyedBy).toBe('account');
    expect(TOPICS.feedback.keyedBy).toBe('account');
  });

  it.each(['acme', 'globex', 'initech', 'a', 'x'.repeat(200)])('%s: the partition the bus gives its key (Kafka\'s default partitioner)', (account) => {
    expect(accountKey(account)).toEqual(Buffer.from(account, 'utf8'));
    expect(accountPartition(account)).toBe(partitionFor(accountKey(account), TOPICS.checks.partitions));
    expect(accountPartition(account)).toBe(partitionFor(accountKey(account), TOPICS.feedback.partitions));
  });

  it('spreads accounts over every partition', () => {
    const seen = new Set(Array.from({ length: 200 }, (_, i) => accountPartition(`account-${i}`)));
    expect(seen.size).toBe(TOPICS.checks.partitions);
  });
});
