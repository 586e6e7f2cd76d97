/**
 * BusConsumer over a kafkajs consumer group. Positions come from LOCAL state (committed with
 * the stores), not from Kafka: on every assignment each partition is sought to the position
 * the handler gives. Kafka offsets are committed too, coalesced to about once a second, so
 * lag tools see progress, and so a fresh fetch usually starts in the right place anyway.
 * Fetches wait for 64 KiB or 50 ms, whichever comes first: under load that is a fetch per
 * hundreds of records instead of one per handful (far less broker CPU per check; figures in
 * docs/architecture.md, Benchmarks), and idle
 * it adds at most 50 ms per hop to convergence. A consumer of a seldom-written topic
 * (`seldomWaitMs`) long-polls instead: a fetch returns at the first record, so idle it costs
 * a request per that wait, not twenty a second.
 * kafkajs may deliver one batch from its committed offset before a seek takes effect; a
 * first batch that starts beyond the wanted position (and not because retention removed the
 * records) is dropped and the seek repeated, so nothing between the two is ever skipped.
 * start() resolves once the group is joined and the assignment sought (bounded): kafkajs's own
 * run() resolves even when the first join fails and is retried later, so a role that said
 * "running" (or an API replica that said "caught up") could sit unassigned for seconds.
 */
import type { Admin, Consumer, Kafka, PartitionAssigner } from 'kafkajs';
import type { BusConsumer, ConsumedRecord, ConsumerHandlers, ConsumerOptions, TopicPartition } from '../ports.ts';
import { withRetry } from './retry.ts';

export interface KafkaConsumerOptions extends ConsumerOptions {
  kafka: Kafka;
  admin: Admin;
  groupId: string;
  assigner: PartitionAssigner;
  logger: { warn(o: object, msg?: string): void; error(o: object, msg?: string): void };
  /** Logical <-> physical topic names (namespace); identity when absent. */
  physical?: (topic: string) => string;
  logical?: (topic: string) => string;
}

/** A busy topic's fetch: up to this long, or until this much data waits (see the top). */
const BATCH_WAIT_MS = 50;
const BATCH_MIN_BYTES = 64 * 1024;
const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/**
 * Kafka-side commits only inform lag tools and a fresh fetch's start, so they are coalesced:
 * at most one OffsetCommit per this interval, not one per batch. Under load a commit per batch
 * per partition was a broker write per few records and most of the broker's CPU per check.
 */
const KAFKA_COMMIT_INTERVAL_MS = 1_000;
/** How long start() waits for the first assignment; past it, consuming begins once joined. */
const FIRST_JOIN_WAIT_MS = 30_000;
/** How often a partition that has delivered nothing since its join is looked at (see watchStuck). */
const STUCK_CHECK_MS = 3_000;
const STUCK_LOOKS = 10;

export function kafkaConsumer(o: KafkaConsumerOptions): BusConsumer {
  const physical = o.physical ?? ((t: string) => t);
  const logical = o.logical ?? ((t: string) => t);
  let consumer: Consumer | undefined;
  const assigned = new Set<string>(); // tps whose local position is known and sought
  const firstAt = new Map<string, number>(); // tp -> position its first batch must start at
  const inHandler = new Set<string>(); // tps whose batch the handler is applying now
  const stuck = new Set<string>(); // tps watched for a lost seek (see watchStuck)

  const key = (t: string, p: number): string => `${t}/${p}`;

  let stopped = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let stuckTimer: NodeJS.Timeout | undefined;
  let restartDelay = RESTART_MIN_MS;

  // Next offsets processed locally and not yet committed to Kafka, by physical topic/partition.
  const uncommitted = new Map<string, { topic: string; partition: number; offset: string }>();
  let commitTimer: NodeJS.Timeout | undefined;

  // Resolved by the first join whose assignment is sought (any session: a crashed first one included).
  let firstJoined!: () => void;
  const joined = new Promise<void>((r) => (firstJoined = r));

  function scheduleKafkaCommit(c: Consumer): void {
    if (commitTimer || stopped) return;
    commitTimer = setTimeout(() => {
      commitTimer = undefined;
      void commitToKafka(c);
    }, KAFKA_COMMIT_INTERVAL_MS);
    commitTimer.unref();
  }

  async function commitToKafka(c: Consumer): Promise<void> {
    if (uncommitted.size === 0 || consumer !== c) return;
    const offsets = [...uncommitted.values()];
    uncommitted.clear();
    try {
      await c.commitOffsets(offsets);
    } catch (err) {
      // Harmless for correctness (positions are local); a rebalance or a broker outage makes
      // it fail, and the next batch schedules a newer one.
      o.logger.warn({ err, groupId: o.groupId }, 'kafka: committing consumer offsets to Kafka failed');
    }
  }

  /**
   * kafkajs now and then loses a seek made while its first fetch of the partition is in flight
   * (twice in CI: a consumer sought to a position delivered nothing for 20-30 s though records
   * waited there). A partition that had records waiting past its position when it was sought
   * (the join's own offsets lookup says so) is looked at every few seconds until it delivers
   * its first batch: records past the wanted position and still nothing delivered means the seek
   * is repeated (harmless: nothing was consumed since). A partition at its end when sought, or
   * at a later look, is left alone from then on: no record waited for the seek, and a kafkajs
   * position past the wanted one shows as a first batch ahead of it, which is sought back
   * (eachBatch). Only the topics of partitions still watched are looked up (two ListOffsets
   * requests per topic), and for the first half minute after a join only: looking at every
   * partition that had delivered nothing kept an instance whose load leaves most changelogs
   * empty asking for every topic's offsets all that time (docs/architecture.md, Benchmarks).
   */
  function watchStuck(c: Consumer, looksLeft = STUCK_LOOKS): void {
    clearTimeout(stuckTimer);
    if (looksLeft <= 0 || stuck.size === 0) return;
    stuckTimer = setTimeout(() => {
      void (async () => {
        if (stopped || consumer !== c) return;
        for (const k of stuck) if (!firstAt.has(k)) stuck.delete(k); // delivered since
        const waiting = [...stuck].map((k) => ({ k, topic: k.slice(0, k.lastIndexOf('/')), partition: Number(k.slice(k.lastIndexOf('/') + 1)), pos: firstAt.get(k)! }));
        try {
          for (const topic of new Set(waiting.map((w) => w.topic))) {
            const highs = new Map((await o.admin.fetchTopicOffsets(physical(topic))).map((x) => [x.partition, Number(x.high)]));
            for (const w of waiting) {
              if (w.topic !== topic || firstAt.get(w.k) !== w.pos || inHandler.has(w.k)) continue;
              const end = highs.get(w.partition) ?? 0;
              if (end <= w.pos) {
                stuck.delete(w.k); // at its end: left alone from now on (see above)
                continue;
              }
              o.logger.warn({ topic: physical(topic), partition: w.partition, wanted: w.pos, end }, 'kafka: nothing delivered since the seek though records wait; seeking again');
              c.seek({ topic: physical(topic), partition: w.partition, offset: String(w.pos) });
            }
          }
        } catch {
          // the broker is away: the next look tries again
        }
        if (consumer === c && !stopped) watchStuck(c, looksLeft - 1);
      })();
    }, STUCK_CHECK_MS);
    stuckTimer.unref();
  }

  /** One kafkajs consumer session: join, seek to the local positions, consume. */
  async function launch(topics: readonly string[], h: ConsumerHandlers): Promise<void> {
    const c = o.kafka.consumer({
      groupId: o.groupId,
      partitionAssigners: [o.assigner],
      allowAutoTopicCreation: false,
      sessionTimeout: 10_000,
      rebalanceTimeout: 20_000,
      heartbeatInterval: 1_000,
      // A seldom-written topic: the broker answers at its first record (long poll).
      maxWaitTimeInMs: o.seldomWaitMs ?? BATCH_WAIT_MS,
      minBytes: o.seldomWaitMs === undefined ? BATCH_MIN_BYTES : 1,
      retry: { retries: 100, initialRetryTime: 200, maxRetryTime: 5_000 },
    });
    consumer = c;
    // The assignment's positions are looked up once per join (all partitions of a topic in
    // one admin call); batches wait for it instead of being dropped.
    let ready: Promise<void> = Promise.resolve();
    c.on(c.events.GROUP_JOIN, (e) => {
      restartDelay = RESTART_MIN_MS;
      assigned.clear();
      firstAt.clear();
      stuck.clear();
      uncommitted.clear(); // partitions may have moved; their new owner commits them
      const assignment = e.payload.memberAssignment as Record<string, number[]>;
      const tps: TopicPartition[] = Object.entries(assignment).flatMap(([topic, parts]) => parts.map((partition) => ({ topic: logical(topic), partition })));
      ready = (async () => {
        try {
          await h.onAssigned?.(tps);
          const ends = new Map<string, Map<number, { low: number; high: number }>>();
          await Promise.all(
            [...new Set(tps.map((tp) => tp.topic))].map(async (topic) => {
              const offsets = await withRetry(() => o.admin.fetchTopicOffsets(physical(topic)));
              ends.set(topic, new Map(offsets.map((x) => [x.partition, { low: Number(x.low), high: Number(x.high) }])));
            }),
          );
          for (const tp of tps) {
            const k = key(tp.topic, tp.partition);
            const e = ends.get(tp.topic)?.get(tp.partition);
            const pos = Math.max(await h.position(tp), e?.low ?? 0);
            firstAt.set(k, pos);
            assigned.add(k);
            if (e === undefined || e.high > pos) stuck.add(k); // records wait for this seek: watched
            c.seek({ topic: physical(tp.topic), partition: tp.partition, offset: String(pos) });
          }
          watchStuck(c);
        } catch (err) {
          // Its partitions stay unassigned here (their batches are skipped): say so.
          o.logger.error({ err, groupId: o.groupId }, 'kafka: looking up the positions of the assigned partitions failed; they are not consumed');
          h.onError?.(err instanceof Error ? err : new Error(String(err)));
        } finally {
          firstJoined(); // sought, or failed and reported: either way start() has its answer
        }
      })();
    });
    // kafkajs restarts itself after retriable errors only. A non-retriable one (e.g. "the
    // coordinator is not aware of this member" after the broker stalled past the session
    // timeout) would leave this group member dead while the process runs on: a new session
    // (a new member) is started instead, with backoff; the join seeks to the local positions.
    c.on(c.events.CRASH, (e) => {
      if (e.payload.restart || stopped) return;
      o.logger.error({ err: e.payload.error, groupId: o.groupId, retryInMs: restartDelay }, 'kafka: consumer crashed; starting a new session');
      const relaunch = (): void => {
        restartTimer = setTimeout(() => {
          if (stopped) return;
          launch(topics, h).catch((err: unknown) => {
            o.logger.error({ err, groupId: o.groupId }, 'kafka: consumer restart failed; retrying');
            restartDelay = Math.min(RESTART_MAX_MS, restartDelay * 2);
            relaunch();
          });
        }, restartDelay);
      };
      relaunch();
      restartDelay = Math.min(RESTART_MAX_MS, restartDelay * 2);
    });
    await c.connect();
    await c.subscribe({ topics: topics.map(physical), fromBeginning: true });
    await c.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: o.concurrentPartitions ?? 1,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        if (!isRunning() || isStale() || batch.messages.length === 0) return;
        const topic = logical(batch.topic);
        const k = key(topic, batch.partition);
        await ready;
        if (!isRunning() || isStale()) return;
        if (!assigned.has(k)) return; // not ours after all (a rebalance moved it)
        const w = firstAt.get(k);
        const first = Number(batch.firstOffset());
        if (w !== undefined && first > w) {
          o.logger.warn({ topic: batch.topic, partition: batch.partition, first, wanted: w }, 'kafka: batch ahead of the local position; seeking back');
          c.seek({ topic: batch.topic, partition: batch.partition, offset: String(w) });
          return;
        }
        const records: ConsumedRecord[] = batch.messages.map((m) => ({
          topic,
          partition: batch.partition,
          offset: Number(m.offset),
          key: m.key ?? Buffer.alloc(0),
          value: m.value ?? Buffer.alloc(0),
          timestamp: Number(m.timestamp),
          ...(m.value === null ? { tombstone: true } : {}),
        }));
        // Its first batch being applied (a long backlog may take a while): not a lost seek.
        inHandler.add(k);
        try {
          await h.onBatch({ topic, partition: batch.partition }, records);
        } finally {
          inHandler.delete(k);
        }
        const last = records.at(-1)!.offset;
        firstAt.delete(k); // later batches may legitimately start past a compaction gap
        stuck.delete(k);
        resolveOffset(String(last));
        uncommitted.set(`${batch.topic}/${batch.partition}`, { topic: batch.topic, partition: batch.partition, offset: String(last + 1) });
        scheduleKafkaCommit(c);
        await heartbeat();
      },
    });
  }

  return {
    async start(topics, h) {
      await launch(topics, h);
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        joined.then(() => true),
        new Promise<false>((r) => (timer = setTimeout(() => r(false), FIRST_JOIN_WAIT_MS))),
      ]);
      clearTimeout(timer);
      if (!waited) o.logger.warn({ groupId: o.groupId, waitedMs: FIRST_JOIN_WAIT_MS }, 'kafka: consumer group not joined yet; consuming once it is');
    },

    async endOffsets(topic) {
      const offsets = await withRetry(() => o.admin.fetchTopicOffsets(physical(topic)));
      return offsets.sort((a, b) => a.partition - b.partition).map((x) => Number(x.high));
    },

    async stop() {
      stopped = true;
      firstJoined(); // a start() still waiting for its first join has nothing left to wait for
      clearTimeout(restartTimer);
      clearTimeout(stuckTimer);
      clearTimeout(commitTimer);
      commitTimer = undefined;
      if (consumer) await commitToKafka(consumer);
      await consumer?.disconnect();
    },
  };
}

