/**
 * `OUT.pending`: answers that arrived before an earlier batch's, so they cannot be written to OUT
 * yet (OUT keeps input order). Appended synchronously the moment they arrive and emptied whenever
 * OUT has caught up, so after a SIGKILL a rerun reuses them instead of checking (and billing)
 * those rows again. Only rows of batches answered out of order are ever in it.
 */
import { existsSync, openSync, readFileSync, rmSync, writeSync, ftruncateSync, closeSync } from 'node:fs';
import type { ResultValues } from './result-columns.ts';

export interface Pending {
  /** An answer a previous run received for row `index` (and forgets it: each is used once). */
  take(index: number): ResultValues | undefined;
  /** Keeps answers of rows first, first+1, ... until OUT has them. */
  record(first: number, values: readonly ResultValues[]): void;
  /** OUT has every answer received so far. */
  caughtUp(): void;
  /** `remove`: the whole of IN is in OUT. */
  close(remove: boolean): void;
}

interface Entry {
  first: number;
  values: ResultValues[];
}

export function openPending(path: string, written: number): Pending {
  const earlier = new Map<number, ResultValues>();
  if (existsSync(path)) {
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        continue; // the line a kill cut short
      }
      if (!Number.isInteger(entry.first) || !Array.isArray(entry.values)) continue;
      entry.values.forEach((v, i) => {
        if (entry.first + i >= written) earlier.set(entry.first + i, v);
      });
    }
  }
  const fd = openSync(path, existsSync(path) ? 'r+' : 'w');
  let position = 0;
  const append = (entry: Entry): void => {
    const buf = Buffer.from(`${JSON.stringify(entry)}\n`);
    for (let off = 0; off < buf.length; ) {
      const n = writeSync(fd, buf, off, buf.length - off, position);
      off += n;
      position += n;
    }
  };
  /** What a previous run left and this one has not used yet stays on disk. */
  const rewrite = (): void => {
    ftruncateSync(fd, 0);
    position = 0;
    for (const [index, v] of earlier) append({ first: index, values: [v] });
  };
  rewrite();
  return {
    take(index) {
      const v = earlier.get(index);
      if (v !== undefined) earlier.delete(index);
      return v;
    },
    record: (first, values) => append({ first, values: [...values] }),
    caughtUp: rewrite,
    close(remove) {
      closeSync(fd);
      if (remove) rmSync(path, { force: true });
    },
  };
}
