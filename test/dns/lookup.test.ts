import { describe, expect, it } from 'vitest';
import { hedgedLookup, outcomeOfError, type AnyOutcome } from '../../src/dns/lookup.ts';

const answer: AnyOutcome = { kind: 'answer', records: [{ priority: 10, exchange: 'mx.example' }] };
const timeout: AnyOutcome = { kind: 'unknown', reason: 'timeout' };
const after = <T>(ms: number, value: T) => new Promise<T>((res) => setTimeout(() => res(value), ms));

describe('outcomeOfError: node:dns codes', () => {
  it.each([
    ['ENODATA', { kind: 'nodata' }],
    ['ENOTFOUND', { kind: 'nxdomain' }],
    ['EBADNAME', { kind: 'nxdomain' }],
    ['ETIMEOUT', { kind: 'unknown', reason: 'timeout' }],
    ['ESERVFAIL', { kind: 'unknown', reason: 'servfail' }],
    ['EREFUSED', { kind: 'unknown', reason: 'refused' }],
    ['ECONNREFUSED', { kind: 'unknown', reason: 'unreachable' }],
    ['ECANCELLED', { kind: 'unknown', reason: 'cancelled' }],
    ['EBADRESP', { kind: 'unknown', reason: 'error' }],
  ])('%s', (code, want) => {
    expect(outcomeOfError(Object.assign(new Error('x'), { code }))).toEqual(want);
  });

  it('anything that is not a DNS error is unknown', () => {
    expect(outcomeOfError(new TypeError('boom'))).toEqual({ kind: 'unknown', reason: 'error' });
    expect(outcomeOfError(undefined)).toEqual({ kind: 'unknown', reason: 'error' });
  });
});

describe('hedgedLookup', () => {
  it('a prompt answer: one attempt', async () => {
    let sent = 0;
    expect(await hedgedLookup(() => (sent++, after(1, answer)), 50, 2)).toEqual(answer);
    expect(sent).toBe(1);
  });

  it('no answer within the timeout: a second attempt, whose answer wins', async () => {
    let sent = 0;
    const start = performance.now();
    const got = await hedgedLookup(() => (++sent === 1 ? new Promise<AnyOutcome>(() => {}) : after(1, answer)), 50, 2);
    expect(got).toEqual(answer);
    expect(sent).toBe(2);
    expect(performance.now() - start).toBeGreaterThanOrEqual(45);
  });

  it('a late answer to the first attempt still counts', async () => {
    let sent = 0;
    const got = await hedgedLookup(() => (++sent === 1 ? after(70, answer) : new Promise<AnyOutcome>(() => {})), 50, 2);
    expect(got).toEqual(answer);
    expect(sent).toBe(2);
  });

  it('gives up at tries x timeout', async () => {
    const start = performance.now();
    expect(await hedgedLookup(() => new Promise<AnyOutcome>(() => {}), 40, 2)).toEqual(timeout);
    const ms = performance.now() - start;
    expect(ms).toBeGreaterThanOrEqual(75);
    expect(ms).toBeLessThan(150);
  });

  it('an early timeout report starts the retry at once', async () => {
    let sent = 0;
    const start = performance.now();
    const got = await hedgedLookup(() => (++sent === 1 ? after(1, timeout) : after(1, answer)), 200, 2);
    expect(got).toEqual(answer);
    expect(performance.now() - start).toBeLessThan(100);
  });

  it('SERVFAIL or an unreachable server is final: no retry', async () => {
    let sent = 0;
    const servfail: AnyOutcome = { kind: 'unknown', reason: 'servfail' };
    expect(await hedgedLookup(() => (sent++, after(1, servfail)), 20, 2)).toEqual(servfail);
    await after(60, null);
    expect(sent).toBe(1);
  });
});
