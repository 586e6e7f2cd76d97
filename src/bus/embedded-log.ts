/**
 * The embedded log: a persistent, partitioned, append-only log in one LevelDB under the data
 * dir, standing in for Kafka when KAFKA_BROKERS is unset.
 *
 * Keys:   'r' | topicId u16 | partition u16 | offset u64   -> ts u64 | keyLen u32 | key | value
 *         (keyLen's top bit marks a tombstone: a deletion marker of a compacted topic, no value)
 *         'm' | 'topic:' + name                            -> topicId u16
 *         's' | ...                                        -> schema registry (embedded-registry.ts)
 * Writes are group-committed: every record sent while a write is in flight joins the next
 * single `batch({ sync: true })`, so durability costs one fsync per batch, not per record
 * (Kafka's linger, without the wait when the log is idle). Offsets are dense per partition
 * unless a batch write fails or a sender withdraws records before their batch, which leaves
 * a gap readers skip.
 * Retention deletes records older than the topic's retention, oldest first. A compacted topic
 * is kept by key instead (`compact`): only the newest record of each key stays, and a tombstone
 * stays long enough for every reader to have seen it.
 */
import { EventEmitter } from 'node:events';
import { ClassicLevel } from 'classic-level';
import { writeChained } from '../platform/level-batch.ts';
import { openLevel } from '../platform/level-open.ts';
import { HandedRecords, packChunk, type HandedChunk } from './embedded-handoff.ts';
import { explainLogDamage } from './log-damage.ts';
import { partitionFor } from './partitioner.ts';
import type { BusProducer, ConsumedRecord, OutRecord, RecordPosition, SendOptions } from './ports.ts';
import { withdrawer } from './withdrawal.ts';

/** LevelDB's write buffer (memtable) of the log. */
const LOG_WRITE_BUFFER = 32 * 1024 * 1024;

export interface LogTopicSpec {
  readonly name: string;
  readonly partitions: number;
  readonly retentionMs: number;
  readonly compacted?: boolean;
}

/** A partition's durable end moved (a notice between threads), with its new records when handed over. */
export interface DurableMove {
  readonly topic: string;
  readonly partition: number;
  end: number;
  /** The records of the batch that moved it (topics handed over only: `handOver`). */
  records?: HandedChunk;
}

/** A written batch's records of one handed partition, and where its chunk starts. */
interface HandedBatch {
  readonly from: number;
  readonly records: Pending[];
}

interface Pending {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly key: Buffer;
  readonly value: Buffer;
  /** Handed to LevelDB in a batch: can no longer be withdrawn. */
  taken: boolean;
  /** Withdrawn by its sender before being taken: skipped, its offset left as a gap. */
  withdrawn: boolean;
  resolve(): void;
  reject(err: Error): void;
}

/** Recent records per partition kept in memory so tailing consumers rarely touch disk. */
const TAIL_RECORDS = 4096;
const MAX_BATCH_RECORDS = 5000;

export class EmbeddedLog {
  readonly db: ClassicLevel<Buffer, Buffer>;
  readonly events = new EventEmitter();
  /**
   * Per topic: `next` = next offset to assign; `durable` = end of what is written (what readers
   * may see); `start` = first retained offset; `tail` = recent durable records this thread
   * wrote; `handed` = recent durable records another thread wrote and handed over.
   */
  private readonly topics = new Map<string, { id: number; spec: LogTopicSpec; next: number[]; durable: number[]; start: number[]; tail: ConsumedRecord[][]; handed: HandedRecords[] }>();
  /** Topics whose written records go with the durable notice (`handOver`). */
  private readonly handing = new Set<string>();
  private queue: Pending[] = [];
  private withdrawnInQueue = 0;
  private writing = false;
  private closed = false;

  /**
   * Called with the partitions whose durable end moved (a writer in another thread tells its
   * readers), with the batch's records for the topics handed over.
   */
  onDurable: ((moved: DurableMove[]) => void) | undefined;

  constructor(dir: string) {
    // Every check appends ~110 bytes to the log: with LevelDB's 4 MB write buffer the log's
    // memtable flushes and compactions took a large share of the background thread that the
    // state's compactions also use. A 32 MB buffer (as the state's, level-store.ts) flushes an
    // eighth as often; it costs up to 64 MB of memtables (docs/architecture.md, issue 19's
    // thirteenth round).
    this.db = new ClassicLevel<Buffer, Buffer>(dir, { keyEncoding: 'buffer', valueEncoding: 'buffer', writeBufferSize: LOG_WRITE_BUFFER });
    this.events.setMaxListeners(0);
  }

  /**
   * `multithreading`: another thread of this process opens the same log (the stream runtime's
   * worker). Each topic then has exactly one writing thread; the others learn of new durable
   * records through `advanceDurable` and read them from the database.
   */
  async open(specs: readonly LogTopicSpec[], opts: { multithreading?: boolean } = {}): Promise<void> {
    await openLevel(this.db, 'event log', { multithreading: opts.multithreading ?? false });
    try {
      await this.loadTopics(specs);
    } catch (err) {
      throw await explainLogDamage(err, this.db.location);
    }
  }

  private async loadTopics(specs: readonly LogTopicSpec[]): Promise<void> {
    let nextId = 1;
    for (const [, v] of await this.db.iterator({ gte: Buffer.from('mtopic:'), lt: Buffer.from('mtopic;') }).all()) {
      nextId = Math.max(nextId, v.readUInt16BE(0) + 1);
    }
    for (const spec of specs) {
      const metaKey = Buffer.from(`mtopic:${spec.name}`);
      let idBuf = await this.db.get(metaKey);
      if (idBuf === undefined) {
        idBuf = Buffer.alloc(2);
        idBuf.writeUInt16BE(nextId++);
        await this.db.put(metaKey, idBuf, { sync: true });
      }
      const id = idBuf.readUInt16BE(0);
      const next: number[] = [];
      const start: number[] = [];
      for (let p = 0; p < spec.partitions; p++) {
        const [last] = await this.db.keys({ gte: recordKey(id, p, 0), lt: recordKey(id, p + 1, 0), reverse: true, limit: 1 }).all();
        const [first] = await this.db.keys({ gte: recordKey(id, p, 0), lt: recordKey(id, p + 1, 0), limit: 1 }).all();
        next.push(last ? Number(last.readBigUInt64BE(5)) + 1 : 0);
        start.push(first ? Number(first.readBigUInt64BE(5)) : 0);
      }
      this.topics.set(spec.name, {
        id,
        spec,
        next,
        durable: [...next],
        start,
        tail: Array.from({ length: spec.partitions }, () => []),
        handed: Array.from({ length: spec.partitions }, () => new HandedRecords(TAIL_RECORDS * 2)),
      });
    }
  }

  partitionCount(topic: string): number {
    return this.topic(topic).spec.partitions;
  }

  /** End of the durable log per partition (records being written are not visible yet). */
  endOffsets(topic: string): number[] {
    return [...this.topic(topic).durable];
  }

  producer(): BusProducer {
    return { send: (topic, records, opts) => this.append(topic, records, opts) };
  }

  /**
   * Appends records; resolves once they are fsynced, with their positions. `opts.withdrawable`
   * gets a function that withdraws them while they still wait for the next batch (their offsets
   * stay unused: a gap readers skip); once their batch is being written, it returns false.
   */
  append(topic: string, records: readonly OutRecord[], opts: SendOptions = {}): Promise<RecordPosition[]> {
    if (this.closed) return Promise.reject(new Error('embedded log is closed'));
    const t = this.topic(topic);
    const positions: RecordPosition[] = [];
    const mine: Pending[] = [];
    // One promise for the send, resolved when its last record is durable (a single check's
    // append is one record: no promise per record and no Promise.all).
    let durable!: (positions: RecordPosition[]) => void;
    let failed!: (err: Error) => void;
    const written = new Promise<RecordPosition[]>((resolve, reject) => {
      durable = resolve;
      failed = reject;
    });
    let left = records.length;
    for (const r of records) {
      const partition = r.partition ?? partitionFor(r.key, t.spec.partitions);
      if (partition < 0 || partition >= t.spec.partitions) throw new Error(`${topic}: no partition ${partition}`);
      const offset = t.next[partition]!++;
      positions.push({ partition, offset });
      const rec: ConsumedRecord = r.tombstone
        ? { topic, partition, offset, key: r.key, value: EMPTY, timestamp: r.timestamp, tombstone: true }
        : { topic, partition, offset, key: r.key, value: r.value, timestamp: r.timestamp };
      const pending: Pending = {
        topic,
        partition,
        offset,
        key: recordKey(t.id, partition, offset),
        value: encodeRecord(r),
        taken: false,
        withdrawn: false,
        resolve: () => {
          this.remember(t.tail[partition]!, rec);
          if (offset + 1 > t.durable[partition]!) t.durable[partition] = offset + 1;
          if (--left === 0) durable(positions);
        },
        reject: failed,
      };
      this.queue.push(pending);
      mine.push(pending);
    }
    if (records.length === 0) durable(positions);
    opts.withdrawable?.(
      withdrawer(topic, mine, (n) => {
        this.withdrawnInQueue += n;
        this.kick();
      }),
    );
    this.kick();
    return written;
  }

  /**
   * Moves a partition's end forward to `offset` without records: the next append gets that
   * offset. For a log that lost its tail (a deleted or truncated log directory) while a
   * consumer had already applied records up to `offset`: new records must land past what it
   * applied, or it would skip them as already seen. Offsets below the end are never reused.
   */
  skipTo(topic: string, partition: number, offset: number): void {
    const t = this.topic(topic);
    if (offset <= t.next[partition]!) return;
    t.next[partition] = offset;
    t.durable[partition] = offset;
  }

  /**
   * The records this log writes of these topics go with its durable notices (`onDurable`), so
   * that a reader in another thread applies them without reading them back from the database.
   */
  handOver(topics: Iterable<string>): void {
    for (const t of topics) {
      this.topic(t);
      this.handing.add(t);
    }
  }

  /**
   * Another thread's durable notice: each partition's end moves, and the records handed with it
   * are kept for this thread's readers (the database stays the source: a reader whose position
   * the handed records do not cover reads it there).
   */
  receiveDurable(moved: readonly DurableMove[]): void {
    for (const m of moved) {
      const t = this.topic(m.topic);
      if (m.records && m.records.end > t.durable[m.partition]!) t.handed[m.partition]!.add(m.records);
      this.advanceDurable(m.topic, m.partition, m.end);
    }
  }

  /** Another thread made records of a partition durable up to `end` (exclusive). */
  advanceDurable(topic: string, partition: number, end: number): void {
    const t = this.topic(topic);
    if (end <= t.durable[partition]!) return;
    t.durable[partition] = end;
    if (end > t.next[partition]!) t.next[partition] = end;
    this.events.emit(`${topic}/${partition}`);
  }

  /** Reads up to `max` records of a partition from `from` (inclusive), skipping gaps. */
  async read(topic: string, partition: number, from: number, max: number): Promise<ConsumedRecord[]> {
    const t = this.topic(topic);
    const handed = t.handed[partition]!;
    if (handed.covers(from)) return handed.read(topic, partition, from, max, decodeRecord);
    // A reader that consumed every handed record, the last durable ones: nothing new to read.
    if (handed.endsAt(from, t.durable[partition]!)) return [];
    const tail = t.tail[partition]!;
    const first = tail[0];
    if (first && from >= first.offset) {
      // The tail is sorted by offset (batches complete in order): binary search the start.
      let lo = 0;
      let hi = tail.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (tail[mid]!.offset < from) lo = mid + 1;
        else hi = mid;
      }
      return tail.slice(lo, lo + max);
    }
    const out: ConsumedRecord[] = [];
    try {
      for await (const [k, v] of this.db.iterator({ gte: recordKey(t.id, partition, from), lt: recordKey(t.id, partition + 1, 0), limit: max })) {
        out.push(decodeRecord(topic, partition, Number(k.readBigUInt64BE(5)), v));
      }
    } catch (err) {
      // Damaged records stop the reader for good (retrying cannot help): say which file and what to do.
      throw await explainLogDamage(err, this.db.location);
    }
    return out;
  }

  /**
   * The offset of a partition's first record whose timestamp is at or after `ts` (its end when
   * none is), as Kafka's offsetsForTimes: a binary search over the offsets, so for timestamps
   * that grow with the offsets (records appended as they happen). Never an unused offset: a
   * partition whose end was moved past its records (`skipTo`) has readers wait at its end.
   */
  async offsetForTime(topic: string, partition: number, ts: number): Promise<number> {
    const t = this.topic(topic);
    let lo = t.start[partition]!;
    let hi = t.durable[partition]!;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      // The first record at or after `mid` (offsets may have gaps: withdrawn records).
      const [first] = await this.db.iterator({ gte: recordKey(t.id, partition, mid), lt: recordKey(t.id, partition, hi), limit: 1 }).all();
      if (!first) hi = mid;
      else if (Number(first[1].readBigUInt64BE(0)) < ts) lo = Number(first[0].readBigUInt64BE(5)) + 1;
      else hi = mid;
    }
    const [at] = await this.db.keys({ gte: recordKey(t.id, partition, lo), lt: recordKey(t.id, partition, t.durable[partition]!), limit: 1 }).all();
    return at ? Number(at.readBigUInt64BE(5)) : t.durable[partition]!;
  }

  /** The timestamp of a partition's newest durable record (undefined: none). */
  async newestTime(topic: string, partition: number): Promise<number | undefined> {
    const t = this.topic(topic);
    const [last] = await this.db.iterator({ gte: recordKey(t.id, partition, t.start[partition]!), lt: recordKey(t.id, partition, t.durable[partition]!), reverse: true, limit: 1 }).all();
    return last ? Number(last[1].readBigUInt64BE(0)) : undefined;
  }

  /** Drops records older than each topic's retention. Returns how many were deleted. */
  async enforceRetention(now: number): Promise<number> {
    let deleted = 0;
    for (const t of this.topics.values()) {
      if (t.spec.compacted) continue;
      const cutoff = now - t.spec.retentionMs;
      for (let p = 0; p < t.spec.partitions; p++) {
        let firstKept = t.start[p]!;
        for await (const [k, v] of this.db.iterator({ gte: recordKey(t.id, p, firstKept), lt: recordKey(t.id, p + 1, 0) })) {
          if (Number(v.readBigUInt64BE(0)) >= cutoff) break;
          firstKept = Number(k.readBigUInt64BE(5)) + 1;
        }
        if (firstKept > t.start[p]!) {
          await this.db.clear({ gte: recordKey(t.id, p, t.start[p]!), lt: recordKey(t.id, p, firstKept) });
          deleted += firstKept - t.start[p]!;
          t.start[p] = firstKept;
          const tail = t.tail[p]!;
          while (tail.length && tail[0]!.offset < firstKept) tail.shift();
          t.handed[p]!.dropBelow(firstKept);
        }
      }
    }
    return deleted;
  }

  /**
   * Compacts a compacted topic as Kafka's log cleaner does: of each key only the newest record
   * stays; a tombstone that is the newest of its key goes too once older than
   * `tombstoneRetentionMs` (every reader has seen it by then), and the partition's last record
   * always stays. Run by the thread that writes the topic. Returns how many records were deleted.
   */
  async compact(topic: string, now: number, tombstoneRetentionMs: number): Promise<number> {
    const t = this.topic(topic);
    if (!t.spec.compacted) throw new Error(`${topic} is not a compacted topic`);
    let deleted = 0;
    for (let p = 0; p < t.spec.partitions; p++) {
      const newest = new Map<string, { offset: number; tombstone: boolean; timestamp: number }>();
      const drop: number[] = [];
      const end = t.durable[p]!;
      for await (const [k, v] of this.db.iterator({ gte: recordKey(t.id, p, t.start[p]!), lt: recordKey(t.id, p, end) })) {
        const r = decodeRecord(topic, p, Number(k.readBigUInt64BE(5)), v);
        const id = r.key.toString('latin1');
        const before = newest.get(id);
        if (before) drop.push(before.offset);
        newest.set(id, { offset: r.offset, tombstone: r.tombstone === true, timestamp: r.timestamp });
      }
      for (const n of newest.values()) if (n.tombstone && now - n.timestamp > tombstoneRetentionMs) drop.push(n.offset);
      // The last record always stays (Kafka never cleans the active segment): a reader knows it
      // has caught up when it has read the record before the end.
      const gone = new Set(drop.filter((o) => o !== end - 1));
      if (gone.size === 0) continue;
      await writeChained(this.db, (b) => gone.forEach((o) => b.del(recordKey(t.id, p, o))), { sync: true });
      deleted += gone.size;
      const tail = t.tail[p]!;
      t.tail[p] = tail.filter((r) => !gone.has(r.offset));
      t.handed[p]!.clear();
      const [first] = await this.db.keys({ gte: recordKey(t.id, p, 0), lt: recordKey(t.id, p + 1, 0), limit: 1 }).all();
      t.start[p] = first ? Number(first.readBigUInt64BE(5)) : end;
    }
    return deleted;
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.writing || this.queue.length) await new Promise((r) => setTimeout(r, 2));
    this.events.emit('close');
    await this.db.close();
  }

  private topic(name: string) {
    const t = this.topics.get(name);
    if (!t) throw new Error(`unknown topic ${name}`);
    return t;
  }

  private remember(tail: ConsumedRecord[], rec: ConsumedRecord): void {
    tail.push(rec);
    if (tail.length > TAIL_RECORDS * 2) tail.splice(0, tail.length - TAIL_RECORDS);
  }

  /**
   * Tells tailing readers (this thread's events, another thread's through onDurable) once per
   * written batch, not once per record: under load a batch holds hundreds of checks.
   */
  private announce(batch: readonly Pending[], handed: ReadonlyMap<string, HandedBatch> | undefined): void {
    const moved = new Map<string, DurableMove>();
    for (const p of batch) {
      const id = `${p.topic}/${p.partition}`;
      if (!moved.has(id)) moved.set(id, { topic: p.topic, partition: p.partition, end: 0 });
    }
    for (const [id, m] of moved) {
      m.end = this.topic(m.topic).durable[m.partition]!;
      this.events.emit(id);
    }
    if (!this.onDurable) return;
    for (const [id, h] of handed ?? []) {
      const m = moved.get(id)!;
      m.records = packChunk(h.from, m.end, h.records.map((p) => p.offset), h.records.map((p) => p.value));
    }
    this.onDurable([...moved.values()]);
  }

  /**
   * The batch's records of each handed partition, in offset order (the queue's order), with the
   * partition's durable end before the batch (where its chunk starts): taken before the batch
   * resolves and moves that end.
   */
  private handedOf(batch: readonly Pending[]): Map<string, HandedBatch> | undefined {
    if (this.handing.size === 0 || !this.onDurable) return undefined;
    const handed = new Map<string, HandedBatch>();
    for (const p of batch) {
      if (!this.handing.has(p.topic)) continue;
      const id = `${p.topic}/${p.partition}`;
      const h = handed.get(id);
      if (h) h.records.push(p);
      else handed.set(id, { from: this.topic(p.topic).durable[p.partition]!, records: [p] });
    }
    return handed;
  }

  /** Group commit: one write in flight; everything queued meanwhile goes in the next one. */
  private kick(): void {
    if (this.writing) return;
    if (this.withdrawnInQueue) {
      this.queue = this.queue.filter((p) => !p.withdrawn);
      this.withdrawnInQueue = 0;
    }
    if (this.queue.length === 0) return;
    this.writing = true;
    const batch = this.queue.splice(0, MAX_BATCH_RECORDS);
    for (const p of batch) p.taken = true;
    writeChained(this.db, (b) => batch.forEach((p) => b.put(p.key, p.value)), { sync: true })
      .then(
        () => {
          const handed = this.handedOf(batch);
          batch.forEach((p) => p.resolve());
          this.announce(batch, handed);
        },
        (err: Error) => batch.forEach((p) => p.reject(err)),
      )
      .finally(() => {
        this.writing = false;
        this.kick();
      });
  }
}

export function recordKey(topicId: number, partition: number, offset: number): Buffer {
  const k = Buffer.allocUnsafe(13);
  k[0] = 0x72; // 'r'
  k.writeUInt16BE(topicId, 1);
  k.writeUInt16BE(partition, 3);
  k.writeBigUInt64BE(BigInt(offset), 5);
  return k;
}

const EMPTY = Buffer.alloc(0);
const TOMBSTONE = 0x8000_0000;

function encodeRecord(r: OutRecord): Buffer {
  const value = r.tombstone ? EMPTY : r.value;
  const out = Buffer.allocUnsafe(12 + r.key.length + value.length);
  out.writeBigUInt64BE(BigInt(r.timestamp), 0);
  out.writeUInt32BE((r.key.length | (r.tombstone ? TOMBSTONE : 0)) >>> 0, 8);
  r.key.copy(out, 12);
  value.copy(out, 12 + r.key.length);
  return out;
}

function decodeRecord(topic: string, partition: number, offset: number, v: Buffer): ConsumedRecord {
  const word = v.readUInt32BE(8);
  const keyLen = word & ~TOMBSTONE;
  const record = { topic, partition, offset, timestamp: Number(v.readBigUInt64BE(0)), key: v.subarray(12, 12 + keyLen), value: v.subarray(12 + keyLen) };
  // Tombstones are rare (compacted topics only): the common record is made without an empty object spread into it.
  return word & TOMBSTONE ? { ...record, tombstone: true } : record;
}
