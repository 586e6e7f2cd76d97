/**
 * The LevelDB engine (classic-level) of the store interface (state-store.ts): every store of
 * one process in one database, told apart by a one-byte id, timed stores split into time
 * segments (physical keys: key-layout.ts).
 *
 * Beyond the interface's invariants:
 *   - `commit` writes the store changes and the consumer positions in ONE LevelDB batch (this is
 *     our `.checkpoint`), so after a crash they agree.
 *   - `fetch` reads every requested key, and the positions, in one `getMany` (one snapshot).
 *   - Only the runtime (or a changelog replica) writes; API code reads through `fetch`.
 *   - `multithreading`: the embedded stream runtime's worker thread opens the same database;
 *     the reading thread learns of the segments the writer created through `adoptSegments`.
 */
import { ClassicLevel } from 'classic-level';
import { writeChained } from '../../platform/level-batch.ts';
import { openLevel } from '../../platform/level-open.ts';
import { decodeOffset, encodeOffset, offsetKey, PHYSICAL_HEADER, segmentOfKey, segmentRange, storeKey, storeRangeFrom } from './key-layout.ts';
import { OFFSETS_STORE } from './offsets.ts';
import type { CommittedPosition, FetchedEntry, PhysicalRecord, StateStore } from './state-store.ts';
import { isTimed, segmentIsLive, type StoreSpec } from './store-spec.ts';
import type { KeyRef } from './key-map.ts';
import type { PendingWrite, ReadSet } from './tx.ts';

/** LevelDB's block cache for the state (its default is 8 MB). */
const STATE_BLOCK_CACHE = 16 * 1024 * 1024;

export class LevelStore implements StateStore {
  readonly db: ClassicLevel<Buffer, Buffer>;
  private readonly segments = new Map<number, number[]>(); // storeId -> segment starts, ascending
  private readonly specs = new Map<number, StoreSpec>();

  constructor(
    dir: string,
    private readonly opts: { multithreading?: boolean } = {},
  ) {
    // Most keys a check writes are new: with LevelDB's 4 MB write buffer the background
    // compaction took a large share of a core (docs/architecture.md, Benchmarks). A 32 MB buffer
    // (and 16 MB files) flushes and compacts an eighth as often. Costs up to 64 MB of memtables.
    // The block cache holds decompressed blocks of what was read. The record cache in front of
    // it keeps the hot entities decoded and the key filters rule out keys never seen, so 16 MB
    // read no dearer than 64 MB, and resident memory was short (docs/architecture.md, issue 19's
    // fifteenth round).
    this.db = new ClassicLevel<Buffer, Buffer>(dir, {
      keyEncoding: 'buffer',
      valueEncoding: 'buffer',
      cacheSize: STATE_BLOCK_CACHE,
      writeBufferSize: 32 * 1024 * 1024,
      maxFileSize: 16 * 1024 * 1024,
    });
  }

  async open(specs: readonly StoreSpec[]): Promise<void> {
    await openLevel(this.db, 'state store', { multithreading: this.opts.multithreading ?? false });
    for (const spec of [...specs, OFFSETS_STORE]) {
      const clash = this.specs.get(spec.id);
      if (clash && clash.name !== spec.name) throw new Error(`store id ${spec.id} used by ${clash.name} and ${spec.name}`);
      this.specs.set(spec.id, spec);
      this.segments.set(spec.id, isTimed(spec) ? await this.discoverSegments(spec) : [0]);
    }
  }

  async fetch(reads: ReadSet, now: number): Promise<Map<string, Buffer | undefined>> {
    return (await this.fetchMany([{ reads, now }]))[0]!;
  }

  async fetchEntries(keys: readonly KeyRef[], now: number): Promise<FetchedEntry[]> {
    return (await this.fetchEntriesMany([{ keys, now }]))[0]!;
  }

  /** The API's concurrent checks, and the runtime's batches of one turn, share one trip to the libuv pool instead of one each (turn-batcher.ts). */
  async fetchEntriesMany(requests: readonly { keys: readonly KeyRef[]; now: number }[]): Promise<FetchedEntry[][]> {
    const { plans, physical, values } = await this.lookUp(requests);
    return plans.map((plan) =>
      plan.map((p) => {
        const i = newestFound(p, values);
        return { value: i < 0 ? undefined : liveValue(values[i]!), seg: i < 0 ? -1 : segmentOfKey(physical[i]!) };
      }),
    );
  }

  /** The values only (the API's reads): one map per request, by `mapKey`, no entry objects. */
  async fetchMany(requests: readonly { reads: ReadSet; now: number }[]): Promise<Map<string, Buffer | undefined>[]> {
    const { values, plans } = await this.lookUp(requests.map((r) => ({ keys: r.reads.entries.values(), now: r.now })));
    return plans.map((plan, n) => {
      const out = new Map<string, Buffer | undefined>();
      let j = 0;
      for (const mk of requests[n]!.reads.entries.keys()) {
        const i = newestFound(plan[j++]!, values);
        out.set(mk, i < 0 ? undefined : liveValue(values[i]!));
      }
      return out;
    });
  }

  /** Every request's physical keys, read in one getMany: the plans say where each read's keys are. */
  private async lookUp(requests: readonly { keys: Iterable<KeyRef>; now: number }[]): Promise<{ plans: ReadPlan[][]; physical: Buffer[]; values: (Buffer | undefined)[] }> {
    const physical: Buffer[] = [];
    const plans = requests.map((r) => this.plan(r.keys, r.now, physical));
    return { plans, physical, values: await this.getMany(physical) };
  }

  /** Appends the physical keys of the reads (newest live segment first) and says where each read's keys are, in the keys' order. */
  private plan(keys: Iterable<KeyRef>, now: number, physical: Buffer[]): ReadPlan[] {
    const plan: ReadPlan[] = [];
    // One list of live segments per store, not one per read (a batch reads thousands of keys of a few stores).
    const live = new Map<StoreSpec, number[]>();
    for (const { store, key } of keys) {
      let segs = live.get(store);
      if (!segs) live.set(store, (segs = this.liveSegments(store, now)));
      plan.push({ from: physical.length, count: segs.length });
      for (let i = segs.length - 1; i >= 0; i--) physical.push(storeKey(store.id, segs[i]!, key));
    }
    return plan;
  }

  /**
   * One getMany runs on one libuv thread; big read sets are split so the threads (and both
   * cores) share them. The runtime is the only writer and never writes during its own reads,
   * so the parts still see one state; API reads stay below the split size (one snapshot).
   */
  private async getMany(keys: Buffer[]): Promise<(Buffer | undefined)[]> {
    if (keys.length === 0) return [];
    if (keys.length < 256) return this.db.getMany(keys);
    const parts = 4;
    const size = Math.ceil(keys.length / parts);
    const chunks = await Promise.all(Array.from({ length: parts }, (_, i) => this.db.getMany(keys.slice(i * size, (i + 1) * size))));
    return chunks.flat();
  }

  async commit(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void> {
    await this.write(writes, positions);
  }

  async applyPhysical(records: readonly PhysicalRecord[], positions: readonly CommittedPosition[]): Promise<void> {
    const writes: PendingWrite[] = [];
    for (const r of records) {
      if (r.key.length < PHYSICAL_HEADER) continue;
      const spec = this.specs.get(r.key[0]!);
      if (!spec) continue;
      writes.push({ store: spec, key: r.key.subarray(PHYSICAL_HEADER), value: r.value, segmentStart: segmentOfKey(r.key) });
    }
    await this.write(writes, positions);
  }

  private async write(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void> {
    if (writes.length || positions.length) {
      await writeChained(this.db, (batch) => {
        for (const w of writes) {
          const key = storeKey(w.store.id, w.segmentStart, w.key);
          if (w.value === null) batch.del(key);
          else batch.put(key, w.value);
        }
        for (const p of positions) batch.put(storeKey(OFFSETS_STORE.id, 0, offsetKey(p.topic, p.partition)), encodeOffset(p.next));
      });
    }
    for (const w of writes) this.noteSegment(w.store, w.segmentStart);
  }

  async scan(spec: StoreSpec, now: number): Promise<{ key: Buffer; value: Buffer; seg: number }[]> {
    const out = new Map<string, { key: Buffer; value: Buffer; seg: number }>();
    for (const seg of this.liveSegments(spec, now)) {
      for await (const [k, v] of this.db.iterator(segmentRange(spec.id, seg))) {
        const key = k.subarray(PHYSICAL_HEADER);
        if (v.length === 0) out.delete(key.toString('latin1'));
        else out.set(key.toString('latin1'), { key, value: v, seg });
      }
    }
    return [...out.values()];
  }

  async *keys(spec: StoreSpec): AsyncIterable<readonly Uint8Array[]> {
    if (!this.specs.has(spec.id)) throw new Error(`store ${spec.name} is not open`);
    // Views, not Buffers: a Buffer per key (and its subarray) cost about as much again as LevelDB's iteration.
    const it = this.db.keys<Uint8Array>({ ...storeRangeFrom(spec.id, 0), keyEncoding: 'view' });
    try {
      for (;;) {
        const batch = await it.nextv(4096);
        if (batch.length === 0) return;
        yield batch.map((k) => k.subarray(PHYSICAL_HEADER));
      }
    } finally {
      await it.close();
    }
  }

  async offsets(topic: string, partitions: number): Promise<number[]> {
    const keys = Array.from({ length: partitions }, (_, p) => storeKey(OFFSETS_STORE.id, 0, offsetKey(topic, p)));
    const vals = await this.db.getMany(keys);
    return vals.map((v) => decodeOffset(v));
  }

  /**
   * Deletes every key of stores this database no longer keeps (not opened: e.g. the short
   * windows, which embedded mode holds in memory since issue 19), so an existing data dir does
   * not carry their last values forever. Returns whether any key was there.
   */
  async dropUnkept(specs: readonly StoreSpec[]): Promise<boolean> {
    let found = false;
    for (const spec of specs) {
      if (this.specs.has(spec.id)) throw new Error(`store ${spec.name} is open: it cannot be dropped`);
      const range = storeRangeFrom(spec.id, 0);
      if ((await this.db.keys({ ...range, limit: 1 }).all()).length === 0) continue;
      found = true;
      await this.db.clear(range);
    }
    return found;
  }

  async clear(spec: StoreSpec): Promise<void> {
    if (!this.specs.has(spec.id) || spec.id === OFFSETS_STORE.id) throw new Error(`store ${spec.name} is not open`);
    await this.db.clear(storeRangeFrom(spec.id, 0));
    this.segments.set(spec.id, isTimed(spec) ? [] : [0]);
  }

  async expire(now: number): Promise<number> {
    let dropped = 0;
    for (const [id, segs] of this.segments) {
      const spec = this.specs.get(id)!;
      if (!isTimed(spec)) continue;
      while (segs.length && !segmentIsLive(spec, segs[0]!, now)) {
        await this.db.clear(segmentRange(spec.id, segs.shift()!));
        dropped++;
      }
    }
    return dropped;
  }

  /**
   * Takes over the segment lists another thread's writes created (a reader sharing the
   * database through `multithreading` learns of new segments only this way).
   */
  adoptSegments(lists: readonly (readonly [number, readonly number[]])[]): void {
    for (const [id, starts] of lists) if (this.segments.has(id)) this.segments.set(id, [...starts].sort((a, b) => a - b));
  }

  segmentsOf(spec: StoreSpec): readonly number[] {
    return this.segments.get(spec.id) ?? [];
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  private liveSegments(spec: StoreSpec, now: number): number[] {
    const segs = this.segments.get(spec.id);
    if (!segs) throw new Error(`store ${spec.name} is not open`);
    return isTimed(spec) ? segs.filter((s) => segmentIsLive(spec, s, now)) : segs;
  }

  private noteSegment(spec: StoreSpec, start: number): void {
    const segs = this.segments.get(spec.id);
    if (!segs) throw new Error(`store ${spec.name} is not open`);
    if (segs.includes(start)) return;
    segs.push(start);
    segs.sort((a, b) => a - b);
  }

  private async discoverSegments(spec: StoreSpec): Promise<number[]> {
    const found: number[] = [];
    let from = 0;
    for (;;) {
      const [k] = await this.db.keys({ ...storeRangeFrom(spec.id, from), limit: 1 }).all();
      if (!k) return found;
      const start = segmentOfKey(k);
      found.push(start);
      from = start + 1;
    }
  }
}

/** One key of a read: its physical keys are `count` from `from`, newest live segment first. */
interface ReadPlan {
  readonly from: number;
  readonly count: number;
}

/** Where the newest live segment holding the key answered (-1: none). */
function newestFound(p: ReadPlan, values: readonly (Buffer | undefined)[]): number {
  for (let i = p.from; i < p.from + p.count; i++) if (values[i] !== undefined) return i;
  return -1;
}

/** A found value; empty is a tombstone (deleted). */
function liveValue(v: Buffer): Buffer | undefined {
  return v.length === 0 ? undefined : v;
}
