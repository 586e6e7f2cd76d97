/**
 * A set of single addresses (the Tor exit list) keyed by the parsed words rather than by text,
 * so a membership test costs no string formatting: IPv4 keys are the uint32 itself, IPv6 keys
 * the four words joined. IPv4-mapped addresses are folded before they get here.
 */
import { parseIpLiteral, type IpLiteral } from './parse.ts';

type Key = number | string;

const keyOf = (ip: Pick<IpLiteral, 'family' | 'words'>): Key => (ip.family === 4 ? (ip.words[0] ?? 0) : ip.words.join(':'));

export class AddressSet {
  private readonly keys: ReadonlySet<Key>;

  /** Addresses as text (any accepted spelling); entries that do not parse are skipped. */
  constructor(addresses: Iterable<string>) {
    const keys = new Set<Key>();
    for (const text of addresses) {
      const ip = parseIpLiteral(text);
      if (ip !== undefined) keys.add(keyOf(ip));
    }
    this.keys = keys;
  }

  get size(): number {
    return this.keys.size;
  }

  has(ip: Pick<IpLiteral, 'family' | 'words'>): boolean {
    return this.keys.has(keyOf(ip));
  }
}
