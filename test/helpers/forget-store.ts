/** Makes a state directory look as a version without `store` left it: none of its data, no marks (built from the log, or converted: `mark`). */
import { TOPICS } from '../../src/bus/topics.ts';
import { builtMark } from '../../src/streams/runtime.ts';
import { offsetKey, storeKey, storeRangeFrom } from '../../src/streams/stores/key-layout.ts';
import { LevelStore } from '../../src/streams/stores/level-store.ts';
import { OFFSETS_STORE } from '../../src/streams/stores/offsets.ts';
import type { StoreSpec } from '../../src/streams/stores/store-spec.ts';

export async function forgetStore(stateDir: string, store: StoreSpec, mark: (store: StoreSpec) => string = builtMark): Promise<void> {
  const old = new LevelStore(stateDir);
  await old.open([]);
  await old.db.clear(storeRangeFrom(store.id, 0));
  for (let part = 0; part < TOPICS.checks.partitions; part++) await old.db.del(storeKey(OFFSETS_STORE.id, 0, offsetKey(mark(store), part)));
  await old.close();
}
