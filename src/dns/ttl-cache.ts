/**
 * A bounded map whose entries expire at an absolute time on an injected clock.
 * `lru-cache` bounds the entry count (least recently used out first); expiry is kept
 * here rather than in lru-cache's own TTL, whose clock reads are cached per tick and
 * so cannot follow a test clock that jumps.
 */
import { LRUCache } from 'lru-cache';

interface Slot<V> {
  readonly value: V;
  readonly expiresAt: number;
}

export class TtlLru<V extends object> {
  readonly #lru: LRUCache<string, Slot<V>>;

  constructor(maxEntries: number) {
    this.#lru = new LRUCache<string, Slot<V>>({ max: Math.max(1, Math.floor(maxEntries)) });
  }

  /** The live value for `key` at time `now` (epoch ms); an expired entry is dropped. */
  get(key: string, now: number): V | undefined {
    const slot = this.#lru.get(key);
    if (slot === undefined) return undefined;
    if (now >= slot.expiresAt) {
      this.#lru.delete(key);
      return undefined;
    }
    return slot.value;
  }

  /** When `key` expires (without touching its recency); undefined when absent. */
  expiresAt(key: string): number | undefined {
    return this.#lru.peek(key)?.expiresAt;
  }

  set(key: string, value: V, expiresAt: number): void {
    this.#lru.set(key, { value, expiresAt });
  }

  get size(): number {
    return this.#lru.size;
  }

  clear(): void {
    this.#lru.clear();
  }
}
