/**
 * The LevelDB engine behind every state store of one process (classic-level): one database,
 * stores told apart by a one-byte id, timed stores split into time segments (store-spec.ts).
 *
 * Invariants:
 *   - `commit` writes store changes and consumer offsets in ONE atomic batch: after a crash the
 *     stores and the offsets agree, so nothing is applied twice (this is our `.checkpoint`).
 *   - `fetch` reads every requested key, and the offsets, in one `getMany` (one snapshot), so a
 *     reader sees a state and the offsets that produced it together.
 *   - Only the runtime (or a changelog replica) writes; API code reads through `fetch`.
 */
import { ClassicLevel } from 'classic-level';
import { writeChained } from '../../platform/level-batch.ts';
import { openLevel } from '../../platform/level-open.ts';
import { OFFSETS_STORE, offsetKey } from './offsets.ts';
import type { PendingWrite, ReadSet } from './tx.ts';
import { isTimed, segmentIsLive, segmentRange, storeKey, type StoreSpec } from './store-spec.ts';

export interface CommitHook {
  /**
   * Called with the exact writes (offsets included) before they are committed, and the source
   * partitions they came from (changelog producers write them to that partition).
   */
  beforeCommit(writes: readonly PendingWrite[], sources: readonly { topic: string; partition: number }[]): Promise<void>;
}

export class StateDb {
  readonly db: ClassicLevel<Buffer, Buffer>;
  private readonly segments = new Map<number, number[]>(); // storeId -> segment starts, ascending
  private readonly specs = new Map<number, StoreSpec>();
  private hook: CommitHook | undefined;

  constructor(dir: string) {
    // A check writes about 440 bytes in ~5 keys, most of them new: with LevelDB's 4 MB write
    // buffer the background compaction took about 40% of a core at 5,000 checks/s. A 32 MB
    // buffer (and 16 MB files) flushes and compacts an eighth as often; in alternating
    // npm run bench:pipeline runs the threads other than the two JS ones went from 118-150 to
    // 89-116 µs per check. Costs up to 64 MB of memtables.
    this.db = new ClassicLevel<Buffer, Buffer>(dir, {
      keyEncoding: 'buffer',
      valueEncoding: 'buffer',
      cacheSize: 64 * 1024 * 1024,
      writeBufferSize: 32 * 1024 * 1024,
      maxFileSize: 16 * 1024 * 1024,
    });
  }

  /** `multithreading`: the stream runtime's worker thread opens the same database. */
  async open(specs: readonly StoreSpec[], opts: { multithreading?: boolean } = {}): Promise<void> {
    await openLevel(this.db, 'state store', { multithreading: opts.multithreading ?? false });
    for (const spec of [...specs, OFFSETS_STORE]) {
      const clash = this.specs.get(spec.id);
      if (clash && clash.name !== spec.name) throw new Error(`store id ${spec.id} used by ${clash.name} and ${spec.name}`);
      this.specs.set(spec.id, spec);
      this.segments.set(spec.id, isTimed(spec) ? await this.discoverSegments(spec) : [0]);
    }
  }

  setCommitHook(hook: CommitHook | undefined): void {
    this.hook = hook;
  }

  /** Values of the requested keys as of stream/wall time `now` (timed stores: newest live segment wins). */
  async fetch(reads: ReadSet, now: number): Promise<Map<string, Buffer | undefined>> {
    return (await this.fetchMany([{ reads, now }]))[0]!;
  }

  /** As fetch, with the segment each value was found in (-1 when absent). */
  async fetchEntries(reads: ReadSet, now: number): Promise<Map<string, { value: Buffer | undefined; seg: number }>> {
    const physical: Buffer[] = [];
    const plan = this.plan(reads, now, physical);
    return this.resolve(plan, physical, await this.getMany(physical));
  }

  /**
   * Several read sets, each at its own time, in one getMany: the API's concurrent checks share
   * one trip to the libuv pool instead of one each (coalescing-reader.ts).
   */
  async fetchMany(requests: readonly { reads: ReadSet; now: number }[]): Promise<Map<string, Buffer | undefined>[]> {
    const physical: Buffer[] = [];
    const plans = requests.map((r) => this.plan(r.reads, r.now, physical));
    const values = await this.getMany(physical);
    return plans.map((plan) => {
      const out = new Map<string, Buffer | undefined>();
      for (const [mk, e] of this.resolve(plan, physical, values)) out.set(mk, e.value);
      return out;
    });
  }

  /** Appends the physical keys of the reads (newest live segment first) and says where each read's keys are. */
  private plan(reads: ReadSet, now: number, physical: Buffer[]): { mk: string; from: number; count: number }[] {
    const plan: { mk: string; from: number; count: number }[] = [];
    for (const [mk, { store, key }] of reads.entries) {
      const segs = this.liveSegments(store, now);
      plan.push({ mk, from: physical.length, count: segs.length });
      for (let i = segs.length - 1; i >= 0; i--) physical.push(storeKey(store, segs[i]!, key));
    }
    return plan;
  }

  private resolve(plan: readonly { mk: string; from: number; count: number }[], physical: readonly Buffer[], values: readonly (Buffer | undefined)[]): Map<string, { value: Buffer | undefined; seg: number }> {
    const out = new Map<string, { value: Buffer | undefined; seg: number }>();
    for (const { mk, from, count } of plan) {
      let v: Buffer | undefined;
      let seg = -1;
      for (let i = from; i < from + count; i++) {
        if (values[i] !== undefined) {
          v = values[i]!.length === 0 ? undefined : values[i];
          seg = physical[i]!.readUInt32BE(1) * 2 ** 32 + physical[i]!.readUInt32BE(5);
          break;
        }
      }
      out.set(mk, { value: v, seg });
    }
    return out;
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

  async commit(writes: readonly PendingWrite[], offsets: readonly { topic: string; partition: number; next: number }[]): Promise<void> {
    const all: PendingWrite[] = [...writes];
    for (const o of offsets) {
      const v = Buffer.allocUnsafe(8);
      v.writeBigUInt64BE(BigInt(o.next));
      all.push({ store: OFFSETS_STORE, key: offsetKey(o.topic, o.partition), value: v, segmentStart: 0, partition: o.partition });
    }
    if (this.hook) await this.hook.beforeCommit(all, offsets);
    await this.apply(all);
  }

  /** Writes without offsets bookkeeping (changelog replicas apply what the owner committed). */
  async apply(writes: readonly PendingWrite[]): Promise<void> {
    if (writes.length) {
      await writeChained(this.db, (batch) => {
        for (const w of writes) {
          const key = storeKey(w.store, w.segmentStart, w.key);
          if (w.value === null) batch.del(key);
          else batch.put(key, w.value);
        }
      });
    }
    for (const w of writes) this.noteSegment(w.store, w.segmentStart);
  }

  /** Every live entry of a store (small stores only, e.g. model-stats per account), with its segment. */
  async scan(spec: StoreSpec, now: number): Promise<{ key: Buffer; value: Buffer; seg: number }[]> {
    const out = new Map<string, { key: Buffer; value: Buffer; seg: number }>();
    for (const seg of this.liveSegments(spec, now)) {
      for await (const [k, v] of this.db.iterator(segmentRange(spec, seg))) {
        const key = k.subarray(9);
        if (v.length === 0) out.delete(key.toString('latin1'));
        else out.set(key.toString('latin1'), { key, value: v, seg });
      }
    }
    return [...out.values()];
  }

  /**
   * Applies records of another instance's changelogs (physical keys as `storeKey` builds them)
   * together with this replica's own consumer positions, atomically. Unknown store ids are
   * skipped (a newer streams version may have more stores than this reader).
   */
  async applyPhysical(records: readonly { key: Buffer; value: Buffer | null }[], offsets: readonly { topic: string; partition: number; next: number }[]): Promise<void> {
    const writes: PendingWrite[] = [];
    for (const r of records) {
      if (r.key.length < 9) continue;
      const spec = this.specs.get(r.key[0]!);
      if (!spec) continue;
      writes.push({ store: spec, key: r.key.subarray(9), value: r.value, segmentStart: Number(r.key.readBigUInt64BE(1)) });
    }
    for (const o of offsets) {
      const v = Buffer.allocUnsafe(8);
      v.writeBigUInt64BE(BigInt(o.next));
      writes.push({ store: OFFSETS_STORE, key: offsetKey(o.topic, o.partition), value: v, segmentStart: 0 });
    }
    await this.apply(writes);
  }

  /** The next offset to read per partition, as committed with the state (0 when never). */
  async offsets(topic: string, partitions: number): Promise<number[]> {
    const keys = Array.from({ length: partitions }, (_, p) => storeKey(OFFSETS_STORE, 0, offsetKey(topic, p)));
    const vals = await this.db.getMany(keys);
    return vals.map((v) => (v ? Number(v.readBigUInt64BE(0)) : 0));
  }

  /** Drops every segment whose data is past retention at stream time `now`. Returns segments dropped. */
  async expire(now: number): Promise<number> {
    let dropped = 0;
    for (const [id, segs] of this.segments) {
      const spec = this.specs.get(id)!;
      if (!isTimed(spec)) continue;
      while (segs.length && !segmentIsLive(spec, segs[0]!, now)) {
        await this.db.clear(segmentRange(spec, segs.shift()!));
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
      const [k] = await this.db.keys({ gte: segmentRange(spec, from).gte, lt: Buffer.from([spec.id + 1]), limit: 1 }).all();
      if (!k) return found;
      const start = Number(k.readBigUInt64BE(1));
      found.push(start);
      from = start + 1;
    }
  }
}
