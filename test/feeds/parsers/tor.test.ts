import { beforeAll, describe, expect, it } from 'vitest';
import { parseTorExitList } from '../../../src/feeds/parsers/tor.ts';
import { describeShared } from '../../helpers/shared.ts';
import { FIXTURE_FILES, IP_FIXTURES, readIpFixture } from '../ip-fixtures.ts';

const addresses = (body: string): string[] => {
  const r = parseTorExitList(body);
  if (!r.ok || r.feed.kind !== 'addresses') throw new Error(r.ok ? 'wrong kind' : r.error);
  return [...r.feed.addresses];
};

describe('parseTorExitList (synthetic)', () => {
  it('bulk list: tolerates blank lines, surrounding whitespace, CRLF and comments; deduplicates', () => {
    const body = '\n  185.220.101.4  \r\n\t\n# note\n198.51.100.7\n185.220.101.4\n2A0B:F4C2::1\n\n';
    expect(addresses(body)).toEqual(['185.220.101.4', '198.51.100.7', '2a0b:f4c2::1']);
  });

  it('exit-addresses: reads every ExitAddress, ignores the other keywords', () => {
    const body = [
      'ExitNode FE39F07EBE7870DCE124AB30DF3ABD0700A43F75',
      'Published 2024-03-11 13:07:19',
      'LastStatus 2024-03-12 08:00:00',
      'ExitAddress 198.51.100.7 2024-03-12 08:10:51',
      'ExitAddress 198.51.100.8 2024-03-12 08:11:00',
      'ExitNode 23B49521BDC4588C7CCF3C38E552504118326B66',
      'ExitAddress 198.51.100.7 2024-03-12 13:03:14',
      '',
    ].join('\n');
    expect(addresses(body)).toEqual(['198.51.100.7', '198.51.100.8']);
  });

  it.each([
    ['an HTML page', '<html>\n<body>Service unavailable</body>\n</html>\n'],
    ['a line that is not an address', '185.220.101.4\n185.220.101\n'],
    ['an ExitAddress without a valid address', 'ExitNode AB\nExitAddress nope 2024-03-12 08:10:51\n'],
    ['exit-addresses with no ExitAddress at all', 'ExitNode AB\nPublished 2024-03-11 13:07:19\n'],
  ])('fails on %s', (_n, body) => {
    expect(parseTorExitList(body).ok).toBe(false);
  });

  it('an empty list parses to zero entries (the updater rejects it on its minimum)', () => {
    expect(parseTorExitList('\n\n')).toMatchObject({ ok: true, entries: 0 });
  });
});

describeShared([...IP_FIXTURES, FIXTURE_FILES.torDnsel], 'parseTorExitList (fixture snapshots)', () => {
  // Read in beforeAll: a skipped describe still runs its body at collection time.
  let bulk: string[] = [];
  let dnsel: string[] = [];
  beforeAll(() => {
    bulk = addresses(readIpFixture(FIXTURE_FILES.tor));
    dnsel = addresses(readIpFixture(FIXTURE_FILES.torDnsel));
  });

  it('the ExitAddress set of exit-addresses equals the bulk list', () => {
    expect(bulk.length).toBe(1174);
    expect(new Set(dnsel)).toEqual(new Set(bulk));
  });

  it('185.220.101.4 is an exit, 192.0.2.1 is not', () => {
    expect(bulk).toContain('185.220.101.4');
    expect(bulk).not.toContain('192.0.2.1');
  });
});
