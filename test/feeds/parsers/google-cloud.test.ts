import { describe, expect, it } from 'vitest';
import { parseGoogleCloud } from '../../../src/feeds/parsers/google-cloud.ts';
import { cidrToString } from '../../../src/signals/ip/parse.ts';
import { describeShared } from '../../helpers/shared.ts';
import { FIXTURE_FILES, IP_FIXTURES, readIpFixture } from '../ip-fixtures.ts';

const texts = (body: string): string[] => {
  const r = parseGoogleCloud(body);
  if (!r.ok || r.feed.kind !== 'prefixes') throw new Error(r.ok ? 'wrong kind' : r.error);
  return r.feed.prefixes.map(cidrToString);
};

describe('parseGoogleCloud (synthetic)', () => {
  it('accepts both key names', () => {
    const body = JSON.stringify({
      prefixes: [
        { ipv4Prefix: '34.35.0.0/16', service: 'Google Cloud', scope: 'africa-south1' },
        { ipv6Prefix: '2600:1900:8000::/44', service: 'Google Cloud', scope: 'africa-south1' },
      ],
    });
    expect(texts(body)).toEqual(['34.35.0.0/16', '2600:1900:8000::/44']);
  });

  it.each([
    ['an entry with neither key', JSON.stringify({ prefixes: [{ service: 'Google Cloud' }] })],
    ['an IPv6 value under ipv4Prefix', JSON.stringify({ prefixes: [{ ipv4Prefix: '2600:1900::/28' }] })],
    ['truncated JSON', '{"prefixes": [{"ipv4Prefix": "34.35.0.0/16"}'],
    ['empty body', ''],
  ])('fails on %s', (_n, body) => {
    expect(parseGoogleCloud(body).ok).toBe(false);
  });
});

describeShared([...IP_FIXTURES, FIXTURE_FILES.google_cloud], 'parseGoogleCloud (fixture snapshot)', () => {
  it('reads every prefix of the snapshot', () => {
    const body = readIpFixture(FIXTURE_FILES.google_cloud);
    const raw = JSON.parse(body) as { prefixes: unknown[] };
    const got = texts(body);
    expect(got.length).toBe(raw.prefixes.length);
    expect(got).toContain('34.35.0.0/16');
    expect(got).toContain('2600:1900:8000::/44');
  });
});
