/**
 * Bus adapter for embedded mode: producer and consumers over the EmbeddedLog. Every consumer
 * gets every partition (one process owns them all), reads from the position its handler
 * gives, and waits for appends when it reaches the end.
 */
import { EmbeddedLog, type LogTopicSpec } from './embedded-log.ts';
import type { Bus, BusConsumer, ConsumerHandlers, TopicPartition } from './ports.ts';

/**
 * Records per batch handed to a consumer. Everything a batch makes (decoded events, its reads,
 * their results) lives until the batch is applied, and the stream worker prepares one batch per
 * partition ahead: with 1,000 that working set outlived the young generation's collections and
 * was copied and promoted; with 250 it mostly dies young (docs/architecture.md, issue 19's
 * twelfth round).
 */
const MAX_FETCH = 250;

export async function openEmbeddedBus(dir: string, topics: readonly LogTopicSpec[], opts: { multithreading?: boolean } = {}): Promise<Bus & { log: EmbeddedLog }> {
  const log = new EmbeddedLog(dir);
  await log.open(topics, opts);
  const consumers = new Set<BusConsumer>();
  return {
    kind: 'embedded',
    log,
    producer: () => log.producer(),
    consumer: () => {
      const c = embeddedConsumer(log);
      consumers.add(c);
      return c;
    },
    partitionCount: (topic) => log.partitionCount(topic),
    endOffsets: async (topic) => log.endOffsets(topic),
    offsetsForTime: (topic, ts) => Promise.all(Array.from({ length: log.partitionCount(topic) }, (_, p) => log.offsetForTime(topic, p, ts))),
    healthy: async () => true,
    async close() {
      await Promise.all([...consumers].map((c) => c.stop()));
      await log.close();
    },
  };
}

function embeddedConsumer(log: EmbeddedLog): BusConsumer {
  let stopping = false;
  const loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();

  async function loop(tp: TopicPartition, h: ConsumerHandlers): Promise<void> {
    let position = await h.position(tp);
    const event = `${tp.topic}/${tp.partition}`;
    while (!stopping) {
      const records = await log.read(tp.topic, tp.partition, position, MAX_FETCH);
      if (records.length === 0) {
        // Wait for an append (or stop). Re-check after subscribing to avoid a lost wake-up.
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            log.events.off(event, wake);
            log.events.off('close', wake);
            wakers.delete(wake);
            resolve();
          };
          log.events.on(event, wake);
          log.events.on('close', wake);
          wakers.add(wake);
          if (stopping || log.endOffsets(tp.topic)[tp.partition]! > position) wake();
        });
        continue;
      }
      // A failed batch (the disk refused a write) is retried, not skipped: the handler is
      // responsible for applying a batch all-or-nothing.
      for (let delay = 100; ; delay = Math.min(5_000, delay * 2)) {
        try {
          await h.onBatch(tp, records);
          break;
        } catch (err) {
          if (stopping) throw err;
          h.onBatchError?.(err instanceof Error ? err : new Error(String(err)));
          await new Promise((r) => setTimeout(r, delay));
        }
      }
      position = records.at(-1)!.offset + 1;
    }
  }

  return {
    async start(topics, handlers) {
      const tps: TopicPartition[] = topics.flatMap((topic) =>
        Array.from({ length: log.partitionCount(topic) }, (_, partition) => ({ topic, partition })),
      );
      await handlers.onAssigned?.(tps);
      for (const tp of tps) {
        loops.push(
          loop(tp, handlers).catch((err: unknown) => {
            if (!stopping) handlers.onError?.(err instanceof Error ? err : new Error(String(err)));
          }),
        );
      }
    },
    endOffsets: async (topic) => log.endOffsets(topic),
    async stop() {
      stopping = true;
      for (const w of [...wakers]) w();
      await Promise.allSettled(loops);
    },
  };
}
