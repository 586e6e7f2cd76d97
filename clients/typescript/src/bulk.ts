/**
 * Any number of addresses through the bulk endpoint: requests of at most 1,000 (the API's
 * limit), `concurrency` of them at once, the answers put back in input order.
 */
import type { BulkEntry } from './types.ts';

export const BULK_MAX = 1000;

export interface BulkOptions {
  /** Requests in flight at once; default 2. */
  concurrency?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Called after each request with the number of addresses answered so far. */
  onProgress?: (done: number, total: number) => void;
}

export async function checkBulk(send: (chunk: string[], signal?: AbortSignal) => Promise<BulkEntry[]>, emails: readonly string[], o: BulkOptions = {}): Promise<BulkEntry[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < emails.length; i += BULK_MAX) chunks.push(emails.slice(i, i + BULK_MAX));
  const answers = new Array<BulkEntry[]>(chunks.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < chunks.length) {
      const k = next++;
      const got = await send(chunks[k]!, o.signal);
      if (got.length !== chunks[k]!.length) throw new Error(`bulk: ${got.length} results for ${chunks[k]!.length} addresses`);
      answers[k] = got;
      done += got.length;
      o.onProgress?.(done, emails.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, o.concurrency ?? 2), chunks.length) }, worker));
  return answers.flat();
}
