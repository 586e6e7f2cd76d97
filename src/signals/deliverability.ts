/**
 * PURE: DNS lookup outcomes -> `deliverable` (true / false / null).
 *
 * Rules (RFC 5321 section 5.1, RFC 7505):
 * - MX records with at least one usable host: true as soon as one host (in preference
 *   order) has an A or AAAA record; false when every host definitely has none; null when
 *   none resolved and at least one could not be looked up.
 * - Null MX (`MX 0 .`, which Node reports as exchange ''): false, the domain accepts no mail.
 * - No MX (NODATA or NXDOMAIN): implicit MX, i.e. the domain's own A/AAAA decides.
 * - Any lookup that DNS could not answer (timeout, SERVFAIL, refused, unreachable) and that
 *   the decision needs gives null: we never guess.
 * - An address no sender can deliver to (0.0.0.0, loopback, broadcast, multicast, link-local,
 *   the IPv6 unspecified address) is no address: parked and dead domains publish
 *   `MX 10 localhost` or an MX host at 127.0.0.1 / 0.0.0.0 to refuse mail without a null MX.
 */
import ipaddr from 'ipaddr.js';

/** An MX record as Node's `resolveMx` returns it. */
export interface MxRecord {
  readonly priority: number;
  readonly exchange: string;
}

/** An A/AAAA record as `resolve4/6(name, { ttl: true })` returns it. */
export interface AddressRecord {
  readonly address: string;
  readonly ttl: number;
}

export type UnknownReason = 'timeout' | 'servfail' | 'refused' | 'unreachable' | 'cancelled' | 'error';

/** What one DNS question produced. `answer` always has at least one record. */
export type LookupOutcome<T> =
  | { readonly kind: 'answer'; readonly records: readonly T[] }
  | { readonly kind: 'nodata' }
  | { readonly kind: 'nxdomain' }
  | { readonly kind: 'unknown'; readonly reason: UnknownReason };

/** Whether a host name has an address: `unknown` when DNS could not say. */
export type AddressOutcome = 'resolved' | 'none' | 'unknown';

/** Lower-case, trimmed, trailing dot(s) stripped: the form every comparison uses. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.+$/, '');
}

export type MxTargets = { readonly kind: 'null_mx' } | { readonly kind: 'hosts'; readonly hosts: readonly string[] };

/**
 * Usable MX hosts in preference order (lowest preference value first, ties by name so the
 * order does not depend on the server's rotation), de-duplicated. Root exchanges ('' or '.')
 * are the RFC 7505 null MX: if nothing else is published the domain accepts no mail.
 */
export function mxTargets(records: readonly MxRecord[]): MxTargets {
  const usable = records
    .map((r) => ({ priority: r.priority, host: normalizeHost(r.exchange) }))
    .filter((r) => r.host !== '')
    .sort((a, b) => a.priority - b.priority || (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
  if (usable.length === 0) return { kind: 'null_mx' };
  return { kind: 'hosts', hosts: [...new Set(usable.map((r) => r.host))] };
}

const UNDELIVERABLE_RANGES = new Set(['unspecified', 'loopback', 'broadcast', 'multicast', 'linkLocal']);

/** Whether mail could be delivered to this address at all (see the rules above). */
export function deliverableAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return !UNDELIVERABLE_RANGES.has(ip.range());
}

/** An answer holding only undeliverable addresses counts as none (NODATA). */
function usable(o: LookupOutcome<AddressRecord>): LookupOutcome<AddressRecord> {
  return o.kind === 'answer' && !o.records.some((r) => deliverableAddress(r.address)) ? { kind: 'nodata' } : o;
}

/** Whether the AAAA question must be asked after this A outcome (A is NODATA, or only undeliverable addresses). */
export function needsAaaa(a: LookupOutcome<AddressRecord>): boolean {
  return usable(a).kind === 'nodata';
}

/**
 * Combines a name's A and (when asked) AAAA outcomes. NXDOMAIN on A is final for the name;
 * NODATA on A defers to AAAA; an unanswered A is unknown (AAAA would not be asked).
 */
export function addressOutcome(aAnswer: LookupOutcome<AddressRecord>, aaaaAnswer?: LookupOutcome<AddressRecord>): AddressOutcome {
  const a = usable(aAnswer);
  const aaaa = aaaaAnswer === undefined ? undefined : usable(aaaaAnswer);
  if (a.kind === 'answer') return 'resolved';
  if (a.kind === 'nxdomain') return 'none';
  if (a.kind === 'unknown') return 'unknown';
  if (aaaa === undefined) return 'unknown'; // NODATA on A without the AAAA answer: cannot decide
  if (aaaa.kind === 'answer') return 'resolved';
  if (aaaa.kind === 'unknown') return 'unknown';
  return 'none';
}

/** The evidence a deliverability decision rests on, as gathered by the DNS shell. */
export type DeliverabilityEvidence =
  | { readonly mx: 'unknown' }
  | { readonly mx: 'null_mx' }
  /** Address outcomes of the MX hosts in preference order, up to the first that resolved. */
  | { readonly mx: 'hosts'; readonly hosts: readonly AddressOutcome[] }
  /** No MX (NODATA or NXDOMAIN): the domain's own address outcome (implicit MX). */
  | { readonly mx: 'none'; readonly implicit: AddressOutcome };

export function deliverableFrom(e: DeliverabilityEvidence): boolean | null {
  switch (e.mx) {
    case 'unknown':
      return null;
    case 'null_mx':
      return false;
    case 'none':
      return e.implicit === 'unknown' ? null : e.implicit === 'resolved';
    case 'hosts':
      if (e.hosts.includes('resolved')) return true;
      if (e.hosts.length === 0 || e.hosts.includes('unknown')) return null;
      return false;
  }
}
