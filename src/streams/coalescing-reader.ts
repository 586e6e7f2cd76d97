/**
 * A StateReader that gathers the reads of every check arriving in one turn of the event loop
 * and sends them to the database together. Each getMany is a trip to the libuv pool: a queue
 * and a thread wake-up, which on two busy cores is where the scheduler switches the API thread
 * out. Under load several checks arrive per turn and now share one trip. An idle
 * server loses nothing: the flush runs right after the current I/O callbacks (setImmediate).
 */
import type { StateReader } from './stores/state-reader.ts';
import type { StoreSpec } from './stores/store-spec.ts';
import type { ReadSet } from './stores/tx.ts';

export interface BatchStateReader extends StateReader {
  fetchMany(requests: readonly { reads: ReadSet; now: number }[]): Promise<Map<string, Buffer | undefined>[]>;
}

interface Waiting {
  readonly reads: ReadSet;
  readonly now: number;
  resolve(v: Map<string, Buffer | undefined>): void;
  reject(err: unknown): void;
}

/**
 * `maxReads` bounds one database call: a check reads about six keys, each in one or two live
 * segments, so a call stays under the 256 keys past which the store splits it across the pool
 * (and loses its single snapshot).
 */
export function coalescingReader(state: BatchStateReader, maxReads = 40): StateReader {
  let queue: Waiting[] = [];
  let scheduled = false;

  const send = (group: Waiting[]): void => {
    state.fetchMany(group).then(
      (results) => group.forEach((w, i) => w.resolve(results[i]!)),
      (err: unknown) => group.forEach((w) => w.reject(err)),
    );
  };

  const flush = (): void => {
    scheduled = false;
    const waiting = queue;
    queue = [];
    let group: Waiting[] = [];
    let reads = 0;
    for (const w of waiting) {
      if (group.length && reads + w.reads.entries.size > maxReads) {
        send(group);
        group = [];
        reads = 0;
      }
      group.push(w);
      reads += w.reads.entries.size;
    }
    if (group.length) send(group);
  };

  return {
    fetch(reads, now) {
      return new Promise((resolve, reject) => {
        queue.push({ reads, now, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    scan: (store: StoreSpec, now: number) => state.scan(store, now),
  };
}
