/**
 * The state an API instance reads, whatever materialises it: one interface, three ways.
 *  - workerState:   embedded mode's default. The stream runtime runs in a worker thread over the
 *                   same databases; this thread writes the log and reads the state.
 *  - inThreadState: the stream runtime runs in this thread (embedded mode without a worker, the
 *                   learning simulation): the API reads the runtime's own state.
 *  - replicaState:  Kafka mode. A replica of every store, applied from the changelog topics.
 * The short windows (hot-windows.ts) are held in the API thread's memory in all three, fed by
 * the checks topic.
 * Each waits (bounded, catch-up.ts) until the state has caught up with the log before the API
 * listens, so a restart answers with the counters it had.
 */
import type { RetrainResult } from './retrain.ts';
import { join } from 'node:path';
import type { Bus } from '../bus/ports.ts';
import { accountPartition } from '../bus/account-partition.ts';
import type { EmbeddedLog } from '../bus/embedded-log.ts';
import { ALL_TOPICS, TOPICS } from '../bus/topics.ts';
import { prettyLogs } from '../platform/logger.ts';
import type { ReadinessReport } from '../service/ports.ts';
import type { BatchStateReader } from '../streams/coalescing-reader.ts';
import type { CheckScored } from '../domain/events.ts';
import type { HotWindows } from '../streams/hot-windows.ts';
import { createReplica } from '../streams/replica.ts';
import type { CommitListener } from '../streams/handed-writes.ts';
import { HANDED_STORES } from '../streams/handed-stores.ts';
import { sharedConsumer } from '../bus/shared-consumer.ts';
import type { KeyFilters } from '../streams/stores/key-filter.ts';
import { LevelStore } from '../streams/stores/level-store.ts';
import { EMBEDDED_TOPOLOGY, stateStoresOf, storesOf, storesToDrop, TOPOLOGY } from '../streams/topology.ts';
import { instanceId, type OpenedBus } from './bus.ts';
import { startHotWindows } from './hot-windows.ts';
import { catchUp } from './catch-up.ts';
import type { Context } from './context.ts';
import { alignLogWithState } from './log-state-alignment.ts';
import { DROPPED, type StreamsRole } from './streams.ts';
import { startStreamsThread, type StreamsThread } from './streams-thread.ts';
import { keyFilteredState } from './key-filtered-state.ts';

export interface MaterializedState {
  /** The stores, read in batches (the API coalesces its reads into them). */
  readonly reader: BatchStateReader;
  /** Source positions of checks and feedback the state includes: own events before them are no longer pending. */
  applied(): { checks: readonly number[]; feedback: readonly number[] };
  /**
   * Called after every commit of the state, with what it wrote to the stores checks read when it
   * hands them over (handed-stores.ts; none: a reader's cache of them starts over); returns the removal.
   */
  onCommit(listener: CommitListener): () => void;
  /**
   * Several instances (Kafka mode): waits (bounded) until the state holds every check of the
   * account written before the call, by any instance. Absent with one instance.
   */
  othersApplied?(account: string, timeoutMs: number): Promise<boolean>;
  /** /readyz entries of what materialises the state (caught up, log or brokers reachable). */
  readiness(): Promise<ReadinessReport['checks']>;
  /**
   * True once the state can never be brought up to date (its stream processors stopped on
   * damaged data): requests that read it are refused 503 rather than answered from counters
   * that were never rebuilt. Absent for a replica, whose failures may pass (/readyz reports them).
   */
  broken?(): boolean;
  /**
   * The short windows held in this thread's memory (hot-windows.ts), with the positions of the
   * checks topic they include. Every implementation here has them; the stores do not.
   */
  readonly hot: HotWindowsState;
  /**
   * Filters of the keys the state holds (key-filtering-store.ts), fed by whatever writes it
   * before each commit is announced: a read of a key they rule out is skipped.
   */
  readonly filters?: KeyFilters;
  /** Releases what this state opened (a stream runtime in this thread is its role's to close; the hot windows are the state's). */
  close(): Promise<void>;
}

export interface HotWindowsState {
  readonly windows: HotWindows;
  applied(): readonly number[];
  /** This thread writes `value`, the encoding of `event` (read back without decoding). */
  remember(value: Buffer, event: CheckScored): void;
  /** This thread's event is durable at that position (Kafka mode reads it back from there without decoding). */
  rememberAt?(partition: number, offset: number, event: CheckScored): void;
}

/** The source topics the streams apply: what "records to apply" counts while catching up. */
export const SOURCE_TOPICS = ['checks', 'feedback', 'labelled'] as const;

/** Records of the source topics not applied yet, from their ends and what was applied. */
async function recordsToApply(ends: (topic: string) => Promise<readonly number[]> | readonly number[], applied: (topic: (typeof SOURCE_TOPICS)[number]) => readonly number[]): Promise<number> {
  let left = 0;
  for (const topic of SOURCE_TOPICS) {
    const done = applied(topic);
    (await ends(TOPICS[topic].name)).forEach((end, p) => (left += Math.max(0, end - (done[p] ?? 0))));
  }
  return left;
}

export function readinessOf(failed: Error | undefined, caughtUp: boolean): ReadinessReport['checks'][string] {
  if (failed) return { ok: false, detail: failed.message };
  return caughtUp ? { ok: true } : { ok: false, detail: 'catching up with the log' };
}

/**
 * Embedded mode with the stream runtime in a worker thread: opens the state database (shared
 * with the worker), aligns the log with it, starts the worker and forwards the log's durable
 * notices to it.
 */
export async function workerState(ctx: Context, bus: Bus & { log: EmbeddedLog }, codecs: OpenedBus['codecs']): Promise<MaterializedState & { retrain(): Promise<RetrainResult> }> {
  const state = new LevelStore(join(ctx.dataDir, 'state'), { multithreading: true });
  await state.open(storesOf(EMBEDDED_TOPOLOGY));
  let thread: StreamsThread;
  try {
    // The worker converts stores of an earlier version into their successors: they are its to keep.
    if (await state.dropUnkept(storesToDrop(stateStoresOf(EMBEDDED_TOPOLOGY)))) ctx.logger.info(DROPPED);
    await alignLogWithState(bus.log, state, ALL_TOPICS.map((t) => t.name), ctx.logger);
    const workerData = {
      dataDir: ctx.dataDir,
      logLevel: ctx.config.logLevel,
      prettyLogs: prettyLogs(ctx.config.logFormat),
      trainIntervalMs: ctx.config.trainIntervalS * 1000,
      blockBelow: ctx.config.verdictReview,
      allowAtLeast: ctx.config.verdictAllow,
      maxAccountShare: ctx.config.maxAccountShare,
    };
    thread = await startStreamsThread(workerData, state, (moved) => {
      for (const x of moved) bus.log.advanceDurable(x.topic, x.partition, x.end);
    });
  } catch (err) {
    await state.close();
    throw err;
  }
  // The worker applies the checks and feedback this thread writes from the notices themselves
  // instead of reading them back from the log (which it still reads after a gap or a restart).
  bus.log.handOver([TOPICS.checks.name, TOPICS.feedback.name]);
  bus.log.onDurable = (moved) => thread.durable(moved);
  ctx.logger.info({ mode: 'embedded' }, 'mailsift streams running');
  ctx.metrics.gauge('mailsift_streams_lag_records', 'Records not yet applied to the stores, per source topic', ['topic'], (set) => {
    for (const topic of SOURCE_TOPICS) {
      const applied = thread.applied(topic);
      set({ topic }, bus.log.endOffsets(TOPICS[topic].name).reduce((s, e, p) => s + Math.max(0, e - (applied[p] ?? 0)), 0));
    }
  });
  let hot: Awaited<ReturnType<typeof startHotWindows>> | undefined;
  const close = async (): Promise<void> => {
    await hot?.feed.stop();
    await thread.close();
    await state.close();
  };
  try {
    const caughtUp = await catchUp({
      part: 'streams',
      logger: ctx.logger,
      caughtUp: (ms) => thread.caughtUp(ms),
      remaining: () => recordsToApply((t) => bus.log.endOffsets(t), (t) => thread.applied(t)),
      failed: () => thread.failed(),
    });
    hot = await startHotWindows(ctx, bus, codecs, bus.log);
    const { feed, caughtUp: hotCaughtUp } = hot;
    return {
      reader: state,
      applied: () => ({ checks: thread.applied('checks'), feedback: thread.applied('feedback') }),
      onCommit: (l) => thread.onCommit(l),
      readiness: async () => ({ streams: readinessOf(thread.failed(), caughtUp()), hot_windows: readinessOf(feed.failed(), hotCaughtUp()), log: { ok: true } }),
      broken: () => thread.failed() !== undefined || feed.failed() !== undefined,
      hot: feed,
      filters: thread.filters,
      // The trainer runs in the worker thread too.
      retrain: () => thread.retrain(),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The stream runtime of this thread (its role opens and closes it): the API reads its state. */
export async function inThreadState(ctx: Context, opened: OpenedBus, streams: StreamsRole): Promise<MaterializedState> {
  const bus = opened.bus;
  const caughtUp = await catchUp({
    part: 'streams',
    logger: ctx.logger,
    caughtUp: (ms) => streams.runtime.caughtUp(ms),
    remaining: () => recordsToApply((t) => bus.endOffsets(t), (t) => streams.runtime.applied(t)),
    failed: () => streams.runtime.failed(),
  });
  // The embedded topology leaves the short windows to this thread's memory.
  if (!opened.log) throw new Error('the in-thread state is embedded mode\'s: it needs the embedded log');
  const { feed, caughtUp: hotCaughtUp } = await startHotWindows(ctx, bus, opened.codecs, opened.log);
  return {
    reader: streams.state,
    applied: () => ({ checks: streams.runtime.applied('checks'), feedback: streams.runtime.applied('feedback') }),
    onCommit: (l) => streams.runtime.onCommit(l),
    readiness: async () => ({
      streams: readinessOf(streams.runtime.failed(), caughtUp()),
      hot_windows: readinessOf(feed.failed(), hotCaughtUp()),
      log: (await bus.healthy()) ? { ok: true } : { ok: false, detail: 'event log unavailable' },
    }),
    broken: () => streams.runtime.failed() !== undefined || feed.failed() !== undefined,
    hot: feed,
    ...(streams.filters ? { filters: streams.filters } : {}),
    close: () => feed.stop(),
  };
}

/**
 * Kafka mode: this instance's replica of every store, in its own database, from the changelogs;
 * the short windows in this thread's memory, from the checks topic.
 */
export async function replicaState(ctx: Context, opened: OpenedBus): Promise<MaterializedState> {
  const engine = new LevelStore(join(ctx.dataDir, 'replica'));
  const stores = storesOf(TOPOLOGY);
  // The replica's writes (changelog records) feed the key filters before they reach the engine.
  const db = keyFilteredState(engine, ctx.logger);
  await db.open(stores);
  // A retired store's successor arrives through its own changelog, built there by the streams;
  // the short windows' old values are of no use (they are held in memory now).
  if (await engine.dropUnkept(storesToDrop())) ctx.logger.info(DROPPED);
  // The replica and the hot windows' feed read through one consumer (one fetch loop, one group
  // member): each further consumer is a fetch request per batching wait, loaded or idle.
  const groupId = `mailsift-api-${instanceId(ctx)}`;
  const shared = sharedConsumer(opened.bus, groupId, 2);
  // Its writes to the stores checks read are handed to the API's cache with each notice.
  const replica = createReplica({ bus: opened.bus, state: db, stores, groupId, consumer: (o) => shared.part(o), logger: ctx.logger.child({ role: 'api' }), handOver: HANDED_STORES });
  let hot: Awaited<ReturnType<typeof startHotWindows>> | undefined;
  const close = async (): Promise<void> => {
    await hot?.feed.stop();
    await replica.stop();
    await shared.stop();
    await db.close();
  };
  // Started together (the consumer starts once both have subscribed); the windows then replay
  // while the replica catches up. A part that fails to start stops the other's wait.
  const hotStarting = startHotWindows(ctx, opened.bus, opened.codecs, undefined, { groupId, consumer: (o) => shared.part(o) });
  hotStarting.catch(() => shared.stop());
  try {
    await replica.start();
    ctx.metrics.gauge('mailsift_replica_lag_records', "Changelog records this API instance's replica has not applied yet (its reads are that stale)", [], async (set) => set({}, await replica.lag()));
    const caughtUp = await catchUp({ part: 'replica', logger: ctx.logger, caughtUp: (ms) => replica.caughtUp(ms), remaining: () => replica.lag() });
    hot = await hotStarting;
    const { feed, caughtUp: hotCaughtUp } = hot;
    return {
      reader: db,
      applied: () => ({ checks: replica.applied('checks'), feedback: replica.applied('feedback') }),
      onCommit: (l) => replica.onCommit(l),
      othersApplied: (account, timeoutMs) => replica.includesSource('checks', accountPartition(account), timeoutMs),
      filters: db,
      readiness: async () => ({
        replica: readinessOf(replica.failed(), caughtUp()),
        hot_windows: readinessOf(feed.failed(), hotCaughtUp()),
        kafka: (await opened.bus.healthy()) ? { ok: true } : { ok: false, detail: 'brokers unreachable' },
      }),
      hot: feed,
      close,
    };
  } catch (err) {
    await shared.stop();
    // The feed's own failure, if it had one, is the cause (the replica's start then only saw the consumer stop).
    const feedFailure: unknown = await hotStarting.then((h) => void (hot ??= h), (e: unknown) => e);
    await close();
    throw feedFailure ?? err;
  }
}
