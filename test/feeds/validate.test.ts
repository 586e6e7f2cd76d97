import { describe, expect, it } from 'vitest';
import { FEED_CATALOG } from '../../src/feeds/feed-catalog.ts';
import { validateFeedBody } from '../../src/feeds/validate.ts';

const tor = FEED_CATALOG.tor;
const list = (n: number): Uint8Array => Buffer.from(Array.from({ length: n }, (_, i) => `185.220.${i >> 8}.${i & 255}`).join('\n'));
const bounds = { maxBytes: 1_000_000, minEntries: 100 };

describe('validateFeedBody', () => {
  it('accepts a well-formed body above the minimum', () => {
    expect(validateFeedBody(tor, list(150), bounds)).toMatchObject({ ok: true, entries: 150 });
  });

  it.each([
    ['too large', list(150), { ...bounds, maxBytes: 100 }, 'body larger than 100 bytes'],
    ['empty', new Uint8Array(0), bounds, 'empty body'],
    ['not UTF-8', Uint8Array.from([0x31, 0xff, 0xfe, 0x0a]), bounds, 'body is not UTF-8 text'],
    ['unparseable', Buffer.from('<html></html>'), bounds, 'invalid tor feed: line 1: not an IP address'],
    ['too few entries', list(99), bounds, 'too few entries: 99 < 100'],
    ['shrank below half', list(149), { ...bounds, previousEntries: 300, minRatio: 0.5 }, "shrank: 149 entries < 50% of the last good copy's 300"],
  ] as const)('rejects %s', (_n, body, b, error) => {
    expect(validateFeedBody(tor, body, b)).toEqual({ ok: false, error });
  });

  it('allows a drop down to exactly the ratio', () => {
    expect(validateFeedBody(tor, list(150), { ...bounds, previousEntries: 300, minRatio: 0.5 }).ok).toBe(true);
  });
});
