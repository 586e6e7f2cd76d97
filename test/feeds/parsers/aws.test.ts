import { beforeAll, describe, expect, it } from 'vitest';
import { parseAwsIpRanges } from '../../../src/feeds/parsers/aws.ts';
import { cidrToString } from '../../../src/signals/ip/parse.ts';
import { describeShared } from '../../helpers/shared.ts';
import { FIXTURE_FILES, IP_FIXTURES, readIpFixture } from '../ip-fixtures.ts';

const prefixTexts = (body: string): string[] => {
  const r = parseAwsIpRanges(body);
  if (!r.ok || r.feed.kind !== 'prefixes') throw new Error(r.ok ? 'wrong kind' : r.error);
  return r.feed.prefixes.map(cidrToString);
};

describe('parseAwsIpRanges (synthetic)', () => {
  const doc = (prefixes: unknown, ipv6?: unknown): string => JSON.stringify({ syncToken: '1', prefixes, ipv6_prefixes: ipv6 });

  it('reads IPv4 from prefixes and IPv6 from ipv6_prefixes, deduplicated across services', () => {
    const body = doc(
      [
        { ip_prefix: '3.5.140.0/22', service: 'AMAZON' },
        { ip_prefix: '3.5.140.0/22', service: 'EC2' },
      ],
      [{ ipv6_prefix: '2600:1F18::/33', service: 'AMAZON' }],
    );
    expect(prefixTexts(body)).toEqual(['3.5.140.0/22', '2600:1f18::/33']);
    expect(parseAwsIpRanges(body)).toMatchObject({ ok: true, entries: 2 });
  });

  it.each([
    ['truncated JSON', '{"prefixes": [{"ip_prefix": "3.5.140.0/22"'],
    ['HTML error page', '<html><body>503</body></html>'],
    ['no prefixes key', '{"syncToken": "1"}'],
    ['a JSON array', '[]'],
    ['an IPv6 CIDR in prefixes', doc([{ ip_prefix: '2600:1f18::/33' }])],
    ['an IPv4 CIDR in ipv6_prefixes', doc([], [{ ipv6_prefix: '3.5.140.0/22' }])],
    ['a bad CIDR', doc([{ ip_prefix: '3.5.140.0/40' }])],
    ['an entry without ip_prefix', doc([{ ipv6_prefix: '2600:1f18::/33' }])],
  ])('fails on %s', (_name, body) => {
    expect(parseAwsIpRanges(body).ok).toBe(false);
  });

  it('names the position, not the value, in its error', () => {
    const r = parseAwsIpRanges(doc([{ ip_prefix: '3.5.140.0/22' }, { ip_prefix: '999.1.1.1/8' }]));
    expect(r).toEqual({ ok: false, error: 'prefixes[1].ip_prefix: not an IPv4 CIDR' });
  });
});

describeShared([...IP_FIXTURES, FIXTURE_FILES.aws], 'parseAwsIpRanges (fixture snapshot)', () => {
  // Read in beforeAll: a skipped describe still runs its body at collection time.
  let body = '';
  let raw: { prefixes: { ip_prefix: string }[]; ipv6_prefixes: { ipv6_prefix: string }[] };
  beforeAll(() => {
    body = readIpFixture(FIXTURE_FILES.aws);
    raw = JSON.parse(body);
  });

  it('parses the whole file: one prefix per distinct CIDR of each list', () => {
    const texts = prefixTexts(body);
    const v4 = new Set(raw.prefixes.map((p) => p.ip_prefix));
    const v6 = texts.filter((t) => t.includes(':'));
    expect(texts.length - v6.length).toBe(v4.size);
    expect(v6.length).toBe(new Set(raw.ipv6_prefixes.map((p) => p.ipv6_prefix.toLowerCase())).size);
    expect(v6.length).toBeGreaterThan(1000);
    expect(texts).toContain('3.5.140.0/22');
  });

  it('fails on the same file cut in half', () => {
    expect(parseAwsIpRanges(body.slice(0, body.length / 2)).ok).toBe(false);
  });
});
