/** Read sets of made-up keys in one store, and a read's value by key, for the readers' tests. */
import type { StoreSpec } from '../../src/streams/stores/store-spec.ts';
import { mapKey, ReadSet } from '../../src/streams/stores/tx.ts';

export function readsOf(store: StoreSpec, ...keys: string[]): ReadSet {
  const rs = new ReadSet();
  for (const k of keys) rs.add(store, Buffer.from(k));
  return rs;
}

export const valueOf = (m: Map<string, Buffer | undefined>, store: StoreSpec, key: string): string | undefined => m.get(mapKey(store, Buffer.from(key)))?.toString();
