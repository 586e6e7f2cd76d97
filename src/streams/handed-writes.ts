/**
 * A commit's writes to the stores the request path reads, handed to the readers with the commit's
 * announcement (pure), so the API's cache (commit-cached-reader.ts) takes them as the committed
 * state instead of reading them back: a company domain's record, written by the check before,
 * was one LevelDB read per check (issue 19, twenty-second round).
 *
 * One buffer per commit, transferable between threads without a copy. Per write:
 *     storeId u8 | kind u8 | keyLength u16 BE | valueLength u32 BE | key | value
 * kind: VALUE (the key's value now), ABSENT (deleted or a tombstone), or DROP (the write went to a
 * segment older than the store's newest, where a newer segment may hold the key: the reader
 * forgets the key and reads it again).
 * `liveUntil` is the first time at which a segment the reader may have read from stops being live
 * (the oldest live segment of the handed stores ends its retention): a reader's cached values are
 * no longer the store's answer at or past it.
 * A commit whose writes to these stores exceed the bound is not handed over (undefined): the
 * reader then starts over, as it does on every commit announced without a hand-over.
 */
import type { StoreSpec } from './stores/store-spec.ts';

export interface HandedWrites {
  readonly writes: Uint8Array;
  readonly liveUntil: number;
}

/** Told of every commit of the state, with the commit's writes to the handed stores when it hands them over. */
export type CommitListener = (handed?: HandedWrites) => void;

/** One write as a writer holds it: the user key, its segment, its value (null or empty: absent). */
export interface WriteToHand {
  readonly store: StoreSpec;
  readonly key: Buffer;
  readonly value: Buffer | null;
  readonly segmentStart: number;
}

export const HAND_VALUE = 1;
export const HAND_ABSENT = 2;
export const HAND_DROP = 3;
const HEADER = 8;

/** 4 MiB: a commit at steady state hands over a few KiB; one after a restart's catch-up may not. */
export const MAX_HANDED_BYTES = 4 * 1024 * 1024;

/**
 * Packs the writes to `stores` (the others are left out), or undefined past `maxBytes`.
 * `segmentsOf` is the writer's segment list of a store after the commit (ascending).
 */
export function packWrites(writes: Iterable<WriteToHand>, stores: ReadonlySet<StoreSpec>, segmentsOf: (s: StoreSpec) => readonly number[], maxBytes = MAX_HANDED_BYTES): HandedWrites | undefined {
  const kept: WriteToHand[] = [];
  let size = 0;
  for (const w of writes) {
    if (!stores.has(w.store)) continue;
    size += HEADER + w.key.length + (w.value?.length ?? 0);
    if (size > maxBytes) return undefined;
    kept.push(w);
  }
  const out = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const w of kept) {
    const newest = segmentsOf(w.store).at(-1);
    const kind = w.store.segmentMs !== undefined && w.segmentStart !== newest ? HAND_DROP : w.value === null || w.value.length === 0 ? HAND_ABSENT : HAND_VALUE;
    const value = kind === HAND_VALUE ? w.value! : undefined;
    out[at] = w.store.id;
    out[at + 1] = kind;
    out.writeUInt16BE(w.key.length, at + 2);
    out.writeUInt32BE(value?.length ?? 0, at + 4);
    at += HEADER;
    at += w.key.copy(out, at);
    if (value) at += value.copy(out, at);
  }
  return { writes: out.subarray(0, at), liveUntil: liveUntil(stores, segmentsOf) };
}

/**
 * When the oldest segment of one of `stores` stops being live (Infinity: never). Dead segments the
 * writer has not dropped yet count too (that time is then past): a reader whose clock is behind the
 * writer's may still have read from them, and a reader starts over once per such time.
 */
export function liveUntil(stores: ReadonlySet<StoreSpec>, segmentsOf: (s: StoreSpec) => readonly number[]): number {
  let until = Infinity;
  for (const s of stores) {
    if (s.segmentMs === undefined || s.retentionMs === undefined) continue;
    const oldest = segmentsOf(s)[0];
    if (oldest !== undefined) until = Math.min(until, oldest + s.segmentMs + s.retentionMs);
  }
  return until;
}

/**
 * Visits each packed write in order: its store id, kind, the user key's bytes as latin1 (what a
 * read's `mapKey` is made of) and, for HAND_VALUE, a copy of the value (it outlives the buffer).
 */
export function unpackWrites(writes: Uint8Array, visit: (storeId: number, kind: number, keyLatin1: string, value: Buffer | undefined) => void): void {
  const b = Buffer.from(writes.buffer, writes.byteOffset, writes.byteLength);
  let at = 0;
  while (at + HEADER <= b.length) {
    const storeId = b[at]!;
    const kind = b[at + 1]!;
    const keyLength = b.readUInt16BE(at + 2);
    const valueLength = b.readUInt32BE(at + 4);
    at += HEADER;
    const key = b.toString('latin1', at, at + keyLength);
    at += keyLength;
    visit(storeId, kind, key, kind === HAND_VALUE ? Buffer.from(b.subarray(at, at + valueLength)) : undefined);
    at += valueLength;
  }
}
