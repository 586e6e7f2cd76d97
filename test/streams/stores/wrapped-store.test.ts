import { CachingStore } from '../../../src/streams/stores/caching-store.ts';
import { KeyFilteringStore } from '../../../src/streams/stores/key-filtering-store.ts';
import { MemoryStore } from '../../../src/streams/stores/memory-store.ts';
import { WrappedStore } from '../../../src/streams/stores/wrapped-store.ts';
import { KV, storeContract } from './store-contract.suite.ts';

/** A layer that changes nothing: the base alone must keep the whole contract of what it wraps. */
class PassThrough extends WrappedStore {}

storeContract('a layer with no overrides (WrappedStore over MemoryStore)', () => ({
  create: async () => new PassThrough(new MemoryStore()),
  dispose: async () => undefined,
}));

// The runtime's stack: the caching layer over the key-filtering layer over an engine.
storeContract('the decorator stack (CachingStore over KeyFilteringStore over MemoryStore)', () => ({
  create: async () => new CachingStore(new KeyFilteringStore(new MemoryStore(), [KV], { minCapacity: 64 })),
  dispose: async () => undefined,
}));
