/**
 * Writes one event and waits until it is durable, within a deadline. Past the deadline, or on a
 * bus error, the caller gets 503 + Retry-After: "no verdict goes out unrecorded", and a slow
 * or absent log never turns into a hanging request or a 500.
 *
 * The converse matters too: a check answered 503 should not be recorded (billed, counted in
 * the windows, picked by feedback-by-email) when the client retries it. So at the deadline the
 * event is withdrawn if it is still queued, and then it is never written. An event already
 * handed to the disk or the broker cannot be recalled; it gets `confirmGraceMs` more to be
 * confirmed (it usually is: the answer is then the real one), and only past that is the answer
 * 503 although the event may yet land.
 */
import { RecordsWithdrawnError, type BusProducer, type OutRecord, type RecordPosition } from '../bus/ports.ts';
import { unavailable } from '../domain/errors.ts';

export interface EventWriter {
  /** `tombstone`: a deletion marker of a compacted topic (`value` is then ignored). */
  write(topic: string, key: Buffer, value: Buffer, timestamp: number, partition: number, tombstone?: boolean): Promise<RecordPosition>;
  /**
   * Several events of one topic as one send (a bulk slice's checks): one deadline for all, and
   * all or none withdrawn at it; resolves with their positions in order once all are durable.
   */
  writeMany(topic: string, records: readonly OutRecord[]): Promise<RecordPosition[]>;
}

export interface EventWriterOptions {
  /** How long an event may wait to be written. */
  readonly timeoutMs: number;
  /** How much longer an event already being written may take to be confirmed. */
  readonly confirmGraceMs: number;
  /** `count` events written durably (one send). */
  readonly onWritten: (topic: string, count: number) => void;
  /** `count` events answered 503: withdrawn unwritten ('no'), or unconfirmed past the grace or failed ('unknown'). */
  readonly onGaveUp?: (topic: string, recorded: 'no' | 'unknown', count: number) => void;
}

const LATE = 'event log: could not record the event in time, retry later';

export function createEventWriter(producer: BusProducer, o: EventWriterOptions): EventWriter {
  /**
   * One promise per send, settled by whichever comes first: the send, or the deadline (then the
   * grace). Every single check takes this path, so it makes no promise race and no second
   * promise per write (docs/architecture.md, issue 19, tenth round).
   */
  function writeMany(topic: string, records: readonly OutRecord[]): Promise<RecordPosition[]> {
    return new Promise<RecordPosition[]>((resolve, reject) => {
      let settled = false;
      let withdraw: (() => boolean) | undefined;
      const giveUp = (recorded: 'no' | 'unknown', err: Error): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        o.onGaveUp?.(topic, recorded, records.length);
        reject(err);
      };
      let timer: NodeJS.Timeout = setTimeout(() => {
        if (withdraw?.()) return; // the send rejects with RecordsWithdrawnError
        timer = setTimeout(() => giveUp('unknown', unavailable(LATE, 1)), o.confirmGraceMs);
      }, o.timeoutMs);
      const written = (positions: RecordPosition[]): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        o.onWritten(topic, records.length);
        resolve(positions);
      };
      // A failed write is not always an unwritten one (a broker may have appended a batch
      // whose acknowledgement was lost), so it counts as "may have been recorded".
      const failed = (err: unknown): void =>
        err instanceof RecordsWithdrawnError ? giveUp('no', unavailable(LATE, 1)) : giveUp('unknown', unavailable('event log: unavailable, retry later', 1, err));
      try {
        producer.send(topic, records, { withdrawable: (w) => (withdraw = w) }).then(written, failed);
      } catch (err) {
        failed(err);
      }
    });
  }
  return {
    write: (topic, key, value, timestamp, partition, tombstone = false) => writeMany(topic, [{ key, value, timestamp, partition, ...(tombstone ? { tombstone } : {}) }]).then((p) => p[0]!),
    writeMany,
  };
}
