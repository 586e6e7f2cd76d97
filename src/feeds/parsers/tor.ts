/**
 * Tor exit addresses, in either of the Tor Project's two formats (detected from the content):
 * - bulk list (https://check.torproject.org/torbulkexitlist): one address per line; blank
 *   lines, surrounding whitespace and `#` comments are tolerated;
 * - TorDNSEL exit-addresses (https://check.torproject.org/exit-addresses): records of
 *   `ExitNode`, `Published`, `LastStatus` and one or more `ExitAddress <ip> <date> <time>`;
 *   only `ExitAddress` lines matter.
 * Both give the same set (several relays may share an address; the set is deduplicated).
 */
import { AddressCollector, fail, lines, type FeedParseResult } from './parsed-feed.ts';

const DNSEL_KEYWORD = /^(ExitNode|ExitAddress)\s/m;

export function parseTorExitList(body: string): FeedParseResult {
  const out = new AddressCollector();
  const dnsel = DNSEL_KEYWORD.test(body);
  for (const [lineNo, line] of lines(body)) {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) continue;
    if (!dnsel) {
      if (!out.add(text, `line ${lineNo}`)) break;
      continue;
    }
    const fields = text.split(/\s+/);
    if (fields[0] !== 'ExitAddress') continue;
    if (!out.add(fields[1] ?? '', `line ${lineNo} (ExitAddress)`)) break;
  }
  const result = out.result();
  if (result.ok && dnsel && result.entries === 0) return fail('exit-addresses format without any ExitAddress line');
  return result;
}
