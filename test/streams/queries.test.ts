/**
 * usage(): committed counts plus this instance's own events the counts do not include, decided
 * by the position each usage value carries, never by a separately stored offset (in Kafka mode
 * a replica may hold the count before the offsets that go with it).
 */
import { describe, expect, it } from 'vitest';
import { accountPartition } from '../../src/bus/account-partition.ts';
import { TOPICS } from '../../src/bus/topics.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import { DAY } from '../../src/domain/time.ts';
import { encode, ModelStatsType } from '../../src/streams/aggregations/store-values.ts';
import { dayOf, encodeUsage, USAGE_DAILY, usageKey } from '../../src/streams/aggregations/usage-daily.ts';
import { OwnEvents } from '../../src/streams/own-events.ts';
import { createQueries } from '../../src/streams/queries.ts';
import { offsetKey } from '../../src/streams/stores/key-layout.ts';
import { OFFSETS_STORE } from '../../src/streams/stores/offsets.ts';
import type { StateReader } from '../../src/streams/stores/state-reader.ts';
import { mapKey } from '../../src/streams/stores/tx.ts';

const NOW = 1_800_000_000_000;
const DAY0 = dayOf(NOW);
/** The account's partition of the check topic (usage() reads that partition's positions). */
const PARTITION = accountPartition('acme');

function stateWith(values: Map<string, Buffer>): StateReader {
  return {
    fetch: async (reads) => new Map([...reads.entries.keys()].map((mk) => [mk, values.get(mk)])),
    scan: async () => [],
  };
}

function offsetValue(next: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(next));
  return b;
}

function ownCheck(own: OwnEvents, offset: number, time = NOW): void {
  const event = { account: 'acme', time, inbox_hash: Buffer.alloc(16, offset), spelling_hash: Buffer.alloc(16), ip_hash: null, domain: 'gmail.com' } as unknown as CheckScored;
  own.addCheck({ event, partition: PARTITION, offset });
}

describe('usage: committed counts plus own events not yet included', () => {
  it('does not count twice events the value already includes, even when the stored offset lags behind it', async () => {
    const own = new OwnEvents(0);
    for (const o of [10, 11, 12]) ownCheck(own, o);
    // The value counts 13 events through offset 12; the offsets store still says 10 (not replicated yet).
    const values = new Map([
      [mapKey(USAGE_DAILY, usageKey('acme', DAY0)), encodeUsage({ count: 13, through: 13 })],
      [mapKey(OFFSETS_STORE, offsetKey(TOPICS.checks.name, PARTITION)), offsetValue(10)],
    ]);
    const usage = await createQueries(stateWith(values), own).usage('acme', [DAY0], NOW);
    expect(usage.get(DAY0)).toBe(13);
  });

  it('adds own events past the value position, per day', async () => {
    const own = new OwnEvents(0);
    ownCheck(own, 20, NOW - DAY); // yesterday: included
    ownCheck(own, 21); // today: included
    ownCheck(own, 22); // today: pending
    ownCheck(own, 23); // today: pending
    const values = new Map([
      [mapKey(USAGE_DAILY, usageKey('acme', DAY0 - 1)), encodeUsage({ count: 5, through: 21 })],
      [mapKey(USAGE_DAILY, usageKey('acme', DAY0)), encodeUsage({ count: 2, through: 22 })],
    ]);
    const usage = await createQueries(stateWith(values), own).usage('acme', [DAY0 - 1, DAY0], NOW);
    expect(usage.get(DAY0 - 1)).toBe(5);
    expect(usage.get(DAY0)).toBe(4);
  });

  it('a day with no stored count takes every own event of that day', async () => {
    const own = new OwnEvents(0);
    ownCheck(own, 3);
    ownCheck(own, 4);
    const values = new Map([[mapKey(OFFSETS_STORE, offsetKey(TOPICS.checks.name, PARTITION)), offsetValue(100)]]);
    expect((await createQueries(stateWith(values), own).usage('acme', [DAY0], NOW)).get(DAY0)).toBe(2);
  });

  it('values written before they carried a position fall back to the stored offset', async () => {
    const own = new OwnEvents(0);
    for (const o of [7, 8]) ownCheck(own, o);
    const legacy = Buffer.alloc(8);
    legacy.writeBigUInt64BE(7n);
    const values = new Map([
      [mapKey(USAGE_DAILY, usageKey('acme', DAY0)), legacy],
      [mapKey(OFFSETS_STORE, offsetKey(TOPICS.checks.name, PARTITION)), offsetValue(8)],
    ]);
    expect((await createQueries(stateWith(values), own).usage('acme', [DAY0], NOW)).get(DAY0)).toBe(8);
  });

  // Regression (a CI flake: usage 41 instead of 42 right after a check): the stream runtime
  // committed the check, and the API pruned it from its own events, while a usage read that had
  // already read the older state was still in flight. Neither side counted it.
  it('counts an own event that the state commits (and prunes from own events) while the read is in flight', async () => {
    const own = new OwnEvents(0);
    ownCheck(own, 41);
    const before = new Map([[mapKey(USAGE_DAILY, usageKey('acme', DAY0)), encodeUsage({ count: 41, through: 41 })]]);
    const state: StateReader = {
      fetch: async (reads) => {
        const read = new Map([...reads.entries.keys()].map((mk) => [mk, before.get(mk)])); // what the read saw
        own.prune([0, 0, 42], [], NOW + 5); // meanwhile: offset 41 committed, its own event dropped
        await new Promise((r) => setTimeout(r, 1));
        return read;
      },
      scan: async () => [],
    };
    expect((await createQueries(state, own).usage('acme', [DAY0], NOW)).get(DAY0)).toBe(42);
  });
});

describe('latestInboxCheck: the state plus own checks not yet included', () => {
  it('finds an own check that the state commits (and prunes from own events) while the read is in flight', async () => {
    const own = new OwnEvents(0);
    const uuid = Buffer.alloc(16, 7);
    const event = { account: 'acme', time: NOW, check_uuid: uuid, inbox_hash: Buffer.alloc(16, 1), spelling_hash: Buffer.alloc(16), ip_hash: null, domain: 'gmail.com' } as unknown as CheckScored;
    own.addCheck({ event, partition: PARTITION, offset: 5 });
    const state: StateReader = {
      fetch: async (reads) => {
        const read = new Map([...reads.entries.keys()].map((mk) => [mk, undefined])); // the older state: no check yet
        own.prune([0, 0, 6], [], NOW + 5);
        await new Promise((r) => setTimeout(r, 1));
        return read;
      },
      scan: async () => [],
    };
    const latest = await createQueries(state, own).latestInboxCheck('acme', Buffer.alloc(16, 1), NOW + 10);
    expect(latest?.uuid.equals(uuid)).toBe(true);
  });
});

describe('modelStats(): every account that reported, decoded once per change', () => {
  const stats = (humans: number) => encode(ModelStatsType, { baseline: { n: humans, correct: humans, sumLogLoss: 0.1 * humans, recent: [] }, learned: { n: 0, correct: 0, sumLogLoss: 0, recent: [] }, personal: { n: 0, correct: 0, sumLogLoss: 0, recent: [] }, humans, fakes: 0 });
  function stateOf(rows: Map<string, Buffer>): StateReader {
    return {
      fetch: async () => new Map(),
      scan: async () => [...rows].map(([account, value]) => ({ key: Buffer.from(account), value: Buffer.from(value), seg: 0 })),
    };
  }

  it('hands back the same tallies object while an account\'s stored value is unchanged, a new one when it changed', async () => {
    const rows = new Map([
      ['acme', stats(3)],
      ['globex', stats(5)],
    ]);
    const q = createQueries(stateOf(rows), new OwnEvents());
    const first = new Map((await q.modelStats(NOW)).map((r) => [r.account, r.stats]));
    rows.set('globex', stats(6));
    rows.set('initech', stats(1));
    const second = new Map((await q.modelStats(NOW)).map((r) => [r.account, r.stats]));
    expect(second.get('acme')).toBe(first.get('acme'));
    expect(second.get('globex')).not.toBe(first.get('globex'));
    expect(second.get('globex')?.humans).toBe(6);
    expect(second.get('initech')?.humans).toBe(1);
    rows.delete('acme');
    expect((await q.modelStats(NOW)).map((r) => r.account)).toEqual(['globex', 'initech']);
  });
});
