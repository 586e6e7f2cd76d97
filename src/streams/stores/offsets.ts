/**
 * Consumer positions live in the state database as an ordinary store, written in the same
 * batch as the state they produced (see state-db.ts), and readable in the same snapshot.
 */
import type { StoreSpec } from './store-spec.ts';

export const OFFSETS_STORE: StoreSpec = { id: 255, name: 'offsets' };

export function offsetKey(topic: string, partition: number): Buffer {
  const t = Buffer.from(topic, 'utf8');
  const k = Buffer.allocUnsafe(t.length + 3);
  t.copy(k);
  k[t.length] = 0;
  k.writeUInt16BE(partition, t.length + 1);
  return k;
}

export function decodeOffset(v: Buffer | undefined): number {
  return v ? Number(v.readBigUInt64BE(0)) : 0;
}
