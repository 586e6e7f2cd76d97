/**
 * A StateReader that remembers what it read: a busy domain's summary is read once, not once per
 * check. Values are never older than the state was at the last commit notification, so a reader
 * that pairs them with the committed offsets of that notification can only overestimate what is
 * pending, never miss it.
 *
 * Two kinds of store:
 *  - handed stores (handed-stores.ts): each commit's notification hands over every write the
 *    commit made to them (handed-writes.ts), which the cache takes as the committed state, so
 *    their entries stay across commits (twenty-second round: a company domain's record, written
 *    by the check before, was read back from LevelDB at nearly every check there). Values of the
 *    `adopted` stores are taken in even when not cached (the next check at the domain reads it);
 *    the others' only replace what is cached. A notification without a hand-over (a conversion,
 *    a catch-up's commit past the hand-over's bound, a state that hands nothing) starts over.
 *  - other stores: remembered until the next commit notification.
 * A value read from the state is kept only when no notification arrived while it was read (it
 * may be older than what the notification handed over). The cache starts over once a read's
 * time reaches `liveUntil` of the last hand-over (a segment it may hold values of stops being
 * live there). Bounded: past `maxEntries` it starts over (an entry, a key string and a value
 * Buffer, held 450-630 bytes measured, so 32,768 of them about 20 MB; at a few hundred checks a
 * second the cache starts over every minute or two, and then reads each busy domain once).
 */
import { HAND_DROP, unpackWrites, type CommitListener } from './handed-writes.ts';
import type { StateReader } from './stores/state-reader.ts';
import type { StoreSpec } from './stores/store-spec.ts';
import { ReadSet } from './stores/tx.ts';

export interface HandOver {
  /** The stores whose writes every notification with a hand-over carries, all of them. */
  readonly handed: ReadonlySet<StoreSpec>;
  /** Of those, the stores whose handed values are kept even when not cached. */
  readonly adopted: ReadonlySet<StoreSpec>;
}

const NO_HAND_OVER: HandOver = { handed: new Set(), adopted: new Set() };

export function commitCachedReader(state: StateReader, onCommit: (l: CommitListener) => () => void, handOver: HandOver = NO_HAND_OVER, maxEntries = 32_768): StateReader & { stop(): void } {
  const handedIds = new Set([...handOver.handed].map((s) => s.id));
  const adoptedIds = new Set([...handOver.adopted].map((s) => s.id));
  /** Entries of the handed stores: kept across commits. */
  let kept = new Map<string, Buffer | undefined>();
  /** Entries of other stores: until the next commit. */
  let fresh = new Map<string, Buffer | undefined>();
  /** Bumped by every notification: a read that saw one arrive keeps nothing. */
  let generation = 0;
  let liveUntil = Infinity;
  let startedOverAt = -Infinity;
  const startOver = (): void => {
    kept = new Map();
    fresh = new Map();
    generation++;
  };
  const stop = onCommit((handed) => {
    generation++;
    fresh = new Map();
    if (!handed) {
      kept = new Map();
      return;
    }
    liveUntil = handed.liveUntil;
    const map = kept;
    unpackWrites(handed.writes, (storeId, kind, key, value) => {
      const mk = `${storeId}:${key}`;
      if (kind === HAND_DROP) map.delete(mk);
      else if (adoptedIds.has(storeId) || map.has(mk)) map.set(mk, value);
    });
    if (map.size > maxEntries) kept = new Map();
  });
  const cacheOf = (store: StoreSpec): Map<string, Buffer | undefined> => (handedIds.has(store.id) ? kept : fresh);
  return {
    async fetch(reads, now) {
      // A segment the cached values may come from is past its retention at this time: once per such time.
      if (now >= liveUntil && liveUntil > startedOverAt) {
        startedOverAt = liveUntil;
        startOver();
      }
      const gen = generation;
      let inKept = 0;
      let inFresh = 0;
      for (const [mk, r] of reads.entries) {
        if (handedIds.has(r.store.id)) {
          if (kept.has(mk)) inKept++;
        } else if (fresh.has(mk)) inFresh++;
      }
      const hits = inKept + inFresh;
      // Every key is cached in one map (most reads of a busy domain): the map itself is the
      // answer. It changes only when a notification arrives, which the caller, reading it
      // synchronously after its await, does not see.
      if (hits === reads.entries.size) {
        if (inFresh === 0) return kept;
        if (inKept === 0) return fresh;
      }
      let missing = reads;
      // The cached keys' values as the read begins (a notification meanwhile may change them).
      const cached: [string, Buffer | undefined][] = [];
      if (hits > 0) {
        missing = new ReadSet();
        for (const [mk, r] of reads.entries) {
          const cache = cacheOf(r.store);
          if (cache.has(mk)) cached.push([mk, cache.get(mk)]);
          else missing.entries.set(mk, r);
        }
      }
      // Every key cached, in both maps (a read of handed and other stores at once): nothing to read.
      const got = missing.entries.size ? await state.fetch(missing, now) : new Map<string, Buffer | undefined>();
      if (gen === generation && kept.size + fresh.size + got.size > maxEntries) startOver();
      // Kept only while no notification arrived meanwhile; a key another read cached meanwhile
      // keeps its value (both are as new as this one).
      if (gen === generation) {
        for (const [mk, r] of missing.entries) {
          const cache = cacheOf(r.store);
          if (!cache.has(mk)) cache.set(mk, got.get(mk));
        }
      }
      // The inner reader's answer is this read's own: the cached keys join it.
      for (const [mk, v] of cached) got.set(mk, v);
      return got;
    },
    scan: (store: StoreSpec, now: number) => state.scan(store, now),
    stop,
  };
}
