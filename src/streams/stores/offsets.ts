/**
 * Consumer positions live in the state as an ordinary store, written in the same atomic commit
 * as the state they produced, and readable in the same snapshot. Their key and value layouts
 * are in key-layout.ts (offsetKey, encodeOffset, decodeOffset).
 */
import type { StoreSpec } from './store-spec.ts';

export const OFFSETS_STORE: StoreSpec = { id: 255, name: 'offsets' };
