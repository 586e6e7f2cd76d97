import { describe, expect, it } from 'vitest';
import { partitionFor } from '../../src/bus/partitioner.ts';
import { TOPICS } from '../../src/bus/topics.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import { createHistoryReader } from '../../src/streams/history.ts';
import { OwnEvents } from '../../src/streams/own-events.ts';
import { HotWindows } from '../../src/streams/hot-windows.ts';
import type { StateReader } from '../../src/streams/stores/state-reader.ts';
import type { HistoryKeys } from '../../src/service/ports.ts';
import { coalescingReader, type BatchStateReader } from '../../src/streams/coalescing-reader.ts';
import { commitCachedReader } from '../../src/streams/commit-cached-reader.ts';
import { aCheck, embeddedBusFactory, hash, openPipeline, removeDir } from '../helpers/pipeline.ts';
import { historySuite } from './history.suite.ts';

historySuite('the embedded log', embeddedBusFactory);

/** Short windows in memory that include the checks topic up to `applied` (every partition). */
function hotWindows(applied = 0): { windows: HotWindows; applied(): readonly number[]; reach(offset: number, ...events: CheckScored[]): void } {
  const windows = new HotWindows();
  let at = Array(TOPICS.checks.partitions).fill(applied) as number[];
  return {
    windows,
    applied: () => at,
    reach(offset, ...events) {
      for (const e of events) windows.add(e);
      at = Array(TOPICS.checks.partitions).fill(offset) as number[];
    },
  };
}

// Regression (same race as queries.test.ts): the state and the hot windows include an own
// check, and it is pruned from own events, while a history read that saw the older state is
// still in flight.
describe('history read racing a state commit', () => {
  it('reads the hot windows after the state: what the feed counted meanwhile is in, the own check it took is not pending', async () => {
    const own = new OwnEvents(0);
    const now = 1_800_000_000_000;
    const inbox = Buffer.alloc(16, 1);
    const event = { account: 'acme', time: now - 1_000, check_uuid: Buffer.alloc(16, 9), inbox_hash: inbox, spelling_hash: Buffer.alloc(16, 2), ip_hash: Buffer.alloc(16, 7), domain: 'gmail.com', account_type: 'free', local_shape: 'name' } as unknown as CheckScored;
    const other = { ...event, check_uuid: Buffer.alloc(16, 8), inbox_hash: Buffer.alloc(16, 4) } as CheckScored; // another instance's check, at offset 4
    own.addCheck({ event, partition: partitionFor(Buffer.from('acme'), TOPICS.checks.partitions), offset: 5 });
    const hot = hotWindows(4);
    const state: StateReader = {
      fetch: async (reads) => {
        const read = new Map([...reads.entries.keys()].map((mk) => [mk, undefined])); // the older state: nothing yet
        hot.reach(6, other, event); // meanwhile the feed counts both, the state commits the own check, and it is pruned
        own.prune(Array(TOPICS.checks.partitions).fill(6), [], now);
        await new Promise((r) => setTimeout(r, 1));
        return read;
      },
      scan: async () => [],
    };
    const h = await createHistoryReader(state, own, { domainFromChecks: true, hot }).history({ account: 'acme', domain: 'gmail.com', inboxHash: Buffer.alloc(16, 3), spellingHash: Buffer.alloc(16, 3), ipHash: Buffer.alloc(16, 7), localShape: 'name', accountType: 'free', time: now });
    expect(h.recentSignups).toBe(3); // three inboxes: the other instance's, the own check's and this one
    expect(h.signupsFromIp).toBe(3);
    const again = await createHistoryReader(state, own, { domainFromChecks: true, hot }).history({ account: 'acme', domain: 'gmail.com', inboxHash: inbox, spellingHash: Buffer.alloc(16, 3), ipHash: null, localShape: 'name', accountType: 'free', time: now });
    expect(again.recentSignups).toBe(2);
  });

  it('counts the own check the stores did not include (its alias) and the hot windows have not reached yet', async () => {
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
    const reader = createHistoryReader(state, own, { domainFromChecks: true, hot: hotWindows(0) });
    const h = await reader.history({ account: 'acme', domain: 'gmail.com', inboxHash: inbox, spellingHash: Buffer.alloc(16, 3), ipHash: null, localShape: 'name', accountType: 'free', time: now });
    expect(h.aliasVariants).toBe(2);
    expect(h.recentSignups).toBe(1); // one inbox: the own check and this one
    own.addCheck({ event, partition: partitionFor(Buffer.from('acme'), TOPICS.checks.partitions), offset: 5 });
    const another = await reader.history({ account: 'acme', domain: 'gmail.com', inboxHash: Buffer.alloc(16, 3), spellingHash: Buffer.alloc(16, 3), ipHash: null, localShape: 'name', accountType: 'free', time: now });
    expect(another.recentSignups).toBe(2); // the own check, which the hot windows have not reached, and this one
  });
});

// Kafka mode (a replica of changelogs applied topic by topic): the streams' positions can pass
// an own check whose alias and IP records the replica has not applied yet. Seen in the Kafka
// contract suite: the last of 30 parallel spellings saw 28.
describe('a replica whose positions run ahead of its stores', () => {
  it('still counts own checks of the horizon at the inbox (and at the IP those the hot windows have not reached)', async () => {
    const own = new OwnEvents(2_000);
    const now = 1_800_000_000_000;
    const inbox = Buffer.alloc(16, 1);
    const ip = Buffer.alloc(16, 7);
    const event = { account: 'acme', time: now - 500, check_uuid: Buffer.alloc(16, 9), inbox_hash: inbox, spelling_hash: Buffer.alloc(16, 2), ip_hash: ip, domain: 'gmail.com', account_type: 'free', local_shape: 'name' } as unknown as CheckScored;
    own.addCheck({ event, partition: partitionFor(Buffer.from('acme'), TOPICS.checks.partitions), offset: 5 });
    const state: StateReader = { fetch: async (reads) => new Map([...reads.entries.keys()].map((mk) => [mk, undefined])), scan: async () => [] };
    const ahead = () => Array(TOPICS.checks.partitions).fill(6) as number[]; // offset 5 "applied", its records not
    const keys = { account: 'acme', domain: 'gmail.com', inboxHash: inbox, spellingHash: Buffer.alloc(16, 3), ipHash: ip, localShape: 'name', accountType: 'free', time: now } as const;
    const hot = hotWindows(0); // the checks feed has not reached the own check
    const kafka = await createHistoryReader(state, own, { domainFromChecks: false, domainHorizonMs: 2_000, committed: ahead, hot }).history(keys);
    expect(kafka.aliasVariants).toBe(2);
    expect(kafka.signupsFromIp).toBe(1); // one inbox: the own check's and this one's
    // Past the horizon the stores are trusted with it.
    const later = await createHistoryReader(state, own, { domainFromChecks: false, domainHorizonMs: 2_000, committed: ahead, hot }).history({ ...keys, time: now + 5_000 });
    expect(later.aliasVariants).toBe(1);
    // Embedded mode: positions and stores commit together, so the offset alone decides.
    const embedded = await createHistoryReader(state, own, { domainFromChecks: true, committed: ahead, hot }).history(keys);
    expect(embedded.aliasVariants).toBe(1);
  });
});

// Issue 19 item 3: the inbox record of an inbox never seen is not read (the key filters rule it
// out), so a check whose other reads the commit cache answers makes no trip to the database.
describe('history behind key filters (Given a pipeline whose state holds some inboxes)', () => {
  it('When an inbox never seen is checked, Then no database trip; When a seen one is, Then its record is read', async () => {
    const p = await openPipeline();
    try {
      const seen = aCheck({ account: 'acme', domain: 'quiet.example', inbox_hash: hash('seen'), spelling_hash: hash('seen-a'), time: Date.now() - 60_000 });
      await p.sendCheck(seen);
      expect(await p.runtime.caughtUp()).toBe(true);
      await p.filters.settled(); // the first filter is built in the background
      let trips = 0;
      const counted: BatchStateReader = {
        fetch: (reads, now) => p.state.fetch(reads, now),
        fetchMany: (requests) => {
          trips++;
          return p.state.fetchMany(requests);
        },
        scan: (store, now) => p.state.scan(store, now),
      };
      // As the API reads: the commit cache over the coalesced reads.
      const reader = commitCachedReader(coalescingReader(counted), (l) => p.runtime.onCommit(l));
      const h = createHistoryReader(reader, new OwnEvents(), p.reading);
      const at = (inbox: string, spelling: string): HistoryKeys => ({ account: 'acme', domain: 'quiet.example', inboxHash: hash(inbox), spellingHash: hash(spelling), ipHash: null, localShape: 'name', accountType: 'free', time: Date.now() });
      await h.history(at('first-new', 'x'));
      expect(trips).toBe(1); // the domain's volume (no outcomes reported there: filtered), then held until the next commit
      for (let i = 0; i < 20; i++) expect((await h.history(at(`new-${i}`, 'x'))).aliasVariants).toBe(1);
      expect(trips).toBe(1);
      expect((await h.history(at('seen', 'seen-b'))).aliasVariants).toBe(2);
      expect(trips).toBe(2);
      reader.stop();
    } finally {
      await p.close();
      removeDir(p.dir);
    }
  });
});
