/**
 * IP facts for one check: ignored reason, or datacenter + Tor from the feed tables.
 * Pure: the tables are built by the caller (feeds/updater.ts) and passed in.
 *
 * Contract (domain/check.ts IpFacts):
 * - an ignored address yields `{ ignored }` and nothing else;
 * - `datacenter` only when a loaded cloud feed covers the address (longest prefix wins;
 *   on an identical prefix in two feeds, DATACENTERS order decides);
 * - `tor` is a boolean when the Tor feed is loaded and absent when it is not, so a
 *   missing feed reads as "unknown", never as "not Tor".
 */
import { DATACENTERS, type Datacenter, type IpFacts, type IpIgnoredReason } from '../../domain/check.ts';
import { AddressSet } from './address-set.ts';
import { canonicalIp, parseIpLiteral, type IpLiteral } from './parse.ts';
import { PrefixTableBuilder, type Cidr, type PrefixTable } from './prefix-table.ts';
import { addressClass } from './special-ranges.ts';

/** Immutable lookup structures built from parsed feeds. */
export interface IpTables {
  readonly datacenters: PrefixTable<Datacenter>;
  /** Tor exit addresses; undefined while the Tor feed is not loaded. */
  readonly torExits: AddressSet | undefined;
}

/** What the feeds gave us; a provider or Tor left out means "feed not loaded". */
export interface IpTableSources {
  readonly datacenters?: Partial<Record<Datacenter, readonly Cidr[]>>;
  /** Addresses as text (canonical or any accepted spelling). */
  readonly torExits?: readonly string[];
}

export function buildIpTables(sources: IpTableSources): IpTables {
  const builder = new PrefixTableBuilder<Datacenter>();
  for (const provider of DATACENTERS) {
    for (const cidr of sources.datacenters?.[provider] ?? []) builder.add(cidr, provider);
  }
  const tor = sources.torExits;
  return { datacenters: builder.build(), torExits: tor === undefined ? undefined : new AddressSet(tor) };
}

const EMPTY: IpTables = buildIpTables({});

/** No feed loaded: datacenter never found, tor absent. */
export function emptyIpTables(): IpTables {
  return EMPTY;
}

type Classified = { ok: true; ip: IpLiteral } | { ok: false; reason: IpIgnoredReason };

function classify(input: string): Classified {
  const ip = parseIpLiteral(input);
  if (ip === undefined) return { ok: false, reason: 'invalid' };
  const cls = addressClass(ip.family, ip.words);
  if (cls !== 'public') return { ok: false, reason: cls };
  // A zone index only exists for non-global scopes; on a public address it is nonsense.
  if (ip.hasZone) return { ok: false, reason: 'invalid' };
  return { ok: true, ip };
}

/**
 * The canonical text of a usable public address, used for keyed hashing (so `::ffff:1.2.3.4`
 * and `1.2.3.4` hash the same), or why the address is ignored. Never throws.
 */
export function normalizeIp(
  ip: string,
): { ok: true; canonical: string } | { ok: false; reason: IpIgnoredReason } {
  const c = classify(ip);
  return c.ok ? { ok: true, canonical: canonicalIp(c.ip) } : c;
}

export function ipFacts(ip: string, tables: IpTables): IpFacts {
  const c = classify(ip);
  if (!c.ok) return { ignored: c.reason };
  const datacenter = tables.datacenters.lookup(c.ip.family, c.ip.words);
  const tor = tables.torExits === undefined ? undefined : tables.torExits.has(c.ip);
  if (datacenter === undefined) return tor === undefined ? {} : { tor };
  return tor === undefined ? { datacenter } : { datacenter, tor };
}
