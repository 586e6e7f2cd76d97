/**
 * `mailsift serve`: starts the roles MAILSIFT_ROLES names.
 *  - Embedded mode: all roles in one process over the embedded log; the API reads the
 *    streams' own stores.
 *  - Kafka mode: each role may run in its own process; an API instance reads a replica of
 *    every store, materialised from the changelog topics.
 * The API waits (bounded) until the state it reads has caught up before it listens, so a
 * restart answers with the counters it had.
 */
import { join } from 'node:path';
import type { ReadinessReport } from '../service/ports.ts';
import { createReplica } from '../streams/replica.ts';
import { LevelStore } from '../streams/stores/level-store.ts';
import { EMBEDDED_TOPOLOGY, storesOf, TOPOLOGY } from '../streams/topology.ts';
import { startApi, type ApiRole } from './api.ts';
import { startOpsServer } from './ops-server.ts';
import { instanceId, openBus, type OpenedBus } from './bus.ts';
import type { Context } from './context.ts';
import { startStreams, type StreamsRole } from './streams.ts';
import { startStreamsThread, type StreamsThread } from './streams-thread.ts';
import { startModelFollower, type ModelFollower } from './model-follower.ts';
import { startControlsFollower, type ControlsFollower } from './controls-follower.ts';
import type { EmbeddedLog } from '../bus/embedded-log.ts';
import type { Bus } from '../bus/ports.ts';
import type { Codecs } from '../bus/codecs.ts';
import { DAY } from '../domain/time.ts';
import { startTrainer, type Trainer } from './trainer.ts';
import { alignLogWithState } from './log-state-alignment.ts';
import { catchUp } from './catch-up.ts';
import { createCodecs } from '../bus/codecs.ts';
import { openEmbeddedBus } from '../bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../bus/embedded-registry.ts';
import { ALL_TOPICS, TOPICS } from '../bus/topics.ts';
import { accountPartition } from '../bus/account-partition.ts';
import { prettyLogs } from '../platform/logger.ts';

/** How long a start waits for the customer controls before giving up. */
const CONTROLS_CATCH_UP_MS = 60_000;
/** Embedded mode compacts the controls topic this often (Kafka's log cleaner does it there). */
const CONTROLS_COMPACTION_MS = 10 * 60_000;

/**
 * Starts following the controls topic and waits until every key, rule and setting written so
 * far is applied: an instance must not answer 401 for a key that exists.
 */
async function followControls(ctx: Context, bus: Bus, codecs: Codecs, groupId: string): Promise<ControlsFollower> {
  const follower = await startControlsFollower({ bus, codecs, groupId, logger: ctx.logger.child({ role: 'api' }) });
  if (!(await follower.caughtUp(CONTROLS_CATCH_UP_MS))) {
    await follower.stop();
    throw new Error(`could not read the customer controls (${TOPICS.controls.name}) within ${CONTROLS_CATCH_UP_MS / 1000} s`);
  }
  return follower;
}

/** Embedded mode: compacts the controls topic at start and then periodically (this thread writes it). */
async function compactControls(ctx: Context, log: EmbeddedLog): Promise<() => void> {
  const run = () => log.compact(TOPICS.controls.name, ctx.now(), DAY);
  await run();
  const timer = setInterval(() => void run().catch((err: unknown) => ctx.logger.error({ err }, 'controls compaction failed')), CONTROLS_COMPACTION_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export interface Running {
  readonly api?: ApiRole;
  readonly streams?: StreamsRole;
  readonly trainer?: Trainer;
  close(): Promise<void>;
}

/** The source topics the streams apply: what "records to apply" counts while catching up. */
const SOURCE_TOPICS = ['checks', 'feedback', 'labelled'] as const;

/** Records of the source topics not applied yet, from their ends and what was applied. */
async function recordsToApply(ends: (topic: string) => Promise<readonly number[]> | readonly number[], applied: (topic: (typeof SOURCE_TOPICS)[number]) => readonly number[]): Promise<number> {
  let left = 0;
  for (const topic of SOURCE_TOPICS) {
    const done = applied(topic);
    (await ends(TOPICS[topic].name)).forEach((end, p) => (left += Math.max(0, end - (done[p] ?? 0))));
  }
  return left;
}

export async function serve(ctx: Context): Promise<Running> {
  if (ctx.config.mode === 'embedded' && ctx.config.streamsThread) return serveEmbeddedThreaded(ctx);
  const opened = await openBus(ctx);
  const closers: (() => Promise<void>)[] = [];
  const roles = ctx.config.roles;
  let streams: StreamsRole | undefined;
  let api: ApiRole | undefined;
  let trainer: Trainer | undefined;
  const kafka = ctx.config.mode === 'kafka';
  try {
    if (roles.includes('streams')) {
      streams = await startStreams(ctx, opened);
      closers.unshift(() => streams!.close());
      ctx.logger.info({ mode: ctx.config.mode }, 'mailsift streams running');
    }
    if (roles.includes('trainer')) {
      // Its own group in Kafka mode too: the trainer reads every partition, from the start.
      trainer = await startTrainer({
        bus: opened.bus,
        codecs: opened.codecs,
        groupId: kafka ? `mailsift-trainer-${instanceId(ctx)}` : 'mailsift-trainer',
        logger: ctx.logger.child({ role: 'trainer' }),
        now: ctx.now,
        intervalMs: ctx.config.trainIntervalS * 1000,
        blockBelow: ctx.config.verdictReview,
        maxAccountShare: ctx.config.maxAccountShare,
      });
      closers.unshift(() => trainer!.stop());
      ctx.logger.info({ mode: ctx.config.mode, interval_s: ctx.config.trainIntervalS }, 'mailsift trainer running');
    }
    if (roles.includes('api')) {
      const follower = await startModelFollower({
        bus: opened.bus,
        codecs: opened.codecs,
        groupId: kafka ? `mailsift-api-models-${instanceId(ctx)}` : 'mailsift-api-models',
        logger: ctx.logger.child({ role: 'api' }),
      });
      closers.unshift(() => follower.stop());
      await follower.caughtUp();
      if (opened.log) {
        const stop = await compactControls(ctx, opened.log);
        closers.unshift(async () => stop());
      }
      const controls = await followControls(ctx, opened.bus, opened.codecs, kafka ? `mailsift-api-controls-${instanceId(ctx)}` : 'mailsift-api-controls');
      closers.unshift(() => controls.stop());
      api = kafka ? await replicatedApi(ctx, opened, closers, follower, controls) : await embeddedApi(ctx, opened, streams!, follower, controls);
      closers.unshift(() => api!.close());
    } else {
      const s = streams;
      const t = trainer;
      // Ready once the stores have caught up with the log as it stood (after a restart with a
      // backlog, not before): tracked in the background so /healthz answers meanwhile.
      let storesCaughtUp = false;
      if (s) void s.runtime.caughtUp(24 * 3_600_000).then((v) => (storesCaughtUp = v));
      const ops = await startOpsServer(ctx, {
        async readiness() {
          const checks = {
            ...(s ? { streams: streamsCheck(s.runtime.failed(), storesCaughtUp) } : {}),
            ...(t ? { trainer: streamsCheck(t.failed(), true) } : {}),
            kafka: (await opened.bus.healthy()) ? { ok: true } : { ok: false, detail: 'brokers unreachable' },
          };
          return { ready: Object.values(checks).every((c) => c.ok), checks };
        },
      });
      closers.unshift(() => ops.close());
    }
  } catch (err) {
    for (const c of closers) await c().catch(() => undefined);
    await opened.bus.close().catch(() => undefined);
    throw err;
  }
  return {
    ...(api ? { api } : {}),
    ...(streams ? { streams } : {}),
    ...(trainer ? { trainer } : {}),
    async close() {
      for (const c of closers) await c();
      await opened.bus.close();
    },
  };
}

/**
 * Embedded mode with the stream runtime in a worker thread: the API thread writes the log and
 * reads the state; the worker applies the log to the state. Both open the same databases.
 */
async function serveEmbeddedThreaded(ctx: Context): Promise<Running> {
  const bus = await openEmbeddedBus(join(ctx.dataDir, 'log'), ALL_TOPICS, { multithreading: true });
  const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
  const state = new LevelStore(join(ctx.dataDir, 'state'), { multithreading: true });
  await state.open(storesOf(EMBEDDED_TOPOLOGY));
  let thread: StreamsThread;
  try {
    await alignLogWithState(bus.log, state, ALL_TOPICS.map((t) => t.name), ctx.logger);
    const workerData = {
      dataDir: ctx.dataDir,
      logLevel: ctx.config.logLevel,
      prettyLogs: prettyLogs(ctx.config.logFormat),
      trainIntervalMs: ctx.config.trainIntervalS * 1000,
      blockBelow: ctx.config.verdictReview,
      maxAccountShare: ctx.config.maxAccountShare,
    };
    thread = await startStreamsThread(workerData, state, (moved) => {
      for (const x of moved) bus.log.advanceDurable(x.topic, x.partition, x.end);
    });
  } catch (err) {
    await state.close();
    await bus.close();
    throw err;
  }
  bus.log.onDurable = (moved) => thread.durable(moved);
  ctx.logger.info({ mode: 'embedded' }, 'mailsift streams running');
  ctx.metrics.gauge('mailsift_streams_lag_records', 'Records not yet applied to the stores, per source topic', ['topic'], (set) => {
    for (const topic of SOURCE_TOPICS) {
      const applied = thread.applied(topic);
      set({ topic }, bus.log.endOffsets(TOPICS[topic].name).reduce((s, e, p) => s + Math.max(0, e - (applied[p] ?? 0)), 0));
    }
  });
  let api: ApiRole;
  let follower: ModelFollower | undefined;
  let controls: ControlsFollower | undefined;
  let stopCompaction: (() => void) | undefined;
  try {
    const caughtUp = await catchUp({
      part: 'streams',
      logger: ctx.logger,
      caughtUp: (ms) => thread.caughtUp(ms),
      remaining: () => recordsToApply((t) => bus.log.endOffsets(t), (t) => thread.applied(t)),
      failed: () => thread.failed(),
    });
    follower = await startModelFollower({ bus, codecs, groupId: 'mailsift-api-models', logger: ctx.logger.child({ role: 'api' }) });
    await follower.caughtUp();
    stopCompaction = await compactControls(ctx, bus.log);
    controls = await followControls(ctx, bus, codecs, 'mailsift-api-controls');
    api = await startApi(ctx, {
      learned: follower,
      controls,
      producer: bus.producer(),
      codecs,
      state,
      applied: () => ({ checks: thread.applied('checks'), feedback: thread.applied('feedback') }),
      onStateCommit: (l) => thread.onCommit(l),
      readiness: async () => ({ streams: streamsCheck(thread.failed(), caughtUp()), log: { ok: true } }),
      stateFailed: () => thread.failed() !== undefined,
    });
  } catch (err) {
    stopCompaction?.();
    await controls?.stop();
    await follower?.stop();
    await thread.close();
    await state.close();
    await bus.close();
    throw err;
  }
  return {
    api,
    async close() {
      await api.close();
      stopCompaction!();
      await controls!.stop();
      await follower!.stop();
      await thread.close();
      await state.close();
      await bus.close();
    },
  };
}

async function embeddedApi(ctx: Context, opened: OpenedBus, streams: StreamsRole, learned: ModelFollower, controls: ControlsFollower): Promise<ApiRole> {
  const caughtUp = await catchUp({
    part: 'streams',
    logger: ctx.logger,
    caughtUp: (ms) => streams.runtime.caughtUp(ms),
    remaining: () => recordsToApply((t) => opened.bus.endOffsets(t), (t) => streams.runtime.applied(t)),
    failed: () => streams.runtime.failed(),
  });
  return startApi(ctx, {
    learned,
    controls,
    producer: opened.bus.producer(),
    codecs: opened.codecs,
    state: streams.state,
    applied: () => ({ checks: streams.runtime.applied('checks'), feedback: streams.runtime.applied('feedback') }),
    onStateCommit: (l) => streams.runtime.onCommit(l),
    stateFailed: () => streams.runtime.failed() !== undefined,
    readiness: async () => ({
      streams: streamsCheck(streams.runtime.failed(), caughtUp()),
      log: (await opened.bus.healthy()) ? { ok: true } : { ok: false, detail: 'event log unavailable' },
    }),
  });
}

async function replicatedApi(ctx: Context, opened: OpenedBus, closers: (() => Promise<void>)[], learned: ModelFollower, controls: ControlsFollower): Promise<ApiRole> {
  const db = new LevelStore(join(ctx.dataDir, 'replica'));
  const stores = storesOf(TOPOLOGY);
  await db.open(stores);
  const replica = createReplica({ bus: opened.bus, state: db, stores, groupId: `mailsift-api-${instanceId(ctx)}`, logger: ctx.logger.child({ role: 'api' }) });
  closers.unshift(async () => {
    await replica.stop();
    await db.close();
  });
  await replica.start();
  ctx.metrics.gauge('mailsift_replica_lag_records', "Changelog records this API instance's replica has not applied yet (its reads are that stale)", [], async (set) => set({}, await replica.lag()));
  const caughtUp = await catchUp({ part: 'replica', logger: ctx.logger, caughtUp: (ms) => replica.caughtUp(ms), remaining: () => replica.lag() });
  return startApi(ctx, {
    learned,
    controls,
    producer: opened.bus.producer(),
    codecs: opened.codecs,
    state: db,
    applied: () => ({ checks: replica.applied('checks'), feedback: replica.applied('feedback') }),
    onStateCommit: (l) => replica.onCommit(l),
    othersApplied: (account, timeoutMs) => replica.includesSource('checks', accountPartition(account), timeoutMs),
    readiness: async () => ({
      replica: streamsCheck(replica.failed(), caughtUp()),
      kafka: (await opened.bus.healthy()) ? { ok: true } : { ok: false, detail: 'brokers unreachable' },
    }),
  });
}

function streamsCheck(failed: Error | undefined, caughtUp: boolean): ReadinessReport['checks'][string] {
  if (failed) return { ok: false, detail: failed.message };
  return caughtUp ? { ok: true } : { ok: false, detail: 'catching up with the log' };
}
