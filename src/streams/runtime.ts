/**
 * The stream runtime (shell): consumes the source topics of the topology and applies every
 * aggregation. Loop per batch:
 *   decode -> declare reads -> prefetch what the record cache lacks (one getMany)
 *   -> apply in order (sync, in the cache) -> produce emitted records (durable)
 * and every commit interval (or when enough is dirty):
 *   commit the coalesced store writes + the source positions in ONE atomic batch -> notify.
 * Readers (API queries) see committed state only, together with the positions that produced
 * it, so read-your-writes bookkeeping stays exact. Emitted records go out before the commit
 * that covers them: a crash in between re-emits them on restart, so their consumers are
 * idempotent (at-least-once out, exactly-once in the stores).
 * Batches and commits run one at a time: the state is one database, so serialising rules out
 * read/write races. Records below the processed position are skipped: redelivery never
 * double counts.
 * A store of a replayable aggregation (aggregation.ts) that the state lacks, because an upgrade
 * added it, is built from the log: a partition whose store is not marked built yet is read again
 * from its start, its records below the processed position applied through the replayable
 * aggregations only, and the mark is committed with the writes once the replay reaches that
 * position (a crash before it replays again: harmless, they are replayable). Until then the
 * runtime is not caught up.
 * A store that replaces stores of an earlier version whose values cannot be rebuilt from the log
 * (aggregation.ts StoreConversion) is converted from them instead: when a partition of its source
 * is assigned and not marked converted, the old values of the keys that partition writes are
 * turned into the new store's (written below the record cache, in chunks, through the
 * changelogging layer in Kafka mode) and the mark is committed with the last chunk. Only the
 * partition's owner converts it. A crash before the mark converts again from the same old values,
 * which nothing changes: the same writes. Once every partition of the source is marked in this
 * state, the old stores' data is never read again here and is deleted (at that point, and at
 * every start after it, so a crash while deleting is finished by the next start), instead of
 * waiting for its retention (up to 240 days).
 */
import type { EventCodec } from '../bus/avro.ts';
import type { Codecs } from '../bus/codecs.ts';
import type { Bus, BusConsumer, BusProducer, ConsumedRecord, TopicPartition } from '../bus/ports.ts';
import { TOPICS, type TopicKey } from '../bus/topics.ts';
import type { Aggregation, Emitted, ProcessorNode, StoreConversion } from './aggregation.ts';
import type { StateStore } from './stores/state-store.ts';
import { segmentOf, type StoreSpec } from './stores/store-spec.ts';
import { CachingStore, type Prefetched } from './stores/caching-store.ts';
import { KeySet } from './stores/key-map.ts';
import type { CommittedPosition } from './stores/state-store.ts';
import { packWrites, type CommitListener } from './handed-writes.ts';
import { mapKey, ReadSet, type PendingWrite } from './stores/tx.ts';

export interface RuntimeLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RuntimeOptions {
  bus: Bus;
  state: StateStore;
  codecs: Codecs;
  nodes: readonly ProcessorNode[];
  groupId: string;
  logger: RuntimeLogger;
  now: () => number;
  /** How often expired segments are dropped (wall clock). */
  expiryIntervalMs?: number;
  /** Commit at least this often while there is something to commit (materialisation lag). */
  commitIntervalMs?: number;
  /** Commit early once this many store entries are dirty (memory bound). */
  maxDirty?: number;
  /** Memory the record cache may use for clean entries (bytes; default: RecordCache's). */
  cacheBytes?: number;
  /** Keys a store conversion writes per commit (default 4,096). */
  conversionChunk?: number;
  /**
   * Stores whose writes each commit hands to its listeners (handed-writes.ts): the API's cache
   * takes them as the committed state instead of reading them back. None by default.
   */
  handOver?: ReadonlySet<StoreSpec>;
}

export interface StreamRuntime {
  start(): Promise<void>;
  /** Committed next offsets of a source topic (what the stores include). */
  applied(topic: TopicKey): readonly number[];
  /** Resolves when every partition of every source is applied up to its end offset at call time. */
  caughtUp(timeoutMs?: number): Promise<boolean>;
  /** Called after every commit: with the commit's writes to `handOver`'s stores when they were handed over (none: start over). */
  onCommit(listener: CommitListener): () => void;
  /** Time of the newest event applied. */
  streamTime(): number;
  failed(): Error | undefined;
  stop(): Promise<void>;
}

/**
 * The runtime shares its thread with the API in embedded mode: it works in slices of this many
 * records and lets pending I/O (HTTP requests, log acknowledgements) run between them, so a
 * batch of a thousand events never stalls a request for its whole duration.
 */
const SLICE = 64;

/** The position key that marks a replayable store as built for the partitions of its source (value 1). */
export const builtMark = (store: StoreSpec): string => `built/${store.name}`;

/** The position key that marks a store as converted from its predecessors for the partitions of its source (value 1). */
export const convertedMark = (store: StoreSpec): string => `converted/${store.name}`;

const yieldToIo = (): Promise<void> => new Promise((r) => setImmediate(r));

export function createStreamRuntime(o: RuntimeOptions): StreamRuntime {
  const nodesByTopic = new Map<string, ProcessorNode[]>();
  for (const n of o.nodes) {
    const name = TOPICS[n.source].name;
    nodesByTopic.set(name, [...(nodesByTopic.get(name) ?? []), n]);
  }
  const topicKeyByName = new Map<string, TopicKey>(Object.entries(TOPICS).map(([k, v]) => [v.name, k as TopicKey]));
  const applied = new Map<string, number[]>(); // committed: what the stores include
  const processed = new Map<string, number[]>(); // applied to the cache, maybe not committed yet
  const stores = new CachingStore(o.state, o.cacheBytes);
  const commitInterval = o.commitIntervalMs ?? 200;
  const maxDirty = o.maxDirty ?? 100_000;
  let lastCommit = 0;
  let commitTimer: NodeJS.Timeout | undefined;
  const listeners = new Set<CommitListener>();
  let consumer: BusConsumer | undefined;
  let producer: BusProducer | undefined;
  let chain: Promise<void> = Promise.resolve();
  let streamTime = 0;
  let failure: Error | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;

  // Replayable aggregations per source topic, and the stores they keep (built from the log when new).
  const replayable = new Map<string, { aggregations: Aggregation<unknown>[]; stores: StoreSpec[] }>();
  for (const [topic, nodes] of nodesByTopic) {
    const aggregations = nodes.flatMap((n) => n.aggregations as readonly Aggregation<unknown>[]).filter((a) => a.replayable);
    if (aggregations.length) replayable.set(topic, { aggregations, stores: aggregations.flatMap((a) => a.stores) });
  }
  /** Per topic, the partitions whose replayable stores are not built yet: the position their replay must reach. */
  const building = new Map<string, Map<number, number>>();
  /** Marks of stores built since the last commit (committed with the state). */
  let builtMarks: CommittedPosition[] = [];
  // Store conversions per source topic, and the partitions each has yet to convert.
  const conversions = new Map<string, StoreConversion[]>();
  for (const [topic, nodes] of nodesByTopic) {
    const list = nodes.flatMap((n) => n.aggregations.flatMap((a) => (a.converts ? [a.converts] : [])));
    if (list.length) conversions.set(topic, list);
  }
  const converting = new Map<StoreConversion, Set<number>>();

  /**
   * Work that needs no exclusive access, started as soon as a batch arrives (so it overlaps
   * the batches ahead of it): decoding, declaring the reads, fetching what the cache lacks.
   */
  interface Prepared {
    events: unknown[];
    offsets: number[];
    prefetched: Prefetched;
  }

  async function prepare(tp: TopicPartition, records: readonly ConsumedRecord[]): Promise<Prepared> {
    const codec = o.codecs[topicKeyByName.get(tp.topic)!];
    const nodes = nodesByTopic.get(tp.topic)!;
    const events: unknown[] = [];
    const reads = new KeySet();
    // Records below the position are only replayed into stores being built (else skipped).
    const below = processed.get(tp.topic)![tp.partition]!;
    const replay = building.get(tp.topic)?.has(tp.partition) ? replayable.get(tp.topic)!.aggregations : [];
    for (let i = 0; i < records.length; i++) {
      if (i > 0 && i % SLICE === 0) await yieldToIo();
      // Synchronous while the writer schema is known (every record but the first of an older schema): no promise per record.
      const ev = codec.decodeKnown(records[i]!.value) ?? (await codec.decode(records[i]!.value));
      events.push(ev);
      if (records[i]!.offset >= below) for (const n of nodes) for (const a of n.aggregations) a.reads(ev as never, reads);
      else for (const a of replay) a.reads(ev, reads);
    }
    const prefetched = await stores.prefetch(reads, Math.max(streamTime, o.now()));
    return { events, offsets: records.map((r) => r.offset), prefetched };
  }

  async function processBatch(tp: TopicPartition, p: Prepared): Promise<void> {
    stores.take(p.prefetched);
    const positions = processed.get(tp.topic)!;
    const replayed = await replayBelow(tp, p, positions[tp.partition]!);
    const from = p.offsets.findIndex((off) => off >= positions[tp.partition]!);
    if (from < 0) {
      if (replayed) scheduleCommit();
      return;
    }
    const events = p.events.slice(from);
    const nodes = nodesByTopic.get(tp.topic)!;
    let batchTime = streamTime;
    for (const ev of events) batchTime = Math.max(batchTime, nodes[0]!.timeOf(ev as never));
    await stores.complete(p.prefetched.reads, batchTime);
    const tx = stores.tx(batchTime, tp.partition);

    // Applied to a transaction first: only once the batch's outputs are produced do its state
    // changes reach the cache, so a failure here leaves nothing half-applied for the retry.
    const emitted: Emitted[] = [];
    const emit = (e: Emitted): void => void emitted.push(e);
    for (let i = 0; i < events.length; i++) {
      if (i > 0 && i % SLICE === 0) await yieldToIo();
      const at = { partition: tp.partition, offset: p.offsets[from + i]! };
      for (const n of nodes) for (const a of n.aggregations) a.apply(events[i] as never, tx, emit, at);
    }

    if (emitted.length) await produce(emitted);
    tx.apply();
    positions[tp.partition] = p.offsets.at(-1)! + 1;
    streamTime = batchTime;
    if (stores.dirty >= maxDirty || o.now() - lastCommit >= commitInterval) {
      try {
        await commit();
      } catch (err) {
        // The batch is applied (its redelivery is skipped): the retry must not wait for the
        // next record to arrive, which on a quiet topic may be never. The error still fails
        // the batch, so the consumer backs off instead of piling up more dirty state.
        scheduleCommit();
        throw err;
      }
    } else scheduleCommit();
  }

  /**
   * A partition whose replayable stores are being built: its records below the processed
   * position go through the replayable aggregations only (they emit nothing), into the cache
   * like any batch; reaching the position marks the stores built (committed with the state).
   */
  async function replayBelow(tp: TopicPartition, p: Prepared, position: number): Promise<boolean> {
    const target = building.get(tp.topic)?.get(tp.partition);
    if (target === undefined) return false;
    const r = replayable.get(tp.topic)!;
    const nodes = nodesByTopic.get(tp.topic)!;
    let batchTime = streamTime;
    const upTo = p.offsets.findIndex((off) => off >= position);
    const events = upTo < 0 ? p.events : p.events.slice(0, upTo);
    if (events.length) {
      for (const ev of events) batchTime = Math.max(batchTime, nodes[0]!.timeOf(ev as never));
      await stores.complete(p.prefetched.reads, batchTime);
      const tx = stores.tx(batchTime, tp.partition);
      const emit = (): void => {
        throw new Error('a replayable aggregation emitted a record');
      };
      for (let i = 0; i < events.length; i++) {
        if (i > 0 && i % SLICE === 0) await yieldToIo();
        for (const a of r.aggregations) a.apply(events[i], tx, emit, { partition: tp.partition, offset: p.offsets[i]! });
      }
      tx.apply();
    }
    if (p.offsets.at(-1)! + 1 >= target) {
      building.get(tp.topic)!.delete(tp.partition);
      for (const store of r.stores) builtMarks.push({ topic: builtMark(store), partition: tp.partition, next: 1 });
      o.logger.info({ topic: tp.topic, partition: tp.partition, stores: r.stores.map((x) => x.name) }, 'stores built from the log');
    }
    return true;
  }

  /** Whether any of the stores holds a key (their data, not their marks). */
  async function holdsAny(specs: readonly StoreSpec[]): Promise<boolean> {
    for (const spec of specs) for await (const batch of o.state.keys(spec)) if (batch.length) return true;
    return false;
  }

  /**
   * Converts what partition `tp` writes of a store's predecessors (every key, for a conversion
   * without `partitionOf`), unless it is marked converted: old values are read from the state,
   * converted, and written below the cache (nothing of this partition is cached yet: it was just
   * assigned, and none of its records was applied since it lacks the mark), chunk by chunk; the
   * marks go with the last chunk.
   */
  async function convertAt(tp: TopicPartition): Promise<void> {
    for (const c of conversions.get(tp.topic) ?? []) {
      const pending = converting.get(c);
      if (!pending?.has(tp.partition)) continue;
      const count = o.bus.partitionCount(tp.topic);
      const partitions = c.partitionOf ? [tp.partition] : [...pending];
      const now = Math.max(streamTime, o.now());
      const chunkSize = o.conversionChunk ?? 4096;
      let keys: Buffer[] = [];
      let converted = 0;
      /** Converts the keys found in `c.from[scanned]` (a key another old store listed first was converted then). */
      const write = async (scanned: number, marks: CommittedPosition[]): Promise<void> => {
        const reads = new ReadSet();
        for (const key of keys) for (const s of c.from) reads.add(s, key);
        const old = keys.length ? await o.state.fetch(reads, now) : new Map<string, Buffer | undefined>();
        const writes: PendingWrite[] = [];
        for (const key of keys) {
          const values = c.from.map((s) => old.get(mapKey(s, key)));
          if (values.slice(0, scanned).some((v) => v !== undefined)) continue;
          const out = c.convert(values);
          if (out) writes.push({ store: c.to, key, value: out.value, segmentStart: segmentOf(c.to, out.ts), partition: tp.partition });
        }
        converted += writes.length;
        keys = [];
        await o.state.commit(writes, marks);
      };
      // The old stores' keys, store by store (a key may be listed twice: converting it again writes the same value).
      for (let scanned = 0; scanned < c.from.length; scanned++) {
        for await (const batch of o.state.keys(c.from[scanned]!)) {
          for (const view of batch) {
            const key = Buffer.from(view);
            if (c.partitionOf && c.partitionOf(key, count) !== tp.partition) continue;
            keys.push(key);
            if (keys.length >= chunkSize) await write(scanned, []);
          }
        }
        if (scanned < c.from.length - 1) await write(scanned, []);
      }
      await write(c.from.length - 1, partitions.map((partition) => ({ topic: convertedMark(c.to), partition, next: 1 })));
      for (const p of partitions) pending.delete(p);
      o.logger.info({ topic: tp.topic, partitions, store: c.to.name, from: c.from.map((s) => s.name), keys: converted }, 'store converted from the stores it replaces');
      if (pending.size === 0) {
        // Still converting until the old data is deleted: a caught-up answer comes after it.
        try {
          await dropConverted(c);
        } finally {
          converting.delete(c);
        }
      }
      for (const l of listeners) l();
    }
  }

  /**
   * Deletes the data of a conversion's old stores once every partition of its source is marked
   * converted in this state (nothing reads them again here), except stores another conversion
   * still has to read. Deleting after the marks are committed keeps a crash harmless: the next
   * start finds every mark and deletes what is left.
   */
  async function dropConverted(c: StoreConversion): Promise<void> {
    const stillRead = new Set([...converting.keys()].flatMap((x) => (x === c ? [] : x.from.map((s) => s.id))));
    const dropped: string[] = [];
    for (const s of c.from) {
      if (stillRead.has(s.id) || !(await holdsAny([s]))) continue;
      await o.state.clear(s);
      dropped.push(s.name);
    }
    if (dropped.length) o.logger.info({ store: c.to.name, dropped }, 'every partition converted: the data of the stores it replaces is deleted');
  }

  /** Writes the coalesced state and the positions that produced it, atomically. */
  async function commit(): Promise<void> {
    const offsets: CommittedPosition[] = [];
    for (const [topic, pos] of processed) {
      const done = applied.get(topic)!;
      pos.forEach((next, partition) => {
        if (next !== done[partition]) offsets.push({ topic, partition, next });
      });
    }
    // Marks leave the list once committed (caughtUp waits for them; more may be added meanwhile).
    const marks = builtMarks.length;
    offsets.push(...builtMarks);
    lastCommit = o.now();
    if (offsets.length === 0 && stores.dirty === 0) return;
    const writes = await stores.flush(offsets);
    builtMarks = builtMarks.slice(marks);
    for (const off of offsets) applied.get(off.topic)?.splice(off.partition, 1, off.next);
    const handed = o.handOver && packWrites(writes, o.handOver, (s) => o.state.segmentsOf(s));
    for (const l of listeners) l(handed);
  }

  function scheduleCommit(): void {
    if (commitTimer) return;
    commitTimer = setTimeout(() => {
      commitTimer = undefined;
      chain = chain.then(commit).catch((err: unknown) => {
        // e.g. the changelog cannot be written while the broker is down: keep the state
        // dirty and try again at the next interval.
        o.logger.error({ err }, 'stream runtime: commit failed; retrying');
        scheduleCommit();
      });
    }, commitInterval);
  }

  function onCommitListener(l: CommitListener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  }

  async function produce(emitted: readonly Emitted[]): Promise<void> {
    const byTopic = new Map<TopicKey, Emitted[]>();
    for (const e of emitted) byTopic.set(e.topic, [...(byTopic.get(e.topic) ?? []), e]);
    await Promise.all(
      [...byTopic].map(([topic, list]) =>
        producer!.send(
          TOPICS[topic].name,
          list.map((e) => ({ key: e.key, value: (o.codecs[topic] as EventCodec<unknown>).encode(e.value), timestamp: e.timestamp })),
        ),
      ),
    );
  }

  return {
    async start() {
      producer = o.bus.producer();
      const topics = [...nodesByTopic.keys()];
      for (const t of topics) {
        applied.set(t, await o.state.offsets(t, o.bus.partitionCount(t)));
        processed.set(t, [...applied.get(t)!]);
        const r = replayable.get(t);
        if (!r) continue;
        // A store not marked built for a partition is built there by replaying the partition (at
        // once when nothing was applied: processing from the start builds it).
        const unbuilt = new Set<number>();
        for (const store of r.stores) (await o.state.offsets(builtMark(store), o.bus.partitionCount(t))).forEach((mark, partition) => mark === 0 && unbuilt.add(partition));
        const todo = new Map<number, number>();
        for (const partition of unbuilt) {
          if (applied.get(t)![partition]! > 0) todo.set(partition, applied.get(t)![partition]!);
          else for (const store of r.stores) builtMarks.push({ topic: builtMark(store), partition, next: 1 });
        }
        if (todo.size) {
          building.set(t, todo);
          o.logger.info({ topic: t, partitions: [...todo.keys()], stores: r.stores.map((x) => x.name) }, 'stores this state lacks are built from the log');
        }
      }
      for (const [t, list] of conversions) {
        for (const c of list) {
          const unmarked = new Set<number>();
          (await o.state.offsets(convertedMark(c.to), o.bus.partitionCount(t))).forEach((mark, partition) => mark === 0 && unmarked.add(partition));
          if (unmarked.size === 0) {
            await dropConverted(c);
            continue;
          }
          // A state without the old stores' data (a new one, or converted and expired) has nothing to convert.
          if (await holdsAny(c.from)) {
            converting.set(c, unmarked);
            o.logger.info({ topic: t, partitions: [...unmarked], store: c.to.name, from: c.from.map((s) => s.name) }, 'stores of an earlier version are converted as their partitions are assigned');
          } else for (const partition of unmarked) builtMarks.push({ topic: convertedMark(c.to), partition, next: 1 });
        }
      }
      // Stores held whole are loaded once; from then on the cache is their only reader.
      await stores.loadHeldWhole(o.nodes.flatMap((n) => n.aggregations.flatMap((a) => a.stores)), o.now());
      consumer = o.bus.consumer(o.groupId);
      await consumer.start(topics, {
        // A (re)assigned partition resumes from what the stores hold: commit what was
        // processed first, so the cache never holds work that is about to be redelivered.
        position: async (tp) => {
          const run = chain.then(commit);
          chain = run.catch(() => undefined);
          await chain; // a failed commit keeps the work dirty in the cache: resuming after it is still right
          // The partition's share of a store conversion, before any of its records is applied.
          const conversion = chain.then(() => convertAt(tp));
          chain = conversion.catch(() => undefined);
          await conversion;
          const pending = building.get(tp.topic);
          if (pending?.has(tp.partition)) {
            pending.set(tp.partition, processed.get(tp.topic)![tp.partition]!);
            return 0; // the replay starts at the partition's first record
          }
          return processed.get(tp.topic)![tp.partition]!;
        },
        onBatch: async (tp, records) => {
          const prepared = prepare(tp, records);
          prepared.catch(() => undefined);
          const run = chain.then(async () => processBatch(tp, await prepared));
          chain = run.catch(() => undefined);
          return run;
        },
        onError: (err) => {
          failure = err;
          o.logger.error({ err }, 'stream runtime stopped on an error');
        },
        onBatchError: (err) => o.logger.error({ err }, 'stream runtime: batch failed; retrying it'),
      });
      if (builtMarks.length) scheduleCommit(); // stores of an empty state are built: say so even on a quiet log
      const every = o.expiryIntervalMs ?? 60_000;
      expiryTimer = setInterval(() => {
        chain = chain
          .then(() => stores.expire(Math.max(streamTime, o.now())))
          .then((n) => {
            if (n) o.logger.info({ segments: n }, 'dropped expired store segments');
          })
          .catch((err: unknown) => o.logger.error({ err }, 'segment expiry failed'));
      }, every);
      expiryTimer.unref();
    },
    applied: (topic) => applied.get(TOPICS[topic].name) ?? [],
    async caughtUp(timeoutMs = 60_000) {
      // Downstream topics (repartition, labelled) grow while upstream ones are applied, so
      // "caught up" means: every source applied to its end, and the ends did not move since.
      const deadline = Date.now() + timeoutMs;
      const ends = async (): Promise<Map<string, number[]>> => {
        const m = new Map<string, number[]>();
        for (const t of nodesByTopic.keys()) m.set(t, await consumer!.endOffsets(t));
        return m;
      };
      const reached = (targets: Map<string, number[]>): boolean =>
        [...targets].every(([t, e]) => e.every((end, p) => applied.get(t)![p]! >= end)) && [...building.values()].every((m) => m.size === 0) && builtMarks.length === 0 && converting.size === 0;
      for (;;) {
        const targets = await ends();
        while (!reached(targets)) {
          if (failure || Date.now() > deadline) return false;
          await new Promise((r) => setTimeout(r, 5));
        }
        const after = await ends();
        if ([...after].every(([t, e]) => e.every((end, p) => end === targets.get(t)![p]))) return true;
      }
    },
    onCommit: onCommitListener,
    streamTime: () => streamTime,
    failed: () => failure,
    async stop() {
      if (expiryTimer) clearInterval(expiryTimer);
      await consumer?.stop();
      await chain;
      if (commitTimer) clearTimeout(commitTimer);
      commitTimer = undefined;
      if (!failure) await commit(); // what was processed is not lost (it would be replayed anyway)
    },
  };
}
