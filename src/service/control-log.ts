/**
 * Writes customer controls (keys, rules, settings) to the controls topic and applies each to
 * this instance's table as soon as it is durable: the change works here at once, and on every
 * other instance when its follower reads it (well within 2 s). A write the log does not take in
 * time is a 503 (EventWriter), and nothing changed.
 */
import type { EventCodec } from '../bus/avro.ts';
import { TOPICS } from '../bus/topics.ts';
import type { ControlTable } from '../controls/control-table.ts';
import type { AccountControl } from '../domain/events.ts';
import type { EventWriter } from './event-writer.ts';

export interface ControlLog {
  /** Writes the control (null: deletes it), waits until it is durable, applies it here. */
  put(recordKey: string, value: AccountControl | null, now: number): Promise<void>;
}

export function createControlLog(d: { writer: EventWriter; codec: EventCodec<AccountControl>; table: ControlTable }): ControlLog {
  return {
    async put(recordKey, value, now) {
      const key = Buffer.from(recordKey, 'utf8');
      const pos = await d.writer.write(TOPICS.controls.name, key, value === null ? Buffer.alloc(0) : d.codec.encode(value), now, 0, value === null);
      d.table.apply(recordKey, value, pos.offset);
    },
  };
}
