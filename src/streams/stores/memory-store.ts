/**
 * The in-memory engine of the store interface (state-store.ts): maps in the heap, for state a
 * process rebuilds from a log when it starts (the hot short windows: hot-state.ts), and for
 * tests. It keeps the LevelDB engine's semantics (one contract suite runs against both), with
 * one difference that no reader can see: a key holds only its newest segment's value (an older
 * segment's copy is hidden by the newer one anyway, and would only cost memory), so memory is
 * bounded by the live keys, and expiry drops the keys of dead segments.
 * Reads and writes complete synchronously; the promises only keep the interface.
 */
import { decodeOffset, decodeStoreKey, encodeOffset, offsetKey } from './key-layout.ts';
import { OFFSETS_STORE } from './offsets.ts';
import type { KeyRef } from './key-map.ts';
import type { CommittedPosition, FetchedEntry, PhysicalRecord, StateStore } from './state-store.ts';
import { isTimed, segmentIsLive, type StoreSpec } from './store-spec.ts';
import type { PendingWrite, ReadSet } from './tx.ts';

interface Entry {
  readonly key: Buffer;
  value: Buffer;
  seg: number;
}

interface Store {
  readonly spec: StoreSpec;
  /** By the key's latin1 string. */
  readonly entries: Map<string, Entry>;
  /** Segments written to and not yet expired, ascending (what segmentsOf reports). */
  segments: number[];
}

export class MemoryStore implements StateStore {
  private readonly stores = new Map<number, Store>();
  private closed = false;

  async open(specs: readonly StoreSpec[]): Promise<void> {
    for (const spec of [...specs, OFFSETS_STORE]) {
      const clash = this.stores.get(spec.id);
      if (clash && clash.spec.name !== spec.name) throw new Error(`store id ${spec.id} used by ${clash.spec.name} and ${spec.name}`);
      if (!clash) this.stores.set(spec.id, { spec, entries: new Map(), segments: isTimed(spec) ? [] : [0] });
    }
  }

  /** The value a key holds at `now` (undefined when absent, deleted or in a dead segment), with its segment. */
  get(spec: StoreSpec, key: Buffer, now: number): FetchedEntry {
    const e = this.store(spec).entries.get(key.toString('latin1'));
    if (!e || (isTimed(spec) && !segmentIsLive(spec, e.seg, now))) return { value: undefined, seg: -1 };
    return { value: e.value.length === 0 ? undefined : e.value, seg: e.seg };
  }

  async fetch(reads: ReadSet, now: number): Promise<Map<string, Buffer | undefined>> {
    const out = new Map<string, Buffer | undefined>();
    for (const [mk, { store, key }] of reads.entries) out.set(mk, this.get(store, key, now).value);
    return out;
  }

  async fetchEntries(keys: readonly KeyRef[], now: number): Promise<FetchedEntry[]> {
    return keys.map(({ store, key }) => this.get(store, key, now));
  }

  async fetchEntriesMany(requests: readonly { keys: readonly KeyRef[]; now: number }[]): Promise<FetchedEntry[][]> {
    return Promise.all(requests.map((r) => this.fetchEntries(r.keys, r.now)));
  }

  async fetchMany(requests: readonly { reads: ReadSet; now: number }[]): Promise<Map<string, Buffer | undefined>[]> {
    return Promise.all(requests.map((r) => this.fetch(r.reads, r.now)));
  }

  async commit(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void> {
    this.write(writes, positions);
  }

  async applyPhysical(records: readonly PhysicalRecord[], positions: readonly CommittedPosition[]): Promise<void> {
    const writes: PendingWrite[] = [];
    for (const r of records) {
      const k = decodeStoreKey(r.key);
      const store = k && this.stores.get(k.storeId);
      if (!k || !store) continue;
      writes.push({ store: store.spec, key: k.userKey, value: r.value, segmentStart: k.segmentStart });
    }
    this.write(writes, positions);
  }

  private write(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): void {
    if (this.closed) throw new Error('memory store is closed');
    for (const w of writes) this.put(this.store(w.store), w.key, w.value, w.segmentStart);
    const offsets = this.stores.get(OFFSETS_STORE.id)!;
    for (const p of positions) this.put(offsets, offsetKey(p.topic, p.partition), encodeOffset(p.next), 0);
  }

  private put(s: Store, key: Buffer, value: Buffer | null, seg: number): void {
    if (!s.segments.includes(seg)) {
      s.segments.push(seg);
      s.segments.sort((a, b) => a - b);
    }
    const id = key.toString('latin1');
    const e = s.entries.get(id);
    if (e && e.seg > seg) return; // a newer segment holds the key: this older write is never read
    if (value === null) s.entries.delete(id);
    else if (e) {
      e.value = value;
      e.seg = seg;
    } else s.entries.set(id, { key: Buffer.from(key), value, seg });
  }

  async scan(spec: StoreSpec, now: number): Promise<{ key: Buffer; value: Buffer; seg: number }[]> {
    const out: { key: Buffer; value: Buffer; seg: number }[] = [];
    for (const e of this.store(spec).entries.values()) {
      if (e.value.length === 0 || (isTimed(spec) && !segmentIsLive(spec, e.seg, now))) continue;
      out.push({ key: e.key, value: e.value, seg: e.seg });
    }
    return out.sort((a, b) => Buffer.compare(a.key, b.key));
  }

  async *keys(spec: StoreSpec): AsyncIterable<readonly Uint8Array[]> {
    const keys = [...this.store(spec).entries.values()].map((e) => e.key);
    for (let i = 0; i < keys.length; i += 4096) yield keys.slice(i, i + 4096);
  }

  async offsets(topic: string, partitions: number): Promise<number[]> {
    const s = this.stores.get(OFFSETS_STORE.id)!;
    return Array.from({ length: partitions }, (_, p) => decodeOffset(s.entries.get(offsetKey(topic, p).toString('latin1'))?.value));
  }

  async expire(now: number): Promise<number> {
    let dropped = 0;
    for (const s of this.stores.values()) {
      if (!isTimed(s.spec)) continue;
      const dead = s.segments.filter((seg) => !segmentIsLive(s.spec, seg, now));
      if (dead.length === 0) continue;
      dropped += dead.length;
      s.segments = s.segments.filter((seg) => segmentIsLive(s.spec, seg, now));
      for (const [id, e] of s.entries) if (!segmentIsLive(s.spec, e.seg, now)) s.entries.delete(id);
    }
    return dropped;
  }

  segmentsOf(spec: StoreSpec): readonly number[] {
    return this.stores.get(spec.id)?.segments ?? [];
  }

  async clear(spec: StoreSpec): Promise<void> {
    if (spec.id === OFFSETS_STORE.id) throw new Error(`store ${spec.name} is not open`);
    const s = this.store(spec);
    s.entries.clear();
    s.segments = isTimed(spec) ? [] : [0];
  }

  /** Keys held (live or not yet expired) in a store. */
  size(spec: StoreSpec): number {
    return this.store(spec).entries.size;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private store(spec: StoreSpec): Store {
    const s = this.stores.get(spec.id);
    if (!s) throw new Error(`store ${spec.name} is not open`);
    return s;
  }
}
