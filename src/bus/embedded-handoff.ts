/**
 * Records handed to a reader in another thread with the notice that made them durable, so it
 * applies them without reading them back from the log's database (embedded mode: the API thread
 * writes the checks, the stream worker reads them).
 *
 * One chunk per partition and notice, in one ArrayBuffer of its own (transferred, not copied):
 *   count u32 | pad u32 | offsets f64 x count | bounds u32 x (count + 1) | the records' log encodings
 * (each record as the log stores it: ts u64 | keyLen u32 | key | value). A chunk covers the
 * offsets [from, end): every record written in that range is in it, and offsets of the range
 * not in it were never written (withdrawn records, a skipped tail). The log stays the source of
 * truth: a reader uses handed chunks only while they cover its position without a gap, and
 * reads the database otherwise (a late or missing hand-off, a restart, a reader behind them).
 */
import type { ConsumedRecord } from './ports.ts';

/** One partition's records of one durable notice, as they cross threads. */
export interface HandedChunk {
  readonly from: number;
  readonly end: number;
  readonly data: ArrayBuffer;
}

/** Packs one partition's records of a written batch (offsets ascending, each its log encoding). */
export function packChunk(from: number, end: number, offsets: readonly number[], encoded: readonly Buffer[]): HandedChunk {
  const count = offsets.length;
  const head = 8 + 8 * count + 4 * (count + 1);
  let size = head;
  for (const e of encoded) size += e.length;
  const data = new ArrayBuffer(size);
  new Uint32Array(data, 0, 1)[0] = count;
  const offs = new Float64Array(data, 8, count);
  const bounds = new Uint32Array(data, 8 + 8 * count, count + 1);
  const bytes = new Uint8Array(data);
  let at = head;
  for (let i = 0; i < count; i++) {
    offs[i] = offsets[i]!;
    bounds[i] = at;
    bytes.set(encoded[i]!, at);
    at += encoded[i]!.length;
  }
  bounds[count] = at;
  return { from, end, data };
}

interface Chunk {
  readonly from: number;
  readonly end: number;
  readonly offsets: Float64Array;
  readonly bounds: Uint32Array;
  readonly bytes: Buffer;
}

/**
 * A reader's handed chunks of one partition: contiguous from the first chunk's `from` to `end`,
 * at most about `limit` records (the oldest chunks go first).
 */
export class HandedRecords {
  private chunks: Chunk[] = [];
  private records = 0;
  /** End (exclusive) of the offsets the chunks cover; -1: none. */
  private end = -1;

  constructor(private readonly limit: number) {}

  /** Adds a chunk; one that does not start where the last ended starts the list anew (a gap). */
  add(c: HandedChunk): void {
    const count = new Uint32Array(c.data, 0, 1)[0]!;
    const chunk: Chunk = {
      from: c.from,
      end: c.end,
      offsets: new Float64Array(c.data, 8, count),
      bounds: new Uint32Array(c.data, 8 + 8 * count, count + 1),
      bytes: Buffer.from(c.data),
    };
    if (c.from !== this.end) {
      this.chunks = [];
      this.records = 0;
    }
    this.chunks.push(chunk);
    this.records += count;
    this.end = c.end;
    while (this.records > this.limit && this.chunks.length > 1) this.records -= this.chunks.shift()!.offsets.length;
  }

  /** Forgets every chunk (the next one starts the list anew). */
  clear(): void {
    this.chunks = [];
    this.records = 0;
    this.end = -1;
  }

  /** Drops chunks that begin below `offset` (records deleted by retention are read as the log has them). */
  dropBelow(offset: number): void {
    if (this.chunks.length && this.chunks[0]!.from < offset) this.clear();
  }

  /** Whether the chunks hold every record from `from` on up to their end. */
  covers(from: number): boolean {
    return this.chunks.length > 0 && from >= this.chunks[0]!.from && from < this.end;
  }

  /** Whether `from` is where the chunks end and nothing past them is durable (`durable`: the partition's end). */
  endsAt(from: number, durable: number): boolean {
    return this.chunks.length > 0 && from === this.end && this.end >= durable;
  }

  /** Up to `max` records from `from` (inclusive); only when `covers(from)`. */
  read(topic: string, partition: number, from: number, max: number, decode: (topic: string, partition: number, offset: number, v: Buffer) => ConsumedRecord): ConsumedRecord[] {
    const out: ConsumedRecord[] = [];
    let ci = 0;
    while (ci < this.chunks.length && this.chunks[ci]!.end <= from) ci++;
    for (; ci < this.chunks.length && out.length < max; ci++) {
      const c = this.chunks[ci]!;
      // First record at or after `from` (offsets ascend within a chunk).
      let lo = 0;
      let hi = c.offsets.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (c.offsets[mid]! < from) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < c.offsets.length && out.length < max; i++) {
        out.push(decode(topic, partition, c.offsets[i]!, c.bytes.subarray(c.bounds[i]!, c.bounds[i + 1]!)));
      }
    }
    return out;
  }
}
