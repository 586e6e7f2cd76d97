/**
 * Embedded mode's stream runtime in its own thread (composition root of that thread). It opens
 * the same log and state databases as the main thread (classic-level `multithreading`), so
 * state is shared through LevelDB itself, and so is the log, which this thread reads whenever
 * the records handed to it do not cover its position (bus/embedded-handoff.ts):
 *   main -> worker: { op: 'durable', moved }  new check/feedback records are durable, with the
 *                   records themselves (their buffers transferred, not copied)
 *                   { op: 'caughtUp', id, timeoutMs }, { op: 'retrain', id }, { op: 'stop' }
 *   worker -> main: { ev: 'ready' | 'commit' | 'durable' | 'filters' | 'failed' | 'stopped' | 'reply' | 'retrained' }
 *                   a 'commit' carries the commit's writes to the stores checks read (its buffer
 *                   transferred), unless it did not hand them over (handed-writes.ts)
 * The key filters of the state (key-filtering-store.ts) are shared memory this thread writes:
 * the main thread is handed them with 'ready' and each replacement with 'filters', posted
 * before the notice of any commit after it.
 * Each topic has one writing thread: checks and feedback are written by the API (main), the
 * runtime's outputs (labelled checks) by this worker.
 */
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createCodecs } from '../bus/codecs.ts';
import { openEmbeddedBus } from '../bus/embedded-bus.ts';
import type { DurableMove } from '../bus/embedded-log.ts';
import { createEmbeddedRegistry } from '../bus/embedded-registry.ts';
import { ALL_TOPICS, type TopicKey } from '../bus/topics.ts';
import { createLogger } from '../platform/logger.ts';
import { createStreamRuntime } from '../streams/runtime.ts';
import { HANDED_STORES } from '../streams/handed-stores.ts';
import { LevelStore } from '../streams/stores/level-store.ts';
import { alignLogWithState } from './log-state-alignment.ts';
import { EMBEDDED_TOPOLOGY, stateStoresOf } from '../streams/topology.ts';
import { startTrainer, type Trainer } from './trainer.ts';
import { retrainNow, type RetrainResult } from './retrain.ts';
import { keyFilteredState } from './key-filtered-state.ts';

export interface StreamsWorkerData {
  dataDir: string;
  logLevel: string;
  /** Readable log lines (the main thread decided: a worker's stdout is never a terminal). */
  prettyLogs: boolean;
  /** The trainer runs in this thread too (0: no trainer). */
  trainIntervalMs: number;
  /** MAILSIFT_VERDICT_REVIEW, MAILSIFT_VERDICT_ALLOW and MAILSIFT_MAX_ACCOUNT_SHARE, for the trainer (absent: their defaults). */
  blockBelow?: number;
  allowAtLeast?: number;
  maxAccountShare?: number;
}

const RETENTION_SWEEP_MS = 10 * 60_000;
const port = parentPort!;
const { dataDir, logLevel, prettyLogs, trainIntervalMs, blockBelow, allowAtLeast, maxAccountShare } = workerData as StreamsWorkerData;
// Each role's logger names its role once (a child of a child would repeat the key).
const threadLogger = createLogger(logLevel, undefined, { pretty: prettyLogs }).child({ thread: 'worker' });
const logger = threadLogger.child({ role: 'streams' });

const bus = await openEmbeddedBus(join(dataDir, 'log'), ALL_TOPICS, { multithreading: true });
const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
const stores = stateStoresOf(EMBEDDED_TOPOLOGY);
const state = keyFilteredState(new LevelStore(join(dataDir, 'state'), { multithreading: true }), logger, (filters) => port.postMessage({ ev: 'filters', filters }));
await state.open(stores);
// The main thread aligned its view of the log and reported any gap; this thread appends too.
await alignLogWithState(bus.log, state, ALL_TOPICS.map((t) => t.name));
// Commits every 100 ms (the runtime's default is 200, kept in Kafka mode, where each commit is
// also a changelog produce to the broker). Batches wait while a commit is written, so smaller,
// more frequent commits hold the lag down near capacity at no measurable CPU cost
// (docs/architecture.md, Benchmarks).
const COMMIT_INTERVAL_MS = 100;
// Each commit hands the API thread what it wrote to the stores checks read (the buffer is
// transferred, not copied): its cache takes them instead of reading them back.
const runtime = createStreamRuntime({ bus, state, codecs, nodes: EMBEDDED_TOPOLOGY, groupId: 'mailsift-streams', logger, now: Date.now, commitIntervalMs: COMMIT_INTERVAL_MS, handOver: HANDED_STORES });
let trainer: Trainer | undefined;
bus.log.onDurable = (moved) => port.postMessage({ ev: 'durable', moved });

const applied = (): Partial<Record<TopicKey, readonly number[]>> => ({
  checks: runtime.applied('checks'),
  feedback: runtime.applied('feedback'),
  labelled: runtime.applied('labelled'),
  domainSightings: runtime.applied('domainSightings'),
});
const segments = (): [number, number[]][] => stores.map((s) => [s.id, [...state.segmentsOf(s)]]);

runtime.onCommit((handed) => port.postMessage({ ev: 'commit', applied: applied(), segments: segments(), handed }, handed ? [handed.writes.buffer as ArrayBuffer] : []));
let failedSent = false;
const reportFailure = (): void => {
  const f = runtime.failed();
  if (f && !failedSent) {
    failedSent = true;
    port.postMessage({ ev: 'failed', message: f.message });
  }
};
const watch = setInterval(reportFailure, 500);
const sweep = setInterval(() => {
  bus.log.enforceRetention(Date.now()).catch((err: unknown) => logger.error({ err }, 'log retention failed'));
}, RETENTION_SWEEP_MS);

port.on('message', (m: { op: string; id?: number; timeoutMs?: number; moved?: DurableMove[] }) => {
  switch (m.op) {
    case 'durable':
      // With the records the API thread wrote: the runtime applies them without reading them back.
      bus.log.receiveDurable(m.moved!);
      break;
    case 'caughtUp':
      // A failure is told before the answer it explains (messages arrive in order).
      void runtime.caughtUp(m.timeoutMs).then((ok) => {
        if (!ok) reportFailure();
        port.postMessage({ ev: 'reply', id: m.id, ok });
      });
      break;
    case 'retrain':
      // `mailsift retrain` while the server runs (operator endpoint): this thread's trainer fits.
      void (trainer ? retrainNow(trainer) : Promise.resolve<RetrainResult>({ published: false, why: 'no trainer runs in this server', attempted: false })).then(
        (result) => port.postMessage({ ev: 'retrained', id: m.id, result }),
        (err: unknown) => port.postMessage({ ev: 'retrained', id: m.id, result: { published: false, why: `the fit failed: ${(err as Error).message}`, attempted: false } }),
      );
      break;
    case 'stop':
      void (async () => {
        clearInterval(watch);
        clearInterval(sweep);
        await trainer?.stop();
        await runtime.stop();
        await bus.close();
        await state.close();
        port.postMessage({ ev: 'stopped' });
        port.close();
      })();
      break;
  }
});

await runtime.start();
// The trainer shares this thread: it fits between stream batches (it yields every few steps).
trainer =
  trainIntervalMs > 0
    ? await startTrainer({ bus, codecs, groupId: 'mailsift-trainer', logger: threadLogger.child({ role: 'trainer' }), now: Date.now, intervalMs: trainIntervalMs, ...(blockBelow === undefined ? {} : { blockBelow }), ...(allowAtLeast === undefined ? {} : { allowAtLeast }), ...(maxAccountShare === undefined ? {} : { maxAccountShare }) })
    : undefined;
port.postMessage({ ev: 'ready', applied: applied(), segments: segments(), filters: state.shared() });
