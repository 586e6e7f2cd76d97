/**
 * Embedded mode keeps the log (`<dataDir>/log`) and the state built from it (`<dataDir>/state`,
 * with the positions it applied) in two databases. If the log loses its tail (its directory
 * deleted, a file truncated) while the state survives, the state's positions are past the
 * log's end: new records would get offsets the state has already applied and be skipped as
 * seen, silently (checks unbilled, feedback unlabelled). So at start, before anything reads or
 * writes, each partition's end is moved past what the state applied, and the loss is logged
 * loudly: the state keeps everything it had; only the lost records cannot be replayed.
 */
import type { Logger } from 'pino';
import type { EmbeddedLog } from '../bus/embedded-log.ts';
import type { StateStore } from '../streams/stores/state-store.ts';

export interface LogGap {
  readonly topic: string;
  readonly partition: number;
  /** Where the log ended. */
  readonly logEnd: number;
  /** How far the state had applied (the log's new end). */
  readonly applied: number;
}

/** `logger`: where to report a gap (once per process: the streams worker aligns its own view silently). */
export async function alignLogWithState(log: EmbeddedLog, state: StateStore, topics: readonly string[], logger?: Logger): Promise<LogGap[]> {
  const gaps: LogGap[] = [];
  for (const topic of topics) {
    const ends = log.endOffsets(topic);
    const applied = await state.offsets(topic, ends.length);
    ends.forEach((logEnd, partition) => {
      const upTo = applied[partition] ?? 0;
      if (upTo <= logEnd) return;
      log.skipTo(topic, partition, upTo);
      gaps.push({ topic, partition, logEnd, applied: upTo });
    });
  }
  if (gaps.length && logger) {
    logger.error(
      { gaps: gaps.length, records: gaps.reduce((s, g) => s + g.applied - g.logEnd, 0), first: gaps[0] },
      'event log is behind the state: records were lost from <dataDir>/log (deleted or truncated). The state keeps its counters and new records continue after them, but the lost records can no longer be replayed: back up <dataDir>/log with <dataDir>/state',
    );
  }
  return gaps;
}
