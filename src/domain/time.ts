/**
 * Time as a value. The core never reads a clock: the shell passes `now` (epoch ms) in,
 * like Kafka Streams' record timestamps or Emmett's `metadata.now`.
 */
export type EpochMillis = number;

export interface Clock {
  now(): EpochMillis;
}

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The UTC day number of an instant (days from the epoch; negative before 1970). */
export const dayOf = (ts: EpochMillis): number => Math.floor(ts / DAY);

/** Epoch-aligned start of the tumbling window (or segment) of `size` that holds `ts`. */
export function windowStart(ts: EpochMillis, size: number): EpochMillis {
  return ts - (((ts % size) + size) % size);
}
