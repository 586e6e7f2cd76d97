import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { packFeatures, unpackFeatures } from '../../../src/streams/aggregations/packed-features.ts';

// What check-index-14d stored before: an Avro array of float (float32 per value).
const floats = avro.Type.forSchema({ type: 'array', items: 'float' });
const asFloatArray = (v: number[]): number[] => floats.fromBuffer(floats.toBuffer(v)) as number[];

describe('packed feature vectors', () => {
  it.each([
    ['empty', []],
    ['zeros and ones', [0, 1, 0, 0, 1, 1, 0]],
    ['fractions', [0.1, 0.25, 1 / 3, 0.7, 2 / 7]],
    ['a typical check (44 columns, mostly absent signals)', Array.from({ length: 44 }, (_, i) => (i === 0 || i === 9 ? 1 : i === 8 ? 0.62 : i === 13 ? 0.3125 : 0))],
    ['edge values', [-0, Number.NaN, Infinity, -Infinity, -1, 2, 1 + 1e-9, 1e-50, -1e-50, 3.4e38, 1e39]],
    ['255 values', Array.from({ length: 255 }, (_, i) => (i % 5) / 4)],
  ])('reads back exactly what the Avro float array read back: %s', (_name, v) => {
    const back = unpackFeatures(packFeatures(v));
    const before = asFloatArray(v);
    expect(back).toHaveLength(before.length);
    // Object.is per value: -0 and NaN must come back as they did.
    back.forEach((x, i) => expect(Object.is(x, before[i]), `value ${i}: ${x} against ${before[i]}`).toBe(true));
  });

  it('takes a byte per four columns plus 4 bytes per value other than 0 or 1', () => {
    const typical = Array.from({ length: 44 }, (_, i) => (i === 0 || i === 9 ? 1 : i === 8 ? 0.62 : i === 13 ? 0.3125 : 0));
    expect(packFeatures(typical)).toHaveLength(1 + 11 + 2 * 4);
    expect(floats.toBuffer(typical).length).toBeGreaterThan(170);
  });

  it('refuses more than 255 values and bytes its tags do not account for', () => {
    expect(() => packFeatures(new Array<number>(256).fill(0))).toThrow(/at most 255/);
    expect(() => unpackFeatures(Buffer.concat([packFeatures([0.5, 1]), Buffer.from([0])]))).toThrow(/account for/);
    expect(() => unpackFeatures(Buffer.from([1, 3]))).toThrow(/unknown tag 3/);
  });
});
