/**
 * The service's CheckEvents and FeedbackEvents ports over the bus: an event is encoded, keyed
 * and partitioned by its account (bus/account-partition.ts), written through the event writer
 * (durable before the promise resolves, 503 past the deadline), and then kept among this
 * instance's own events so every read includes it until the state does (read-your-writes).
 */
import type { Codecs } from '../bus/codecs.ts';
import { accountKey, accountPartition } from '../bus/account-partition.ts';
import { TOPICS } from '../bus/topics.ts';
import type { EventWriter } from '../service/event-writer.ts';
import type { CheckScored } from '../domain/events.ts';
import type { CheckEvents, FeedbackEvents } from '../service/ports.ts';
import type { OwnEvents } from './own-events.ts';

/** `written`: told of each check event this thread writes, with its encoding and then its position (the hot windows read it back without decoding). */
export function createEventLog(
  writer: EventWriter,
  codecs: Pick<Codecs, 'checks' | 'feedback'>,
  own: OwnEvents,
  written?: { remember(value: Buffer, event: CheckScored): void; rememberAt?(partition: number, offset: number, event: CheckScored): void },
): { checks: CheckEvents; feedback: FeedbackEvents } {
  /** One send for the events, all durable before it resolves; each then joins this instance's own events. */
  async function appendChecks(events: readonly CheckScored[]): Promise<void> {
    const records = events.map((event) => {
      const value = codecs.checks.encode(event);
      written?.remember(value, event);
      return { key: accountKey(event.account), value, timestamp: event.time, partition: accountPartition(event.account) };
    });
    const positions = await writer.writeMany(TOPICS.checks.name, records);
    positions.forEach((pos, i) => {
      written?.rememberAt?.(pos.partition, pos.offset, events[i]!);
      own.addCheck({ event: events[i]!, partition: pos.partition, offset: pos.offset });
    });
  }
  return {
    checks: {
      begin: (account, domain, ipHash, sighting, request) => own.beginCheck(account, domain, ipHash, sighting, request),
      append: (event) => appendChecks([event]),
      appendMany: appendChecks,
    },
    feedback: {
      async append(event) {
        const pos = await writer.write(TOPICS.feedback.name, accountKey(event.account), codecs.feedback.encode(event), event.time, accountPartition(event.account));
        own.addFeedback({ event, ...pos });
      },
    },
  };
}
