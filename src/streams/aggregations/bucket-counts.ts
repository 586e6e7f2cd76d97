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

/**
 * The sum of the counts of buckets `from`..`to` and the oldest of them holding any (Infinity:
 * none), read from the encoding in place: the history read takes a domain's week per check, and
 * at a busy domain that is 168 hourly counts, which decoded were 168 objects per check.
 */
export function liveCounts(raw: Buffer | undefined, from: number, to: number): { total: number; oldest: number } {
  let total = 0;
  let oldest = Infinity;
  if (raw) {
    for (let i = 0; i + ENTRY <= raw.length; i += ENTRY) {
      // Two u32 BE read by hand: Buffer's readUInt32BE checks its offset on every call.
      const bucket = (raw[i]! * 0x1000000 + ((raw[i + 1]! << 16) | (raw[i + 2]! << 8) | raw[i + 3]!));
      const count = (raw[i + 5]! * 0x1000000 + ((raw[i + 6]! << 16) | (raw[i + 7]! << 8) | raw[i + 8]!));
      if (bucket < from || bucket > to || count === 0) continue;
      total += count;
      if (bucket < oldest) oldest = bucket;
    }
  }
  return { total, oldest };
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
