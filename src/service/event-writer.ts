/**
 * Writes one event and waits until it is durable, within a deadline. Past the deadline, or on a
 * bus error, the caller gets 503 + Retry-After: "no verdict goes out unrecorded", and a slow
 * or absent log never turns into a hanging request or a 500.
 */
import type { BusProducer, RecordPosition } from '../bus/ports.ts';
import { unavailable } from '../domain/errors.ts';

export interface EventWriter {
  write(topic: string, key: Buffer, value: Buffer, timestamp: number, partition: number): Promise<RecordPosition>;
}

export function createEventWriter(producer: BusProducer, timeoutMs: number, onWritten: (topic: string) => void): EventWriter {
  return {
    async write(topic, key, value, timestamp, partition) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(unavailable('event log: could not record the event in time, retry later', 1)), timeoutMs);
      });
      try {
        const [pos] = await Promise.race([producer.send(topic, [{ key, value, timestamp, partition }]), deadline]);
        onWritten(topic);
        return pos!;
      } catch (err) {
        if (err instanceof Error && err.name === 'ServiceError') throw err;
        throw unavailable('event log: unavailable, retry later', 1, err);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
