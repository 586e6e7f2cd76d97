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
      const out = new Map<string, Buffer | undefined>();
      let missing: ReadSet | undefined; // made only when a key is not cached (most reads of a busy domain are)
      for (const [mk, r] of reads.entries) {
        if (cache.has(mk)) out.set(mk, cache.get(mk));
        else (missing ??= new ReadSet()).entries.set(mk, r);
      }
      if (!missing) return out;
      const generation = cache;
      const got = await state.fetch(missing, now);
      if (generation === cache && cache.size + got.size > maxEntries) cache = new Map();
      for (const [mk, v] of got) {
        out.set(mk, v);
        if (generation === cache) cache.set(mk, v); // a commit landed meanwhile: do not keep the older read
      }
      return out;
    },
    scan: (store: StoreSpec, now: number) => state.scan(store, now),
    stop,
  };
}
