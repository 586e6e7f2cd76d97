/** Plain (non-distinct) counts per time bucket: the value format of bucket-counter.ts (pure). */
export interface BucketCount {
  readonly bucket: number;
  readonly category: number;
  readonly count: number;
}

const ENTRY = 9; // u32 bucket | u8 category | u32 count

export function decodeSummary(raw: Buffer | undefined): BucketCount[] {
  if (!raw) return [];
  const out: BucketCount[] = [];
  for (let i = 0; i + ENTRY <= raw.length; i += ENTRY) {
    out.push({ bucket: raw.readUInt32BE(i), category: raw[i + 4]!, count: raw.readUInt32BE(i + 5) });
  }
  return out;
}

export function encodeSummary(entries: readonly BucketCount[]): Buffer {
  const b = Buffer.allocUnsafe(entries.length * ENTRY);
  entries.forEach((e, i) => {
    b.writeUInt32BE(e.bucket, i * ENTRY);
    b[i * ENTRY + 4] = e.category;
    b.writeUInt32BE(e.count, i * ENTRY + 5);
  });
  return b;
}

/** Buckets that make up "the last W" at time `now`. */
export function firstLiveBucket(now: number, windowMs: number, bucketMs: number): number {
  return Math.floor(now / bucketMs) - Math.ceil(windowMs / bucketMs) + 1;
}
