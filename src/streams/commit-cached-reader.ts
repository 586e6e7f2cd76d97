/**
 * A StateReader that remembers what it read until the state's next commit (the runtime commits
 * a few times a second): a busy domain's summary is read once per commit, not once per check.
 * Values are never older than the state was at the last commit notification, so a reader that
 * pairs them with the committed offsets of that notification can only overestimate what is
 * pending, never miss it. Bounded: past `maxEntries` the cache starts over.
 */
import type { StateReader } from './stores/state-reader.ts';
import type { StoreSpec } from './stores/store-spec.ts';
import { ReadSet } from './stores/tx.ts';

export function commitCachedReader(state: StateReader, onCommit: (l: () => void) => () => void, maxEntries = 100_000): StateReader & { stop(): void } {
  let cache = new Map<string, Buffer | undefined>();
  const stop = onCommit(() => {
    cache = new Map();
  });
  return {
    async fetch(reads, now) {
      const generation = cache;
      let hits = 0;
      for (const mk of reads.entries.keys()) if (generation.has(mk)) hits++;
      // Every key is cached (most reads of a busy domain): the generation itself is the answer.
      // A key's value never changes within a generation (it only gains keys; a commit starts the
      // next one), so the map stays right for these keys while the caller reads it.
      if (hits === reads.entries.size) return generation;
      let missing = reads;
      if (hits > 0) {
        missing = new ReadSet();
        for (const [mk, r] of reads.entries) if (!generation.has(mk)) missing.entries.set(mk, r);
      }
      const got = await state.fetch(missing, now);
      if (generation === cache && cache.size + got.size > maxEntries) cache = new Map();
      // Kept only while no commit landed meanwhile (the read may be older than the next
      // generation); a key another read cached meanwhile keeps its value (both are as new as this one).
      if (generation === cache) for (const [mk, v] of got) if (!cache.has(mk)) cache.set(mk, v);
      // The inner reader's answer is this read's own: the cached keys join it.
      if (hits > 0) for (const mk of reads.entries.keys()) if (!got.has(mk)) got.set(mk, generation.get(mk));
      return got;
    },
    scan: (store: StoreSpec, now: number) => state.scan(store, now),
    stop,
  };
}
