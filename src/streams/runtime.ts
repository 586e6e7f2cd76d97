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
 */
import type { EventCodec } from '../bus/avro.ts';
import type { Codecs } from '../bus/codecs.ts';
import type { Bus, BusConsumer, BusProducer, ConsumedRecord, TopicPartition } from '../bus/ports.ts';
import { TOPICS, type TopicKey } from '../bus/topics.ts';
import type { Emitted, ProcessorNode } from './aggregation.ts';
import type { StateStore } from './stores/state-store.ts';
import { RecordCache } from './stores/record-cache.ts';
import { mapKey, ReadSet } from './stores/tx.ts';

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
}

export interface StreamRuntime {
  start(): Promise<void>;
  /** Committed next offsets of a source topic (what the stores include). */
  applied(topic: TopicKey): readonly number[];
  /** Resolves when every partition of every source is applied up to its end offset at call time. */
  caughtUp(timeoutMs?: number): Promise<boolean>;
  onCommit(listener: () => void): () => void;
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
  const cache = new RecordCache(o.cacheBytes);
  const commitInterval = o.commitIntervalMs ?? 200;
  const maxDirty = o.maxDirty ?? 100_000;
  let lastCommit = 0;
  let commitTimer: NodeJS.Timeout | undefined;
  let commitGen = 0;
  /** Prefetches in flight, by the commit generation they started at. */
  const inFlight = new Map<number, number>();
  const recentCommits: { gen: number; keys: Set<string> }[] = [];
  cache.protect = (mk) => recentCommits.some((c) => c.keys.has(mk));
  const listeners = new Set<() => void>();
  let consumer: BusConsumer | undefined;
  let producer: BusProducer | undefined;
  let chain: Promise<void> = Promise.resolve();
  let streamTime = 0;
  let failure: Error | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;

  /**
   * Work that needs no exclusive access, started as soon as a batch arrives (so it overlaps
   * the batches ahead of it): decoding, declaring the reads, fetching what the cache lacks.
   */
  interface Prepared {
    events: unknown[];
    offsets: number[];
    reads: ReadSet;
    fetched: Map<string, { value: Buffer | undefined; seg: number }>;
    gen: number;
  }

  async function prepare(tp: TopicPartition, records: readonly ConsumedRecord[]): Promise<Prepared> {
    const codec = o.codecs[topicKeyByName.get(tp.topic)!];
    const nodes = nodesByTopic.get(tp.topic)!;
    const events: unknown[] = [];
    const reads = new ReadSet();
    for (let i = 0; i < records.length; i++) {
      if (i > 0 && i % SLICE === 0) await yieldToIo();
      const ev = await codec.decode(records[i]!.value);
      events.push(ev);
      for (const n of nodes) for (const a of n.aggregations) a.reads(ev as never, reads);
    }
    const gen = commitGen;
    inFlight.set(gen, (inFlight.get(gen) ?? 0) + 1);
    try {
      const missing = missingFrom(reads);
      const fetched = missing.entries.size ? await o.state.fetchEntries(missing, Math.max(streamTime, o.now())) : new Map();
      return { events, offsets: records.map((r) => r.offset), reads, fetched, gen };
    } catch (err) {
      release(gen);
      throw err;
    }
  }

  /** Reads the cache cannot answer: not cached, and not of a store held whole. */
  function missingFrom(reads: ReadSet): ReadSet {
    const missing = new ReadSet();
    for (const [mk, r] of reads.entries) {
      // A store held whole needs no read: what the cache lacks is absent.
      if (cache.has(mk) || r.store.cacheAll) continue;
      missing.entries.set(mk, r);
    }
    return missing;
  }

  function release(gen: number): void {
    const n = (inFlight.get(gen) ?? 1) - 1;
    if (n <= 0) inFlight.delete(gen);
    else inFlight.set(gen, n);
  }

  async function processBatch(tp: TopicPartition, p: Prepared): Promise<void> {
    try {
      // A value fetched before a commit that wrote the key is stale unless the cache still
      // holds the committed value; such keys are fetched again below instead of filled.
      const fresh = recentCommits.length === 0 || recentCommits.at(-1)!.gen <= p.gen;
      for (const [mk, e] of p.fetched) {
        if (cache.has(mk) || (!fresh && committedSince(p.gen, mk))) continue;
        const r = p.reads.entries.get(mk)!;
        cache.fill(mk, r.store, r.key, e.value, e.seg);
      }
    } finally {
      release(p.gen);
    }
    const positions = processed.get(tp.topic)!;
    const from = p.offsets.findIndex((off) => off >= positions[tp.partition]!);
    if (from < 0) return;
    const events = p.events.slice(from);
    const nodes = nodesByTopic.get(tp.topic)!;
    let batchTime = streamTime;
    for (const ev of events) batchTime = Math.max(batchTime, nodes[0]!.timeOf(ev as never));
    const again = missingFrom(p.reads);
    if (again.entries.size) {
      for (const [mk, e] of await o.state.fetchEntries(again, batchTime)) {
        const r = again.entries.get(mk)!;
        cache.fill(mk, r.store, r.key, e.value, e.seg);
      }
    }
    const tx = cache.tx(batchTime, tp.partition);

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
    if (cache.dirty >= maxDirty || o.now() - lastCommit >= commitInterval) {
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

  /** Whether a commit after generation `gen` wrote the key (kept while a prefetch of that age is in flight). */
  function committedSince(gen: number, mk: string): boolean {
    for (let i = recentCommits.length - 1; i >= 0 && recentCommits[i]!.gen > gen; i--) if (recentCommits[i]!.keys.has(mk)) return true;
    return false;
  }

  /** Writes the coalesced state and the positions that produced it, atomically. */
  async function commit(): Promise<void> {
    const offsets: { topic: string; partition: number; next: number }[] = [];
    for (const [topic, pos] of processed) {
      const done = applied.get(topic)!;
      pos.forEach((next, partition) => {
        if (next !== done[partition]) offsets.push({ topic, partition, next });
      });
    }
    lastCommit = o.now();
    if (offsets.length === 0 && cache.dirty === 0) return;
    const receipt = cache.takeDirty();
    try {
      await o.state.commit(receipt.writes, offsets);
    } catch (err) {
      receipt.fail(); // stays dirty; the next commit tries again
      throw err;
    }
    receipt.done();
    commitGen++;
    if (inFlight.size) recentCommits.push({ gen: commitGen, keys: new Set(receipt.writes.map((w) => mapKey(w.store, w.key))) });
    const oldest = inFlight.size ? Math.min(...inFlight.keys()) : commitGen;
    while (recentCommits.length && recentCommits[0]!.gen <= oldest) recentCommits.shift();
    for (const off of offsets) applied.get(off.topic)![off.partition] = off.next;
    cache.evict();
    for (const l of listeners) l();
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

  function onCommitListener(l: () => void): () => void {
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
      }
      // Stores held whole are loaded once; from then on the cache is their only reader.
      const now = o.now();
      for (const n of o.nodes) for (const a of n.aggregations) for (const store of a.stores) {
        if (!store.cacheAll) continue;
        for (const e of await o.state.scan(store, now)) cache.fill(mapKey(store, e.key), store, e.key, e.value, e.seg);
      }
      consumer = o.bus.consumer(o.groupId);
      await consumer.start(topics, {
        // A (re)assigned partition resumes from what the stores hold: commit what was
        // processed first, so the cache never holds work that is about to be redelivered.
        position: async (tp) => {
          const run = chain.then(commit);
          chain = run.catch(() => undefined);
          await chain; // a failed commit keeps the work dirty in the cache: resuming after it is still right
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
      const every = o.expiryIntervalMs ?? 60_000;
      expiryTimer = setInterval(() => {
        chain = chain
          .then(() => {
            cache.dropExpired(Math.max(streamTime, o.now()));
            return o.state.expire(Math.max(streamTime, o.now()));
          })
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
        [...targets].every(([t, e]) => e.every((end, p) => applied.get(t)![p]! >= end));
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
