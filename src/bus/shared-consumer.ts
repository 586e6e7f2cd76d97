/**
 * One consumer (one group member, one fetch loop) shared by several parts of a process that
 * read different topics with handlers of their own: a Kafka-mode API instance's changelog
 * replica and its hot windows' checks feed. Each Kafka consumer costs a fetch request per
 * batching wait whatever the load, its heartbeats and its offset commits, each a socket write
 * and a wake-up of the broker: one consumer for both makes one fetch loop of two
 * (docs/architecture.md, Benchmarks).
 *
 * Each part sees only its own topics (its assignment, its positions, its batches), and its
 * batches come as they would from a consumer of its own: one partition's in order, the next
 * only after the handler resolved. An error that stops the consumer stops every part, and each
 * is told. The consumer starts once every part has started (or stopped before starting), so
 * one subscription covers all their topics; it stops once every part has stopped.
 */
import type { Bus, BusConsumer, ConsumerHandlers, ConsumerOptions } from './ports.ts';

export interface SharedConsumer {
  /** The next of the `parts` parts (its fetch options: `concurrentPartitions` adds up; every part must agree on `seldomWaitMs`). */
  part(options?: ConsumerOptions): BusConsumer;
  /** Stops the consumer and every part, those not created or started yet included (a start that failed halfway). */
  stop(): Promise<void>;
}

interface Part {
  readonly options: ConsumerOptions;
  topics?: Set<string>;
  handlers?: ConsumerHandlers;
  stopped: boolean;
}

export function sharedConsumer(bus: Bus, groupId: string, parts: number): SharedConsumer {
  const all: Part[] = [];
  let consumer: BusConsumer | undefined;
  let started: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  // Settled when the consumer started, or failed when it never will (stopped first).
  let settle!: (err?: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => (settle = (err) => (err === undefined ? resolve() : reject(err))));
  ready.catch(() => undefined); // a part's start reports it

  const live = (): Part[] => all.filter((p) => !p.stopped && p.handlers);
  const owner = (topic: string): Part | undefined => all.find((p) => p.topics?.has(topic));

  function startIfComplete(): void {
    if (started || stopping || all.length < parts || all.some((p) => !p.stopped && !p.handlers)) return;
    const running = live();
    if (running.length === 0) return settle(new Error(`${groupId}: every part of the shared consumer stopped before it started`));
    const seldom = new Set(running.map((p) => p.options.seldomWaitMs));
    if (seldom.size > 1) return settle(new Error(`${groupId}: the parts of a shared consumer disagree on seldomWaitMs`));
    const [seldomWaitMs] = seldom;
    const concurrentPartitions = running.reduce((n, p) => n + (p.options.concurrentPartitions ?? 1), 0);
    consumer = bus.consumer(groupId, { ...(seldomWaitMs === undefined ? {} : { seldomWaitMs }), concurrentPartitions });
    const handlers: ConsumerHandlers = {
      async position(tp) {
        const p = owner(tp.topic);
        if (!p?.handlers) throw new Error(`${groupId}: no part reads ${tp.topic}`);
        return p.handlers.position(tp);
      },
      async onBatch(tp, records) {
        const p = owner(tp.topic);
        // A part that stopped takes nothing more (its positions are its own: nothing is lost).
        if (p?.handlers && !p.stopped) await p.handlers.onBatch(tp, records);
      },
      async onAssigned(tps) {
        for (const p of running) await p.handlers!.onAssigned?.(tps.filter((tp) => p.topics!.has(tp.topic)));
      },
      async onRevoked(tps) {
        for (const p of running) await p.handlers!.onRevoked?.(tps.filter((tp) => p.topics!.has(tp.topic)));
      },
      onError(err) {
        for (const p of running) p.handlers!.onError?.(err);
      },
      onBatchError(err) {
        for (const p of running) p.handlers!.onBatchError?.(err);
      },
    };
    started = consumer.start(
      running.flatMap((p) => [...p.topics!]),
      handlers,
    );
    started.then(() => settle(), settle);
  }

  async function stopConsumer(): Promise<void> {
    stopping ??= (async () => {
      // A part still waiting for the start will not get one.
      if (!started) settle(new Error(`${groupId}: the shared consumer was stopped before it started`));
      await started?.catch(() => undefined);
      await consumer?.stop();
    })();
    return stopping;
  }

  return {
    part(options = {}) {
      if (all.length >= parts) throw new Error(`${groupId}: a shared consumer of ${parts} parts was asked for one more`);
      const p: Part = { options, stopped: false };
      all.push(p);
      return {
        async start(topics, handlers) {
          if (p.handlers) throw new Error(`${groupId}: a part of a shared consumer was started twice`);
          for (const t of topics) if (owner(t)) throw new Error(`${groupId}: two parts of a shared consumer read ${t}`);
          p.topics = new Set(topics);
          p.handlers = handlers;
          startIfComplete();
          await ready;
        },
        endOffsets: (topic) => bus.endOffsets(topic),
        async stop() {
          if (p.stopped) return;
          p.stopped = true;
          if (all.every((x) => x.stopped) && all.length >= parts) return stopConsumer();
          startIfComplete(); // the others may have been waiting for this one
        },
      };
    },
    stop: stopConsumer,
  };
}
