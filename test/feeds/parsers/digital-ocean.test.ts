import { describe, expect, it } from 'vitest';
import { parseDigitalOceanGeofeed } from '../../../src/feeds/parsers/digital-ocean.ts';
import { cidrToString } from '../../../src/signals/ip/parse.ts';
import { describeShared } from '../../helpers/shared.ts';
import { FIXTURE_FILES, IP_FIXTURES, readIpFixture } from '../ip-fixtures.ts';

const texts = (body: string): string[] => {
  const r = parseDigitalOceanGeofeed(body);
  if (!r.ok || r.feed.kind !== 'prefixes') throw new Error(r.ok ? 'wrong kind' : r.error);
  return r.feed.prefixes.map(cidrToString);
};

describe('parseDigitalOceanGeofeed (synthetic)', () => {
  it('reads line 1 as data (no header), CRLF, comments, blanks, postal codes with spaces', () => {
    const body = '5.101.96.0/21,NL,NL-NH,Amsterdam,1098 XH\r\n# comment\r\n\r\n2400:6180:0:d0::/64,SG,SG-01,Singapore,627753\r\n';
    expect(texts(body)).toEqual(['5.101.96.0/21', '2400:6180:0:d0::/64']);
  });

  it('takes a bare address as a single host', () => {
    expect(texts('5.101.96.1,NL,,,\n')).toEqual(['5.101.96.1/32']);
  });

  it.each([
    ['a header line', 'ip_prefix,country,region,city,postal\n5.101.96.0/21,NL,NL-NH,Amsterdam,1098 XH\n'],
    ['an HTML page', '<!DOCTYPE html>\n<html></html>\n'],
    ['a bad prefix on a later line', '5.101.96.0/21,NL,,,\n5.101.96.0/33,NL,,,\n'],
  ])('fails on %s', (_n, body) => {
    expect(parseDigitalOceanGeofeed(body).ok).toBe(false);
  });

  it('says which line failed', () => {
    expect(parseDigitalOceanGeofeed('5.101.96.0/21,NL,,,\nbad,NL,,,\n')).toEqual({ ok: false, error: 'line 2: not an IPv4/6 CIDR' });
  });
});

describeShared([...IP_FIXTURES, FIXTURE_FILES.digital_ocean], 'parseDigitalOceanGeofeed (fixture snapshot)', () => {
  it('reads every line, the first one included', () => {
    const body = readIpFixture(FIXTURE_FILES.digital_ocean);
    const lines = body.split('\n').filter((l) => l.trim() !== '');
    const got = texts(body);
    expect(got.length).toBe(new Set(lines.map((l) => l.split(',')[0])).size);
    expect(got[0]).toBe('5.101.96.0/21');
    expect(got).toContain('2400:6180:0:d0::/64');
  });
});
