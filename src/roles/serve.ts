/**
 * `mailsift serve`: starts the roles MAILSIFT_ROLES names.
 *  - Embedded mode: all roles in one process over the embedded log; the stream runtime (and
 *    the trainer) in a worker thread by default, the API reading the same state.
 *  - Kafka mode: each role may run in its own process; an API instance reads a replica of
 *    every store, materialised from the changelog topics.
 * Which state the API reads is a MaterializedState (materialized-state.ts); the API is wired
 * once, over any of them (startApiOver).
 */
import { join } from 'node:path';
import { startApi, type ApiRole } from './api.ts';
import { startOpsServer } from './ops-server.ts';
import { instanceId, openBus, type OpenedBus } from './bus.ts';
import type { Context } from './context.ts';
import { startStreams, type StreamsRole } from './streams.ts';
import { startModelFollower } from './model-follower.ts';
import { startControlsFollower, type ControlsFollower } from './controls-follower.ts';
import type { EmbeddedLog } from '../bus/embedded-log.ts';
import type { Bus } from '../bus/ports.ts';
import type { Codecs } from '../bus/codecs.ts';
import { DAY } from '../domain/time.ts';
import { startTrainer, type Trainer } from './trainer.ts';
import { retrainNow, type RetrainResult } from './retrain.ts';
import { createCodecs } from '../bus/codecs.ts';
import { openEmbeddedBus } from '../bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../bus/embedded-registry.ts';
import { ALL_TOPICS, TOPICS } from '../bus/topics.ts';
import { inThreadState, readinessOf, replicaState, workerState, type MaterializedState } from './materialized-state.ts';

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

/** A closer list run in reverse order of registration (the last started is the first stopped). */
type Closers = (() => Promise<void>)[];

/**
 * The API over a materialised state: the model follower, the customer controls (compacted
 * here in embedded mode, where this thread is their only writer), then the app. Each part's
 * closer joins `closers`. `retrain`: embedded mode's trainer, for `mailsift retrain` while the
 * server runs.
 */
async function startApiOver(ctx: Context, opened: OpenedBus, state: MaterializedState, closers: Closers, retrain?: () => Promise<RetrainResult>): Promise<ApiRole> {
  const kafka = ctx.config.mode === 'kafka';
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
  const api = await startApi(ctx, { learned: follower, controls, producer: opened.bus.producer(), codecs: opened.codecs, state, ...(retrain ? { retrain } : {}) });
  closers.unshift(() => api.close());
  return api;
}

async function closeAll(closers: Closers): Promise<void> {
  for (const c of closers) await c();
}

export async function serve(ctx: Context): Promise<Running> {
  if (ctx.config.mode === 'embedded' && ctx.config.streamsThread) return serveEmbeddedThreaded(ctx);
  const opened = await openBus(ctx);
  const closers: Closers = [];
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
        allowAtLeast: ctx.config.verdictAllow,
        maxAccountShare: ctx.config.maxAccountShare,
      });
      closers.unshift(() => trainer!.stop());
      ctx.logger.info({ mode: ctx.config.mode, interval_s: ctx.config.trainIntervalS }, 'mailsift trainer running');
    }
    if (roles.includes('api')) {
      const state = kafka ? await replicaState(ctx, opened) : await inThreadState(ctx, opened, streams!);
      closers.unshift(() => state.close());
      const t = trainer;
      api = await startApiOver(ctx, opened, state, closers, t && !kafka ? () => retrainNow(t) : undefined);
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
            ...(s ? { streams: readinessOf(s.runtime.failed(), storesCaughtUp) } : {}),
            ...(t ? { trainer: readinessOf(t.failed(), true) } : {}),
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
      await closeAll(closers);
      await opened.bus.close();
    },
  };
}

/**
 * Embedded mode with the stream runtime (and the trainer) in a worker thread: this thread
 * writes the log and reads the state; the worker applies the log to the state. Both open the
 * same databases.
 */
async function serveEmbeddedThreaded(ctx: Context): Promise<Running> {
  const bus = await openEmbeddedBus(join(ctx.dataDir, 'log'), ALL_TOPICS, { multithreading: true });
  const closers: Closers = [];
  let api: ApiRole;
  try {
    const opened: OpenedBus = { bus, codecs: await createCodecs(createEmbeddedRegistry(bus.log.db)), log: bus.log };
    const state = await workerState(ctx, bus, opened.codecs);
    closers.unshift(() => state.close());
    api = await startApiOver(ctx, opened, state, closers, () => state.retrain());
  } catch (err) {
    for (const c of closers) await c().catch(() => undefined);
    await bus.close().catch(() => undefined);
    throw err;
  }
  return {
    api,
    async close() {
      await closeAll(closers);
      await bus.close();
    },
  };
}
