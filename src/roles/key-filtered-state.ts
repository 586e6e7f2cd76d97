/**
 * A state engine behind the key filters of the stores checks read by usually absent keys
 * (streams/key-filtered-stores.ts), as every role that serves checks from a state composes it:
 * the embedded streams thread, its worker, and the Kafka-mode API's replica. A failed filter
 * replacement is logged and the old filter stays (it still holds every key: reads stay correct).
 */
import type { Logger } from 'pino';
import { KEY_FILTERED_STORES } from '../streams/key-filtered-stores.ts';
import type { SharedKeyFilters } from '../streams/stores/key-filter.ts';
import { KeyFilteringStore } from '../streams/stores/key-filtering-store.ts';
import type { StateStore } from '../streams/stores/state-store.ts';

export function keyFilteredState(engine: StateStore, logger: Logger, onReplaced?: (filters: SharedKeyFilters) => void): KeyFilteringStore {
  return new KeyFilteringStore(engine, KEY_FILTERED_STORES, {
    ...(onReplaced ? { onReplaced } : {}),
    onError: (err) => logger.error({ err }, 'key filter replacement failed; the old filter stays'),
  });
}
