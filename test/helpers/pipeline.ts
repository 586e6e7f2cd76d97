/**
 * An embedded pipeline in a temp dir (the TopologyTestDriver of this project): embedded bus,
 * state database, runtime over the real topology, plus record builders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../../src/bus/embedded-registry.ts';
import { createCodecs, type Codecs } from '../../src/bus/codecs.ts';
import { partitionFor } from '../../src/bus/partitioner.ts';
import type { Bus } from '../../src/bus/ports.ts';
import { ALL_TOPICS, TOPICS } from '../../src/bus/topics.ts';
import type { CheckScored, FeedbackReceived } from '../../src/domain/events.ts';
import { createStreamRuntime, type RuntimeOptions, type StreamRuntime } from '../../src/streams/runtime.ts';
import { LevelStore } from '../../src/streams/stores/level-store.ts';
import { KeyFilteringStore } from '../../src/streams/stores/key-filtering-store.ts';
import { KEY_FILTERED_STORES } from '../../src/streams/key-filtered-stores.ts';
import type { StateStore } from '../../src/streams/stores/state-store.ts';
import { stateStoresOf, storesOf, topologyFor } from '../../src/streams/topology.ts';
import type { HistoryOptions } from '../../src/streams/history.ts';
import { startHotWindowFeed, type HotWindowFeed } from '../../src/streams/hot-window-feed.ts';
import type { EmbeddedLog } from '../../src/bus/embedded-log.ts';
import type { ProcessorNode } from '../../src/streams/aggregation.ts';

export interface Pipeline {
  dir: string;
  bus: Bus & { log?: import('../../src/bus/embedded-log.ts').EmbeddedLog };
  state: LevelStore;
  runtime: StreamRuntime;
  codecs: Codecs;
  /** The short windows in this thread's memory, fed by the checks topic (as the API holds them, in both modes). */
  hot: HotWindowFeed;
  /** The key filters in front of the state (the runtime writes through them), as an API holds them. */
  filters: KeyFilteringStore;
  /** How a history reader reads this pipeline's state, as an API does: with the runtime's positions, its key filters and its hot windows. */
  reading: HistoryOptions;
  sendCheck(e: CheckScored): Promise<{ partition: number; offset: number }>;
  sendFeedback(e: FeedbackReceived): Promise<{ partition: number; offset: number }>;
  close(): Promise<void>;
}

const silent = { info: () => undefined, error: () => undefined };

/** How a pipeline gets its bus: the embedded log in the dir by default, Kafka in test/kafka. */
export type BusFactory = (dir: string) => Promise<{ bus: Bus; codecs: Codecs }>;

export const embeddedBusFactory: BusFactory = async (dir) => {
  const bus = await openEmbeddedBus(join(dir, 'log'), ALL_TOPICS);
  return { bus, codecs: await createCodecs(createEmbeddedRegistry(bus.log.db)) };
};

/** `decorate`: the store stack the runtime writes through, over the LevelDB engine (e.g. a changelogging layer), below the key filters. */
export async function openPipeline(
  dir?: string,
  topology?: readonly ProcessorNode[],
  now = () => Date.now(),
  busFactory: BusFactory = embeddedBusFactory,
  decorate: (engine: LevelStore) => StateStore = (engine) => engine,
  runtimeOptions: Pick<RuntimeOptions, 'conversionChunk' | 'handOver'> = {},
): Promise<Pipeline> {
  const root = dir ?? mkdtempSync(join(tmpdir(), 'mailsift-pipe-'));
  const { bus, codecs } = await busFactory(root);
  const nodes = topology ?? topologyFor(bus.kind);
  const state = new LevelStore(join(root, 'state'));
  await state.open(stateStoresOf(nodes));
  const filters = new KeyFilteringStore(decorate(state), KEY_FILTERED_STORES);
  filters.load(storesOf(nodes));
  const streams = createStreamRuntime({ bus, state: filters, codecs, nodes, groupId: 'test', logger: silent, now, ...runtimeOptions });
  await streams.start();
  // The topology leaves the short windows to the reading thread's memory. The embedded log tells
  // its newest record's time; on Kafka the feed starts from the clock (`now`).
  const log = (bus as { log?: EmbeddedLog }).log;
  const hot = await startHotWindowFeed({
    bus,
    codec: codecs.checks,
    groupId: `test-hot-windows-${Math.random().toString(36).slice(2)}`,
    ...(log ? { newestTime: (p: number) => log.newestTime(TOPICS.checks.name, p) } : {}),
    now,
    onError: () => undefined,
  });
  if (!(await hot.caughtUp(30_000))) throw new Error('hot windows did not catch up');
  // Caught up: the stores and the hot windows both.
  const runtime: StreamRuntime = { ...streams, caughtUp: async (ms) => (await streams.caughtUp(ms)) && (await hot.caughtUp(ms)) };
  const producer = bus.producer();
  return {
    dir: root,
    bus,
    state,
    runtime,
    codecs,
    hot,
    filters,
    reading: { domainFromChecks: true, committed: () => streams.applied('checks'), filters, hot },
    async sendCheck(e) {
      const key = Buffer.from(e.account);
      const [pos] = await producer.send(TOPICS.checks.name, [{ key, value: codecs.checks.encode(e), timestamp: e.time, partition: partitionFor(key, TOPICS.checks.partitions) }]);
      return pos!;
    },
    async sendFeedback(e) {
      const key = Buffer.from(e.account);
      const [pos] = await producer.send(TOPICS.feedback.name, [{ key, value: codecs.feedback.encode(e), timestamp: e.time, partition: partitionFor(key, TOPICS.feedback.partitions) }]);
      return pos!;
    },
    async close() {
      await hot.stop();
      await streams.stop();
      await bus.close();
      await filters.close(); // and the state below it
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

let seq = 0;
export function uuid(n = ++seq): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32BE(n, 12);
  return b;
}
export const hash = (label: string): Buffer => Buffer.concat([Buffer.from(label.padEnd(16, '.').slice(0, 16))]);

export function aCheck(over: Partial<CheckScored> = {}): CheckScored {
  return {
    check_uuid: uuid(),
    account: 'acme',
    time: Date.UTC(2026, 10, 21, 12),
    domain: 'example.com',
    inbox_hash: hash('inbox-a'),
    spelling_hash: hash('spelling-a'),
    ip_hash: null,
    local_shape: 'first.last',
    account_type: 'work',
    feature_version: 1,
    features: [1, 0, 0.5],
    baseline_probability: 0.9,
    served_model: 'baseline',
    served_probability: 0.9,
    learned_probability: null,
    verdict: 'allow',
    bulk: false,
    ...over,
  };
}

export function aFeedback(check: CheckScored, over: Partial<FeedbackReceived> = {}): FeedbackReceived {
  return {
    check_uuid: check.check_uuid,
    account: check.account,
    time: check.time + 60_000,
    check_time: check.time,
    inbox_hash: check.inbox_hash,
    outcome: 'real',
    via: 'check_id',
    ...over,
  };
}
