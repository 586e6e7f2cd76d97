import { describe, expect, it } from 'vitest';
import { partitionFor } from '../../src/bus/partitioner.ts';
import { TOPICS } from '../../src/bus/topics.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import { createHistoryReader } from '../../src/streams/history.ts';
import { OwnEvents } from '../../src/streams/own-events.ts';
import type { StateReader } from '../../src/streams/stores/state-reader.ts';
import { embeddedBusFactory } from '../helpers/pipeline.ts';
import { historySuite } from './history.suite.ts';

historySuite('the embedded log', embeddedBusFactory);

// Regression (same race as queries.test.ts): the state commits an own check, and it is pruned
// from own events, while a history read that saw the older state is still in flight.
describe('history read racing a state commit', () => {
  it('still counts the own check the read did not see', async () => {
    const own = new OwnEvents(0);
    const now = 1_800_000_000_000;
    const inbox = Buffer.alloc(16, 1);
    const event = { account: 'acme', time: now - 1_000, check_uuid: Buffer.alloc(16, 9), inbox_hash: inbox, spelling_hash: Buffer.alloc(16, 2), ip_hash: null, domain: 'gmail.com', account_type: 'free', local_shape: 'name' } as unknown as CheckScored;
    own.addCheck({ event, partition: partitionFor(Buffer.from('acme'), TOPICS.checks.partitions), offset: 5 });
    const state: StateReader = {
      fetch: async (reads) => {
        const read = new Map([...reads.entries.keys()].map((mk) => [mk, undefined])); // the older state: nothing yet
        own.prune(Array(TOPICS.checks.partitions).fill(6), [], now); // meanwhile: committed, pruned
        await new Promise((r) => setTimeout(r, 1));
        return read;
      },
      scan: async () => [],
    };
    const h = await createHistoryReader(state, own).history({ account: 'acme', domain: 'gmail.com', inboxHash: inbox, spellingHash: Buffer.alloc(16, 3), ipHash: null, localShape: 'name', accountType: 'free', time: now });
    expect(h.aliasVariants).toBe(2);
    expect(h.recentSignups).toBe(1); // one inbox: the own check and this one
  });
});
