import { describe, expect, it } from 'vitest';
import { parseAzureServiceTags } from '../../../src/feeds/parsers/azure.ts';
import { cidrToString, parseCidr } from '../../../src/signals/ip/parse.ts';
import { describeShared } from '../../helpers/shared.ts';
import { FIXTURE_FILES, IP_FIXTURES, readIpFixture } from '../ip-fixtures.ts';

const tag = (name: string, addressPrefixes: unknown) => ({ name, id: name, properties: { addressPrefixes } });
const texts = (body: string): string[] => {
  const r = parseAzureServiceTags(body);
  if (!r.ok || r.feed.kind !== 'prefixes') throw new Error(r.ok ? 'wrong kind' : r.error);
  return r.feed.prefixes.map(cidrToString);
};

describe('parseAzureServiceTags (synthetic)', () => {
  it('uses the global AzureCloud tag only, with mixed IPv4 and IPv6', () => {
    const body = JSON.stringify({
      changeNumber: 1,
      cloud: 'Public',
      values: [tag('ActionGroup', ['9.9.9.0/30']), tag('AzureCloud', ['4.156.0.0/15', '2603:1000::/25'])],
    });
    expect(texts(body)).toEqual(['4.156.0.0/15', '2603:1000::/25']);
  });

  it('falls back to the union of all tags when AzureCloud is missing', () => {
    const body = JSON.stringify({ values: [tag('AzureCloud.eastus', ['4.156.0.0/15']), tag('Other', ['9.9.9.0/30'])] });
    expect(texts(body)).toEqual(['4.156.0.0/15', '9.9.9.0/30']);
  });

  it('accepts a UTF-8 BOM', () => {
    expect(texts(`\uFEFF${JSON.stringify({ values: [tag('AzureCloud', ['4.156.0.0/15'])] })}`)).toEqual(['4.156.0.0/15']);
  });

  it.each([
    ['truncated JSON', '{"values": [{"name": "AzureCloud", "properties": {"addressPrefixes": ["4.156.0.0/15",'],
    ['no values', '{"cloud": "Public"}'],
    ['a tag without addressPrefixes', JSON.stringify({ values: [{ name: 'AzureCloud', properties: {} }] })],
    ['a bad prefix', JSON.stringify({ values: [tag('AzureCloud', ['4.156.0.0/15', 'nope'])] })],
  ])('fails on %s', (_n, body) => {
    expect(parseAzureServiceTags(body).ok).toBe(false);
  });
});

describeShared([...IP_FIXTURES, FIXTURE_FILES.azure], 'parseAzureServiceTags (fixture snapshot)', () => {
  it('takes exactly the AzureCloud prefixes, IPv4 and IPv6', () => {
    const body = readIpFixture(FIXTURE_FILES.azure);
    const raw = JSON.parse(body) as { values: { name: string; properties: { addressPrefixes: string[] } }[] };
    const global = raw.values.find((v) => v.name === 'AzureCloud')!.properties.addressPrefixes;
    const got = texts(body);
    expect(got.length).toBe(new Set(global.map((p) => cidrToString(parseCidr(p)!))).size);
    expect(got.length).toBeGreaterThan(10_000);
    expect(got.some((t) => t.includes(':'))).toBe(true);
    expect(got.some((t) => !t.includes(':'))).toBe(true);
  });
});
