/**
 * Kafka's default partitioner (murmur2 of the key, positive, modulo partitions), so a key
 * lands in the same partition in embedded and Kafka mode, and the API knows the partition of
 * an event before it is sent (read-your-writes bookkeeping needs it).
 */
export function murmur2(data: Buffer): number {
  const seed = 0x9747b28c;
  const m = 0x5bd1e995;
  const r = 24;
  const length = data.length;
  let h = seed ^ length;
  const length4 = length >>> 2;
  for (let i = 0; i < length4; i++) {
    const i4 = i * 4;
    let k = (data[i4]! & 0xff) | ((data[i4 + 1]! & 0xff) << 8) | ((data[i4 + 2]! & 0xff) << 16) | ((data[i4 + 3]! & 0xff) << 24);
    k = Math.imul(k, m);
    k ^= k >>> r;
    k = Math.imul(k, m);
    h = Math.imul(h, m);
    h ^= k;
  }
  const rest = length % 4;
  const idx = length & ~3;
  if (rest === 3) h ^= (data[idx + 2]! & 0xff) << 16;
  if (rest >= 2) h ^= (data[idx + 1]! & 0xff) << 8;
  if (rest >= 1) {
    h ^= data[idx]! & 0xff;
    h = Math.imul(h, m);
  }
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h | 0;
}

export function partitionFor(key: Buffer, partitions: number): number {
  return (murmur2(key) & 0x7fffffff) % partitions;
}
