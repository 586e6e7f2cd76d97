/**
 * The streams role: the topology's runtime over the local state database. In embedded mode the
 * API reads the same database (one process); in Kafka mode its stores are also changelogged.
 */
import { join } from 'node:path';
import { ALL_TOPICS, TOPICS } from '../bus/topics.ts';
import { HANDED_STORES } from '../streams/handed-stores.ts';
import { createStreamRuntime, type StreamRuntime } from '../streams/runtime.ts';
import { ChangeLoggingStore } from '../streams/stores/changelogging-store.ts';
import type { KeyFilteringStore } from '../streams/stores/key-filtering-store.ts';
import type { KeyFilters } from '../streams/stores/key-filter.ts';
import { LevelStore } from '../streams/stores/level-store.ts';
import type { StateStore } from '../streams/stores/state-store.ts';
import { stateStoresOf, storesOf, storesToDrop, topologyFor } from '../streams/topology.ts';
import type { OpenedBus } from './bus.ts';
import type { Context } from './context.ts';
import { alignLogWithState } from './log-state-alignment.ts';
import { keyFilteredState } from './key-filtered-state.ts';

export interface StreamsRole {
  readonly state: StateStore;
  readonly runtime: StreamRuntime;
  /** Embedded mode: the key filters in front of the state, for the API of this thread. */
  readonly filters?: KeyFilters;
  close(): Promise<void>;
}

const RETENTION_SWEEP_MS = 10 * 60_000;

export const DROPPED = 'dropped stores this version no longer keeps (retired ones, whose successors are built from the log; the short windows, held in the API thread\'s memory)';

export async function startStreams(ctx: Context, opened: OpenedBus): Promise<StreamsRole> {
  const engine = new LevelStore(join(ctx.dataDir, 'state'));
  const nodes = topologyFor(opened.bus.kind);
  // Stores an upgrade converts into others stay open here (runtime.ts converts them).
  await engine.open(stateStoresOf(nodes));
  if (await engine.dropUnkept(storesToDrop(stateStoresOf(nodes)))) ctx.logger.info(DROPPED);
  if (opened.log) {
    await alignLogWithState(opened.log, engine, ALL_TOPICS.map((t) => t.name), ctx.logger);
  }
  // Kafka mode: every store write is also written to its changelog, for the API replicas (which
  // keep their own key filters). Embedded mode: the API of this thread reads this state, behind
  // key filters.
  let filtering: KeyFilteringStore | undefined;
  if (opened.bus.kind !== 'kafka') {
    filtering = keyFilteredState(engine, ctx.logger);
    filtering.load(storesOf(nodes));
  }
  const state: StateStore = filtering ?? new ChangeLoggingStore(engine, opened.bus.producer(), ctx.now);
  const runtime = createStreamRuntime({
    bus: opened.bus,
    state,
    codecs: opened.codecs,
    nodes,
    groupId: 'mailsift-streams',
    logger: ctx.logger.child({ role: 'streams' }),
    now: ctx.now,
    // Embedded mode: this thread's API cache takes each commit's writes to the stores checks read.
    ...(filtering ? { handOver: HANDED_STORES } : {}),
  });
  await runtime.start();
  const sweep = opened.enforceRetention
    ? setInterval(() => {
        opened.enforceRetention!(ctx.now()).catch((err: unknown) => ctx.logger.error({ err }, 'log retention failed'));
      }, RETENTION_SWEEP_MS).unref()
    : undefined;
  ctx.metrics.gauge('mailsift_streams_lag_records', 'Records not yet applied to the stores, per source topic', ['topic'], async (set) => {
    for (const node of nodes) {
      const topic = node.source;
      const applied = runtime.applied(topic);
      const ends = await opened.bus.endOffsets(TOPICS[topic].name);
      set({ topic }, ends.reduce((s, e, p) => s + Math.max(0, e - (applied[p] ?? 0)), 0));
    }
  });
  return {
    state,
    runtime,
    ...(filtering ? { filters: filtering } : {}),
    async close() {
      if (sweep) clearInterval(sweep);
      await runtime.stop();
      await state.close();
    },
  };
}
