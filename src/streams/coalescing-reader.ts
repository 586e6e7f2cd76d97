/**
 * A StateReader that gathers the reads of every check arriving in one turn of the event loop
 * and sends them to the database together (stores/turn-batcher.ts): under load several checks arrive
 * per turn and share one trip to the libuv pool.
 */
import type { StateReader } from './stores/state-reader.ts';
import type { StoreSpec } from './stores/store-spec.ts';
import type { ReadSet } from './stores/tx.ts';
import { turnBatcher } from './stores/turn-batcher.ts';

export interface BatchStateReader extends StateReader {
  fetchMany(requests: readonly { reads: ReadSet; now: number }[]): Promise<Map<string, Buffer | undefined>[]>;
}

/**
 * `maxReads` bounds one database call: a check reads about six keys, each in one or two live
 * segments, so a call stays under the 256 keys past which the store splits it across the pool
 * (and loses its single snapshot).
 */
export function coalescingReader(state: BatchStateReader, maxReads = 40): StateReader {
  const fetch = turnBatcher((group: readonly { reads: ReadSet; now: number }[]) => state.fetchMany(group), { size: (r) => r.reads.entries.size, max: maxReads });
  return {
    fetch: (reads, now) => fetch({ reads, now }),
    scan: (store: StoreSpec, now: number) => state.scan(store, now),
  };
}
