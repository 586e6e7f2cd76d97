/**
 * The shape of an aggregation (Kafka Streams DSL-like): it says WHAT to keep, the runtime
 * decides HOW (poll, batch, commit). An aggregation is deterministic: its output depends only on
 * the event, the store contents it declared and read, and nothing else (no clock, no I/O).
 *
 * Contract:
 *   - `reads` declares every store key `apply` will read for this event (they are prefetched).
 *   - `apply` is idempotent where the aggregation says so (distinct counts are), which lets the
 *     API re-apply its own not-yet-materialised events on top of the store for read-your-writes.
 *   - Time is the event's own timestamp; windows are epoch-aligned.
 */
import type { EventsBySchema } from '../domain/events.ts';
import type { TopicKey } from '../bus/topics.ts';
import type { ReadKeys, StoreTx } from './stores/tx.ts';
import type { StoreSpec } from './stores/store-spec.ts';

/**
 * How an upgrade turns the values of stores an earlier version kept into this aggregation's
 * store, where it cannot be built from the log (a count is not replayable; a window longer than
 * the topic's retention). The runtime converts each source partition once, when it is assigned
 * (so only the partition's owner converts, and in Kafka mode changelogs what it converted), and
 * commits the partition's mark with the conversion's last write (runtime.ts). A conversion only
 * ever sets values from the old stores, which it never changes: run again after a crash, it
 * writes the same values.
 */
export interface StoreConversion {
  /** The old stores, as their values were laid out (opened in the streams' state, never written). */
  readonly from: readonly StoreSpec[];
  readonly to: StoreSpec;
  /** The new value of a key (encoded) and its time, from the old stores' values (in `from`'s order; undefined where absent); undefined: none. */
  convert(old: readonly (Buffer | undefined)[]): { value: Buffer; ts: number } | undefined;
  /**
   * The source partition whose records write the key, when the source is keyed by the entity
   * (Kafka mode's repartition topic). Absent: any partition may (embedded mode applies the
   * domain aggregations to the checks, keyed by account), so every key is converted at the
   * first assignment, before any record is applied.
   */
  partitionOf?(key: Buffer, partitions: number): number;
}

export interface Emitted<S extends keyof EventsBySchema = keyof EventsBySchema> {
  readonly topic: TopicKey;
  readonly key: Buffer;
  readonly value: EventsBySchema[S];
  readonly timestamp: number;
}

/** Where an event sits in its source topic. */
export interface SourcePosition {
  readonly partition: number;
  readonly offset: number;
}

export interface Aggregation<E> {
  readonly name: string;
  readonly stores: readonly StoreSpec[];
  /**
   * Re-applying an event its stores already include changes nothing, and it emits nothing. Its
   * stores can then be built by replaying the retained log of its source: a state that lacks
   * them (they were added by an upgrade) gets them that way, partition by partition, before
   * the partition's new records are processed (runtime.ts).
   */
  readonly replayable?: boolean;
  /** Its store replaces stores of an earlier version, whose values an upgrade converts (above). */
  readonly converts?: StoreConversion;
  reads(event: E, rs: ReadKeys): void;
  /** `at`: the event's source position, for values that must say which events they include. */
  apply(event: E, tx: StoreTx, emit: (out: Emitted) => void, at?: SourcePosition): void;
}

/** A topology node: the aggregations fed by one source topic, applied in order per event. */
export interface ProcessorNode<S extends keyof EventsBySchema = keyof EventsBySchema> {
  readonly name: string;
  readonly source: TopicKey;
  readonly aggregations: readonly Aggregation<EventsBySchema[S]>[];
  /** Event time of a decoded event. */
  timeOf(event: EventsBySchema[S]): number;
}
