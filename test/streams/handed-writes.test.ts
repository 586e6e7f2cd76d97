import { describe, expect, it } from 'vitest';
import { HAND_ABSENT, HAND_DROP, HAND_VALUE, liveUntil, packWrites, unpackWrites, type WriteToHand } from '../../src/streams/handed-writes.ts';
import { TOMBSTONE, timedStore, type StoreSpec } from '../../src/streams/stores/store-spec.ts';

const DAY = 86_400_000;
const TIMED = timedStore(41, 'timed-test', 10 * DAY);
const KV: StoreSpec = { id: 42, name: 'kv-test' };
const OTHER: StoreSpec = { id: 43, name: 'other-test' };
const HANDED = new Set([TIMED, KV]);

const w = (store: StoreSpec, key: string, value: string | null | Buffer, segmentStart = 0): WriteToHand => ({ store, key: Buffer.from(key), value: typeof value === 'string' ? Buffer.from(value) : value, segmentStart });
const unpacked = (writes: Uint8Array): [number, number, string, string | undefined][] => {
  const out: [number, number, string, string | undefined][] = [];
  unpackWrites(writes, (id, kind, key, value) => out.push([id, kind, key, value?.toString()]));
  return out;
};

describe('handed writes', () => {
  it("packs the handed stores' writes in order (others left out), each key's bytes as a read's map key has them", () => {
    const segs = (s: StoreSpec): number[] => (s === TIMED ? [0, 10 * DAY] : [0]);
    const handed = packWrites([w(TIMED, 'd\u00e9.example', 'v1', 10 * DAY), w(OTHER, 'x', 'no'), w(KV, 'k', 'v2'), w(KV, 'gone', null), w(TIMED, 'dead', TOMBSTONE, 10 * DAY)], HANDED, segs)!;
    expect(unpacked(handed.writes)).toEqual([
      [41, HAND_VALUE, Buffer.from('d\u00e9.example').toString('latin1'), 'v1'],
      [42, HAND_VALUE, 'k', 'v2'],
      [42, HAND_ABSENT, 'gone', undefined],
      [41, HAND_ABSENT, 'dead', undefined],
    ]);
  });

  it("a write to a segment older than the store's newest is handed as a key to forget (a newer segment may hold it)", () => {
    const handed = packWrites([w(TIMED, 'late', 'v', 0), w(TIMED, 'now', 'v', 10 * DAY)], HANDED, () => [0, 10 * DAY])!;
    expect(unpacked(handed.writes).map(([, kind, key]) => [kind, key])).toEqual([
      [HAND_DROP, 'late'],
      [HAND_VALUE, 'now'],
    ]);
  });

  it('hands nothing over past its bound (the reader then starts over)', () => {
    const many = Array.from({ length: 100 }, (_, i) => w(KV, `key-${i}`, 'x'.repeat(100)));
    expect(packWrites(many, HANDED, () => [0], 5_000)).toBeUndefined();
    expect(packWrites(many, HANDED, () => [0], 20_000)).toBeDefined();
    // Writes of other stores do not count against it.
    expect(packWrites(many.map((x) => ({ ...x, store: OTHER })), HANDED, () => [0], 100)?.writes.length).toBe(0);
  });

  it('values outlive the packed buffer (they are copies)', () => {
    const handed = packWrites([w(KV, 'k', 'value')], HANDED, () => [0])!;
    let kept: Buffer | undefined;
    unpackWrites(handed.writes, (_id, _kind, _key, value) => (kept = value));
    handed.writes.fill(0);
    expect(kept?.toString()).toBe('value');
  });

  it("tells when the oldest segment of a handed store stops being live", () => {
    expect(liveUntil(HANDED, (s) => (s === TIMED ? [20 * DAY, 30 * DAY] : [0]))).toBe(20 * DAY + 10 * DAY + 10 * DAY);
    expect(liveUntil(new Set([KV]), () => [0])).toBe(Infinity);
    expect(liveUntil(HANDED, () => [])).toBe(Infinity);
  });
});
