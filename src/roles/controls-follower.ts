/**
 * Follows the controls topic (API keys, rules, account settings) from its start into this
 * process's ControlTable. Every API instance runs one, in a consumer group of its own so it
 * sees every record; the topic is compacted, so replaying it at start costs one record per key,
 * rule and account. A change another instance (or `mailsift keys`) writes reaches this table
 * as soon as the consumer delivers it: at once in embedded mode, within the consumer's fetch
 * wait (50 ms) in Kafka mode.
 */
import type { Logger } from 'pino';
import type { Codecs } from '../bus/codecs.ts';
import { SELDOM_WAIT_MS, type Bus, type BusConsumer } from '../bus/ports.ts';
import { TOPICS } from '../bus/topics.ts';
import { ControlTable } from '../controls/control-table.ts';
import { followerCaughtUp } from './caught-up.ts';

export interface ControlsFollower {
  readonly table: ControlTable;
  /** Resolves true once every record written before the call has been applied. */
  caughtUp(timeoutMs?: number): Promise<boolean>;
  failed(): Error | undefined;
  stop(): Promise<void>;
}

export async function startControlsFollower(o: { bus: Bus; codecs: Codecs; groupId: string; logger: Logger; table?: ControlTable }): Promise<ControlsFollower> {
  const topic = TOPICS.controls.name;
  const table = o.table ?? new ControlTable();
  let next = 0;
  let failure: Error | undefined;
  // Written seldom: a long poll, not a fetch every batching wait (docs/architecture.md, Benchmarks).
  const consumer: BusConsumer = o.bus.consumer(o.groupId, { seldomWaitMs: SELDOM_WAIT_MS });
  await consumer.start([topic], {
    position: async () => 0,
    onBatch: async (_tp, records) => {
      for (const r of records) {
        const key = r.key.toString('utf8');
        if (r.tombstone) {
          table.apply(key, null, r.offset);
          continue;
        }
        try {
          if (!table.apply(key, await o.codecs.controls.decode(r.value), r.offset)) o.logger.warn({ offset: r.offset }, 'skipped a control this version cannot use');
        } catch (err) {
          // One unreadable record must not stop every other key and rule from applying.
          o.logger.warn({ err, offset: r.offset }, 'skipped an unreadable control record');
        }
      }
      next = records.at(-1)!.offset + 1;
    },
    onError: (err) => {
      failure = err;
      o.logger.error({ err }, 'controls follower stopped');
    },
  });

  return {
    table,
    async caughtUp(timeoutMs = 30_000) {
      const [end = 0] = await o.bus.endOffsets(topic);
      return followerCaughtUp(end, () => next, () => failure, timeoutMs);
    },
    failed: () => failure,
    stop: () => consumer.stop(),
  };
}
