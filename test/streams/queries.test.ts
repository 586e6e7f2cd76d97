/**
 * usage(): committed counts plus this instance's own events the counts do not include, decided
 * by the position each usage value carries, never by a separately stored offset (in Kafka mode
 * a replica may hold the count before the offsets that go with it).
 */
import { describe, expect, it } from 'vitest';
import { TOPICS } from '../../src/bus/topics.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import { DAY } from '../../src/domain/time.ts';
import { dayOf, encodeUsage, USAGE_DAILY, usageKey } from '../../src/streams/aggregations/usage-daily.ts';
import { OwnEvents } from '../../src/streams/own-events.ts';
import { createQueries } from '../../src/streams/queries.ts';
import { OFFSETS_STORE, offsetKey } from '../../src/streams/stores/offsets.ts';
import type { StateReader } from '../../src/streams/stores/state-reader.ts';
import { mapKey } from '../../src/streams/stores/tx.ts';

const NOW = 1_800_000_000_000;
const DAY0 = dayOf(NOW);
const PARTITION = 2;

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
    const usage = await createQueries(stateWith(values), own).usage('acme', [DAY0], PARTITION, NOW);
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
    const usage = await createQueries(stateWith(values), own).usage('acme', [DAY0 - 1, DAY0], PARTITION, NOW);
    expect(usage.get(DAY0 - 1)).toBe(5);
    expect(usage.get(DAY0)).toBe(4);
  });

  it('a day with no stored count takes every own event of that day', async () => {
    const own = new OwnEvents(0);
    ownCheck(own, 3);
    ownCheck(own, 4);
    const values = new Map([[mapKey(OFFSETS_STORE, offsetKey(TOPICS.checks.name, PARTITION)), offsetValue(100)]]);
    expect((await createQueries(stateWith(values), own).usage('acme', [DAY0], PARTITION, NOW)).get(DAY0)).toBe(2);
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
    expect((await createQueries(stateWith(values), own).usage('acme', [DAY0], PARTITION, NOW)).get(DAY0)).toBe(8);
  });
});
