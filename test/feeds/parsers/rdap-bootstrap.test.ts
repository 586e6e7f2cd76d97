import { describe, expect, it } from 'vitest';
import { parseRdapBootstrap } from '../../../src/feeds/parsers/rdap-bootstrap.ts';
import { describeShared, sharedPath } from '../../helpers/shared.ts';
import { readFileSync } from 'node:fs';

const servers = (body: string): ReadonlyMap<string, string> => {
  const r = parseRdapBootstrap(body);
  if (!r.ok || r.feed.kind !== 'rdap-servers') throw new Error(r.ok ? 'wrong kind' : r.error);
  return r.feed.servers;
};

describe('parseRdapBootstrap (synthetic)', () => {
  it('maps every TLD of an entry to its base URL, https preferred, always ending in /', () => {
    const body = JSON.stringify({
      version: '1.0',
      services: [
        [['COM', 'net'], ['https://rdap.verisign.com/com/v1/']],
        [['fr'], ['http://rdap.nic.fr/', 'https://rdap.nic.fr/']],
        [['shop'], ['http://127.0.0.1:8080/rdap']],
      ],
    });
    expect([...servers(body)]).toEqual([
      ['com', 'https://rdap.verisign.com/com/v1/'],
      ['net', 'https://rdap.verisign.com/com/v1/'],
      ['fr', 'https://rdap.nic.fr/'],
      ['shop', 'http://127.0.0.1:8080/rdap/'],
    ]);
  });

  it.each([
    ['not JSON', '{"services": [', 'not valid JSON'],
    ['no services', '{"version":"1.0"}', 'no services array'],
    ['a malformed entry', '{"services":[["com","https://x/"]]}', 'services[0]: not [[tlds], [urls]]'],
    ['no usable URL', '{"services":[[["com"],["ftp://x/"]]]}', 'services[0]: no http(s) base URL'],
    ['a TLD that is not one', '{"services":[[["c m"],["https://x/"]]]}', 'services[0]: not a TLD'],
  ])('refuses %s', (_name, body, error) => {
    expect(parseRdapBootstrap(body)).toEqual({ ok: false, error: expect.stringContaining(error) });
  });
});

describeShared(['fixtures', 'rdap', 'dns.json'], 'parseRdapBootstrap on the IANA snapshot', () => {
  it('finds the registries the fixture README names, and none for io and de', () => {
    const s = servers(readFileSync(sharedPath('fixtures', 'rdap', 'dns.json'), 'utf8'));
    expect(s.size).toBeGreaterThan(1000);
    expect(s.get('com')).toBe('https://rdap.verisign.com/com/v1/');
    expect(s.get('fr')).toBe('https://rdap.nic.fr/');
    expect(s.get('click')).toBe('https://whois.uniregistry.net/rdap/');
    expect(s.has('io')).toBe(false);
    expect(s.has('de')).toBe(false);
  });
});
