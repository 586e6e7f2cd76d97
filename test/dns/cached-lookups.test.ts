import { describe, expect, it } from 'vitest';
import { ttlFor, type TtlPolicy } from '../../src/dns/cached-lookups.ts';

const policy: TtlPolicy = { minTtlMs: 30_000, maxTtlMs: 3_600_000, mxTtlMs: 300_000, negativeTtlMs: 120_000, unknownTtlMs: 5_000 };
const a = (...ttls: number[]) => ({ kind: 'answer' as const, records: ttls.map((ttl) => ({ address: '192.0.2.1', ttl })) });

describe('ttlFor', () => {
  it('A/AAAA: the smallest record TTL, clamped', () => {
    expect(ttlFor('A', a(600, 120), policy)).toBe(120_000);
    expect(ttlFor('AAAA', a(5), policy)).toBe(30_000);
    expect(ttlFor('A', a(86_400), policy)).toBe(3_600_000);
  });

  it('MX: the configured MX TTL, clamped', () => {
    const mx = { kind: 'answer' as const, records: [{ priority: 1, exchange: 'mx.example' }] };
    expect(ttlFor('MX', mx, policy)).toBe(300_000);
    expect(ttlFor('MX', mx, { ...policy, maxTtlMs: 60_000 })).toBe(60_000);
  });

  it('negative and unknown outcomes; cancellations are never cached', () => {
    expect(ttlFor('MX', { kind: 'nxdomain' }, policy)).toBe(120_000);
    expect(ttlFor('A', { kind: 'nodata' }, policy)).toBe(120_000);
    expect(ttlFor('A', { kind: 'unknown', reason: 'servfail' }, policy)).toBe(5_000);
    expect(ttlFor('A', { kind: 'unknown', reason: 'cancelled' }, policy)).toBe(0);
  });
});
