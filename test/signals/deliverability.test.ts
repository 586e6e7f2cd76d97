import { describe, expect, it } from 'vitest';
import {
  addressOutcome,
  deliverableAddress,
  deliverableFrom,
  mxTargets,
  needsAaaa,
  normalizeHost,
  type AddressRecord,
  type DeliverabilityEvidence,
  type LookupOutcome,
} from '../../src/signals/deliverability.ts';

const answer: LookupOutcome<AddressRecord> = { kind: 'answer', records: [{ address: '192.0.2.1', ttl: 60 }] };
const nodata: LookupOutcome<AddressRecord> = { kind: 'nodata' };
const nxdomain: LookupOutcome<AddressRecord> = { kind: 'nxdomain' };
const timeout: LookupOutcome<AddressRecord> = { kind: 'unknown', reason: 'timeout' };
const servfail: LookupOutcome<AddressRecord> = { kind: 'unknown', reason: 'servfail' };

describe('mxTargets', () => {
  it('orders usable hosts by preference, then name, normalised and de-duplicated', () => {
    const got = mxTargets([
      { priority: 20, exchange: 'B.example.' },
      { priority: 10, exchange: 'z.example' },
      { priority: 10, exchange: 'a.example' },
      { priority: 30, exchange: 'b.example' },
    ]);
    expect(got).toEqual({ kind: 'hosts', hosts: ['a.example', 'z.example', 'b.example'] });
  });

  it('recognises the RFC 7505 null MX as Node reports it (exchange "") and as "."', () => {
    expect(mxTargets([{ priority: 0, exchange: '' }])).toEqual({ kind: 'null_mx' });
    expect(mxTargets([{ priority: 0, exchange: '.' }])).toEqual({ kind: 'null_mx' });
  });

  it('ignores a root exchange published beside real hosts', () => {
    expect(mxTargets([{ priority: 0, exchange: '' }, { priority: 10, exchange: 'mx.example' }])).toEqual({ kind: 'hosts', hosts: ['mx.example'] });
  });

  it('normalizeHost lower-cases, trims and strips trailing dots', () => {
    expect(normalizeHost(' MX.Example.COM.. ')).toBe('mx.example.com');
  });
});

describe('addressOutcome', () => {
  it.each([
    [answer, undefined, 'resolved'],
    [nxdomain, undefined, 'none'],
    [timeout, undefined, 'unknown'],
    [servfail, undefined, 'unknown'],
    [nodata, answer, 'resolved'],
    [nodata, nodata, 'none'],
    [nodata, nxdomain, 'none'],
    [nodata, timeout, 'unknown'],
    [nodata, undefined, 'unknown'],
  ] as const)('A %o, AAAA %o -> %s', (a, aaaa, want) => {
    expect(addressOutcome(a, aaaa)).toBe(want);
  });

  it('asks AAAA only after an A NODATA', () => {
    expect([answer, nodata, nxdomain, timeout].map(needsAaaa)).toEqual([false, true, false, false]);
  });

  const only = (...addresses: string[]): LookupOutcome<AddressRecord> => ({ kind: 'answer', records: addresses.map((address) => ({ address, ttl: 60 })) });

  it('an answer of addresses no mail can reach is no address (parked domains: MX host at 127.0.0.1 or 0.0.0.0)', () => {
    expect(addressOutcome(only('127.0.0.1'), nodata)).toBe('none');
    expect(addressOutcome(only('0.0.0.0', '127.0.0.2'), nxdomain)).toBe('none');
    expect(needsAaaa(only('127.0.0.1'))).toBe(true); // AAAA may still hold a real one
    expect(addressOutcome(only('127.0.0.1'), only('2001:db8::25'))).toBe('resolved');
    expect(addressOutcome(only('127.0.0.1'), timeout)).toBe('unknown');
    expect(addressOutcome(nodata, only('::1'))).toBe('none');
    expect(addressOutcome(only('127.0.0.1', '192.0.2.25'), undefined)).toBe('resolved'); // one usable is enough
  });

  it.each([
    ['0.0.0.0', false],
    ['127.0.0.1', false],
    ['127.1.2.3', false],
    ['255.255.255.255', false],
    ['224.0.0.25', false],
    ['169.254.10.10', false],
    ['::', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['fe80::25', false],
    ['not an ip', false],
    ['192.0.2.25', true],
    ['10.1.2.3', true], // private: split-horizon setups are not ours to judge
    ['2001:db8::25', true],
    ['::ffff:198.51.100.7', true],
  ] as const)('deliverableAddress(%s) = %s', (address, want) => {
    expect(deliverableAddress(address)).toBe(want);
  });
});

describe('deliverableFrom', () => {
  const cases: Array<[string, DeliverabilityEvidence, boolean | null]> = [
    ['MX lookup unanswered', { mx: 'unknown' }, null],
    ['null MX', { mx: 'null_mx' }, false],
    ['first MX host resolves', { mx: 'hosts', hosts: ['resolved'] }, true],
    ['a later MX host resolves', { mx: 'hosts', hosts: ['none', 'unknown', 'resolved'] }, true],
    ['no MX host resolves', { mx: 'hosts', hosts: ['none', 'none'] }, false],
    ['MX hosts: none resolved, one unanswered', { mx: 'hosts', hosts: ['none', 'unknown'] }, null],
    ['no host looked up (budget ran out first)', { mx: 'hosts', hosts: [] }, null],
    ['implicit MX: A/AAAA present', { mx: 'none', implicit: 'resolved' }, true],
    ['no MX, no address (NXDOMAIN or NODATA)', { mx: 'none', implicit: 'none' }, false],
    ['no MX and the address lookup timed out', { mx: 'none', implicit: 'unknown' }, null],
  ];
  it.each(cases)('%s', (_name, evidence, want) => {
    expect(deliverableFrom(evidence)).toBe(want);
  });
});
