/**
 * The main thread's handle on the stream runtime running in a worker thread (embedded mode):
 * forwards "records are durable" from the API's log writes, and keeps what the API needs to
 * know about the runtime (committed positions, state segments, failures) up to date.
 */
import { Worker } from 'node:worker_threads';
import type { DurableMove } from '../bus/embedded-log.ts';
import type { TopicKey } from '../bus/topics.ts';
import type { CommitListener, HandedWrites } from '../streams/handed-writes.ts';
import { KeyFiltersView, type KeyFilters, type SharedKeyFilters } from '../streams/stores/key-filter.ts';
import type { LevelStore } from '../streams/stores/level-store.ts';
import type { StreamsWorkerData } from './streams-worker.ts';
import type { RetrainResult } from './retrain.ts';

export interface StreamsThread {
  applied(topic: TopicKey): readonly number[];
  /** Every commit the worker announces, with the writes it handed over (none: start over). */
  onCommit(listener: CommitListener): () => void;
  caughtUp(timeoutMs?: number): Promise<boolean>;
  /** `mailsift retrain` by the worker's trainer: once it has read every labelled check, a fit now. */
  retrain(): Promise<RetrainResult>;
  failed(): Error | undefined;
  /** The key filters of the state, which the worker writes (shared memory): kept current from its messages. */
  readonly filters: KeyFilters;
  /** Tells the worker of new durable records, handing over those `moved` carries. */
  durable(moved: DurableMove[]): void;
  close(): Promise<void>;
}

interface Message {
  ev: 'ready' | 'commit' | 'durable' | 'filters' | 'failed' | 'stopped' | 'reply' | 'retrained';
  result?: RetrainResult;
  filters?: SharedKeyFilters;
  applied?: Partial<Record<TopicKey, number[]>>;
  segments?: [number, number[]][];
  id?: number;
  ok?: boolean;
  message?: string;
  moved?: { topic: string; partition: number; end: number }[];
  handed?: HandedWrites;
}

export async function startStreamsThread(data: StreamsWorkerData, state: LevelStore, onWorkerDurable: (moved: { topic: string; partition: number; end: number }[]) => void): Promise<StreamsThread> {
  // Under tsx (development, tests) the worker is TypeScript too: give it the same loader.
  const self = import.meta.url;
  const file = new URL(self.endsWith('.ts') ? './streams-worker-dev.mjs' : './streams-worker.js', self);
  const worker = new Worker(file, { workerData: data });
  let applied: Partial<Record<TopicKey, number[]>> = {};
  let failure: Error | undefined;
  const filters = new KeyFiltersView();
  const listeners = new Set<CommitListener>();
  const replies = new Map<number, (ok: boolean) => void>();
  const retrains = new Map<number, (r: RetrainResult) => void>();
  let nextId = 1;
  let stopped: () => void = () => undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: Message) => {
      if (m.applied) applied = m.applied;
      if (m.segments) state.adoptSegments(m.segments);
      if (m.filters) filters.adopt(m.filters);
      switch (m.ev) {
        case 'ready':
          resolve();
          break;
        case 'commit':
          for (const l of listeners) l(m.handed);
          break;
        case 'durable':
          onWorkerDurable(m.moved!);
          break;
        case 'failed':
          failure = new Error(m.message);
          break;
        case 'reply':
          replies.get(m.id!)?.(m.ok!);
          replies.delete(m.id!);
          break;
        case 'retrained':
          retrains.get(m.id!)?.(m.result!);
          retrains.delete(m.id!);
          break;
        case 'stopped':
          stopped();
          break;
      }
    });
    worker.on('error', (err) => {
      failure = err;
      reject(err);
    });
    worker.on('exit', (code) => {
      if (code !== 0 && !failure) failure = new Error(`stream runtime thread exited with ${code}`);
      for (const r of replies.values()) r(false);
      for (const r of retrains.values()) r({ published: false, why: 'the stream runtime thread stopped', attempted: false });
      stopped();
    });
  });
  await ready;

  return {
    applied: (topic) => applied[topic] ?? [],
    onCommit(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    caughtUp(timeoutMs = 60_000) {
      if (failure) return Promise.resolve(false);
      const id = nextId++;
      return new Promise<boolean>((resolve) => {
        replies.set(id, resolve);
        worker.postMessage({ op: 'caughtUp', id, timeoutMs });
      });
    },
    retrain() {
      if (failure) return Promise.resolve({ published: false, why: `the stream runtime thread failed: ${failure.message}`, attempted: false });
      const id = nextId++;
      return new Promise<RetrainResult>((resolve) => {
        retrains.set(id, resolve);
        worker.postMessage({ op: 'retrain', id });
      });
    },
    failed: () => failure,
    filters,
    durable(moved) {
      const handed: ArrayBuffer[] = [];
      for (const m of moved) if (m.records) handed.push(m.records.data);
      worker.postMessage({ op: 'durable', moved }, handed);
    },
    async close() {
      const done = new Promise<void>((r) => (stopped = r));
      worker.postMessage({ op: 'stop' });
      await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
      await worker.terminate();
    },
  };
}
