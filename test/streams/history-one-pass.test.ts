/**
 * The history read passes over a domain's own events once, before the state read, keeping only
 * what may be pending (history.ts). Property: over random own events (several accounts, so
 * several partitions; free and company domains), committed offsets given or read with the
 * state, embedded or Kafka mode, the hot windows moving on and own events pruned while the read
 * is in flight, it answers exactly what the read it replaced (history-reference.ts) answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountPartition } from '../../src/bus/account-partition.ts';
import { TOPICS } from '../../src/bus/topics.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import type { HistoryKeys } from '../../src/service/ports.ts';
import { createHistoryReader } from '../../src/streams/history.ts';
import { HotWindows } from '../../src/streams/hot-windows.ts';
import { OwnEvents } from '../../src/streams/own-events.ts';
import type { StateReader } from '../../src/streams/stores/state-reader.ts';
import { aCheck, hash } from '../helpers/pipeline.ts';
import { createReferenceHistoryReader } from './history-reference.ts';

const ACCOUNTS = ['acme', 'globex', 'initech', 'umbrella', 'hooli'];
const DOMAINS = ['gmail.com', 'acme-corp.io'];
const SHAPES = ['first.last', 'first', 'flast', 'other'];
const PARTITIONS = TOPICS.checks.partitions;
const NOW = 1_800_000_000_000;

const anEvent = fc.record({
  account: fc.integer({ min: 0, max: ACCOUNTS.length - 1 }),
  domain: fc.integer({ min: 0, max: DOMAINS.length - 1 }),
  inbox: fc.integer({ min: 0, max: 40 }),
  spelling: fc.integer({ min: 0, max: 3 }),
  ip: fc.option(fc.integer({ min: 0, max: 3 })),
  work: fc.boolean(),
  shape: fc.integer({ min: 0, max: SHAPES.length - 1 }),
  ago: fc.integer({ min: -500, max: 9_000 }), // a few in the future (a clock ahead), most within the horizon or past it
});
const aQuery = fc.record({
  account: fc.integer({ min: 0, max: ACCOUNTS.length - 1 }),
  domain: fc.integer({ min: 0, max: DOMAINS.length - 1 }),
  inbox: fc.integer({ min: 0, max: 12 }),
  spelling: fc.integer({ min: 0, max: 3 }),
  ip: fc.option(fc.integer({ min: 0, max: 3 })),
  work: fc.boolean(),
  shape: fc.integer({ min: 0, max: SHAPES.length - 1 }),
});
/** A share of a partition's events, often at its ends (nothing, everything). */
const aShare = fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true }));
const shares = fc.array(aShare, { minLength: PARTITIONS, maxLength: PARTITIONS });
const aCase = fc.record({
  events: fc.array(anEvent, { maxLength: 200 }),
  query: aQuery,
  domainFromChecks: fc.boolean(),
  committedGiven: fc.boolean(),
  // Per partition, as a share of the partition's events: what the state includes, what the hot
  // windows include before the read and how much further they are when it returns, and what
  // is pruned from own events meanwhile.
  committed: shares,
  hotBefore: shares,
  hotMore: shares,
  prunedDuringRead: fc.boolean(),
});

type Case = typeof aCase extends fc.Arbitrary<infer T> ? T : never;

/** One world of the case: own events, hot windows and a state that moves on while read. */
function world(c: Case): { own: OwnEvents; hot: { windows: HotWindows; applied(): readonly number[] }; state: StateReader; committed: number[] } {
  const own = new OwnEvents(2_000);
  const next = Array<number>(PARTITIONS).fill(0);
  const positioned = c.events.map((x, i) => {
    const account = ACCOUNTS[x.account]!;
    const partition = accountPartition(account);
    const event = aCheck({
      account,
      domain: DOMAINS[x.domain]!,
      inbox_hash: hash(`inbox-${x.inbox}`),
      spelling_hash: hash(`spelling-${x.inbox}-${x.spelling}`),
      ip_hash: x.ip === null ? null : hash(`ip-${x.ip}`),
      account_type: x.work ? 'work' : 'free',
      local_shape: SHAPES[x.shape]!,
      time: NOW - x.ago,
      check_uuid: hash(`check-${i}`),
    });
    return { event, partition, offset: next[partition]!++ };
  });
  const at = (shares: readonly number[], p: number): number => Math.floor(shares[p]! * next[p]!);
  const committed = next.map((_, p) => at(c.committed, p));
  const hotAt = next.map((_, p) => at(c.hotBefore, p));
  const hotAfter = next.map((n, p) => Math.min(n, hotAt[p]! + Math.floor(c.hotMore[p]! * n)));
  const windows = new HotWindows();
  for (const p of positioned) {
    own.addCheck(p);
    if (p.offset < hotAt[p.partition]!) windows.add(p.event);
  }
  let position = hotAt;
  const hot = { windows, applied: () => position };
  const state: StateReader = {
    fetch: async (reads) => {
      const read = new Map([...reads.entries.keys()].map((mk) => [mk, undefined]));
      // Meanwhile the feed counts more events, and what the state includes may be pruned.
      for (const p of positioned) if (p.offset >= hotAt[p.partition]! && p.offset < hotAfter[p.partition]!) windows.add(p.event);
      position = hotAfter;
      if (c.prunedDuringRead) own.prune(committed, [], NOW);
      await new Promise((r) => setImmediate(r));
      return read;
    },
    scan: async () => [],
  };
  return { own, hot, state, committed };
}

describe('the one-pass history read (Given random own events, offsets and hot-window positions)', () => {
  it('When a check reads its history, Then it answers what the read it replaced answers', async () => {
    await fc.assert(
      fc.asyncProperty(aCase, async (c) => {
        const q = c.query;
        const account = ACCOUNTS[q.account]!;
        const keys: HistoryKeys = {
          account,
          domain: DOMAINS[q.domain]!,
          inboxHash: hash(`inbox-${q.inbox}`),
          spellingHash: hash(`spelling-${q.inbox}-${q.spelling}-q`),
          ipHash: q.ip === null ? null : hash(`ip-${q.ip}`),
          localShape: SHAPES[q.shape]!,
          accountType: q.work ? 'work' : 'free',
          time: NOW,
        };
        const answer = async (make: typeof createHistoryReader): Promise<unknown> => {
          const w = world(c);
          const opts = { domainFromChecks: c.domainFromChecks, domainHorizonMs: 2_000, hot: w.hot, ...(c.committedGiven ? { committed: () => w.committed } : {}) };
          return make(w.state, w.own, opts).history(keys);
        };
        expect(await answer(createHistoryReader)).toEqual(await answer(createReferenceHistoryReader));
      }),
      { numRuns: 400 },
    );
  });
});
