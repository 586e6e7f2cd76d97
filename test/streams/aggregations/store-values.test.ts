import { describe, expect, it } from 'vitest';
import { decodeCheckRecord, encodeCheckRecord, type CheckRecord } from '../../../src/streams/aggregations/store-values.ts';

const features = Array.from({ length: 44 }, (_, i) => (i === 3 || i === 17 ? 1 : i === 9 ? 0.3125 : i === 30 ? -0 : 0));
const full: CheckRecord = {
  domain: 'example.test',
  time: 1_800_000_000_123,
  feature_version: 10,
  features,
  baseline_probability: 0.875,
  served_model: 'baseline',
  served_probability: 0.875,
  learned_probability: null,
  personal_probability: 0.25,
  local_shape: 'first.last',
};
// A record of an event from before personal models and local shapes: both fields absent.
const older: CheckRecord = { domain: 'mail.example.test', time: 1_800_000_100_000, feature_version: 9, features: features.slice(0, 40), baseline_probability: 0.5, served_model: 'learned', served_probability: 0.625, learned_probability: 0.625 };

describe('check records (check-index-14d values)', () => {
  it('are encoded byte for byte as the fourteenth round wrote them (the state and changelogs hold these bytes)', () => {
    // Written by the encoding before it used a scratch buffer (main at 8d49d74).
    expect(encodeCheckRecord(full).toString('hex')).toBe(
      '01186578616d706c652e74657374f6c1e285e36814282c40000800040000200000000000a03e00000080000000000000ec3f10626173656c696e65000000000000ec3f0002000000000000d03f021466697273742e6c617374',
    );
    expect(encodeCheckRecord(older).toString('hex')).toBe(
      '01226d61696c2e6578616d706c652e74657374c0daee85e368122628400008000400002000000000a03e00000080000000000000e03f0e6c6561726e6564000000000000e43f02000000000000e43f0000',
    );
  });

  it('each encoding is a Buffer of its own: the next one does not overwrite it', () => {
    const a = encodeCheckRecord(full);
    const copy = Buffer.from(a);
    encodeCheckRecord(older);
    expect(a.equals(copy)).toBe(true);
    expect(decodeCheckRecord(a)).toMatchObject({ domain: 'example.test', local_shape: 'first.last', personal_probability: 0.25 });
  });

  it('a record larger than the scratch buffer is encoded whole', () => {
    const long = { ...full, domain: `${'a'.repeat(5000)}.test` };
    const b = encodeCheckRecord(long);
    expect(b.length).toBeGreaterThan(5000);
    expect(decodeCheckRecord(b).domain).toBe(long.domain);
    expect(decodeCheckRecord(b).features.map((x) => Object.is(x, -0) ? '-0' : x)).toEqual(features.map((x) => Object.is(x, -0) ? '-0' : x));
  });
});
