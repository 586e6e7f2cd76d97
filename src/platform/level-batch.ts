/**
 * Atomic LevelDB writes through a chained batch. abstract-level clones and validates every
 * operation of an array `batch(ops)` in JS; the chained form hands keys and values straight to
 * the binding, at a fraction of the cost per operation (docs/architecture.md, Benchmarks).
 * Every batched write of the log and the state stores goes through here.
 */
import type { ChainedBatch, ClassicLevel } from 'classic-level';

type Db = ClassicLevel<Buffer, Buffer>;

/** Fills a batch and writes it; a batch that fails to fill is closed, never left open. */
export async function writeChained(db: Db, fill: (batch: ChainedBatch<Db, Buffer, Buffer>) => void, options: { sync?: boolean } = {}): Promise<void> {
  const batch = db.batch();
  try {
    fill(batch);
  } catch (err) {
    await batch.close();
    throw err;
  }
  await batch.write(options);
}
