/**
 * The API thread's durable notices to the stream worker, sent together: one message per
 * interval at most instead of one per written log batch. Each message wakes the worker, and the
 * worker reads and prefetches each partition's new records as one batch, so under load a notice
 * per fsync (a few checks each, spread over the partitions) cost a postMessage here and a
 * LevelDB getMany per partition there for one or two records each. The first notice after a
 * quiet interval goes at once; later ones wait for the interval's end. The worker's commit
 * interval (100 ms) bounds how soon its state shows a check anyway, and read-your-writes never
 * waited for the worker (own events).
 *
 * Notices keep their order (a partition's chunks stay contiguous, so the worker keeps using
 * them). `flush()` sends what waits now: a question to the worker ("caught up?") goes after
 * every notice given before it, as when each notice went at once.
 */
import type { DurableMove } from '../bus/embedded-log.ts';

export interface DurableNotices {
  /** Queues a notice (sent now when the last send is an interval old, else at the interval's end). */
  add(moved: readonly DurableMove[]): void;
  /** Sends every queued notice now. */
  flush(): void;
}

export function coalescedNotices(post: (moved: DurableMove[], transfer: ArrayBuffer[]) => void, intervalMs: number, now: () => number = () => performance.now()): DurableNotices {
  let moved: DurableMove[] = [];
  let transfer: ArrayBuffer[] = [];
  let timer: NodeJS.Timeout | undefined;
  let lastSent = -Infinity;
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (moved.length === 0) return;
    const m = moved;
    const t = transfer;
    moved = [];
    transfer = [];
    lastSent = now();
    post(m, t);
  };
  return {
    add(list) {
      for (const m of list) {
        moved.push(m);
        if (m.records) transfer.push(m.records.data);
      }
      if (timer) return;
      const wait = lastSent + intervalMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
  };
}
