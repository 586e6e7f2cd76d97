/**
 * SendOptions.withdrawable for an adapter's group-commit queue: the records of one `send` are
 * withdrawn together, and only while none of them has been taken into a batch. Both adapters
 * mark queued records `taken` when a batch takes them and drop `withdrawn` ones from the queue
 * before the next batch.
 */
import { RecordsWithdrawnError } from './ports.ts';

export interface Withdrawable {
  taken?: boolean;
  withdrawn?: boolean;
  reject(err: Error): void;
}

/** The withdraw function for the records of one send; `onWithdrawn(n)` lets the queue know. */
export function withdrawer(topic: string, mine: readonly Withdrawable[], onWithdrawn: (count: number) => void): () => boolean {
  return () => {
    // Already being written (the outcome stands), or withdrawn before (say so again).
    if (mine.some((p) => p.taken || p.withdrawn)) return mine.every((p) => p.withdrawn);
    const err = new RecordsWithdrawnError(topic);
    for (const p of mine) {
      p.withdrawn = true;
      p.reject(err);
    }
    onWithdrawn(mine.length);
    return true;
  };
}
