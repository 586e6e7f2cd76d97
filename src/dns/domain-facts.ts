/**
 * Which questions to ask for one domain, in which order, and what the answers mean.
 * The decisions themselves are pure (signals/deliverability.ts, signals/mail-provider.ts);
 * this file only sequences the lookups so that no question is asked that the answer
 * does not need:
 *
 *   MX domain
 *   ├─ answer, null MX (`MX 0 .`)       -> deliverable false, provider none
 *   ├─ answer with hosts                -> A (then AAAA on NODATA) of each host in preference
 *   │                                      order, stopping at the first that resolves
 *   ├─ NODATA or NXDOMAIN               -> A (then AAAA on NODATA) of the domain: implicit MX.
 *   │                                      An NXDOMAIN is thereby confirmed by a second answer
 *   │                                      before we say false; an unanswered A gives null.
 *   └─ unanswered                       -> null
 *
 * `mailProvider` (and `gatewayVendor`) are reported only when `deliverable` is known,
 * so a DNS failure never surfaces as a provider fact (e.g. `none`) the scorecard would weigh.
 */
import type { DnsFacts } from '../domain/check.ts';
import { addressOutcome, deliverableFrom, mxTargets, needsAaaa, type AddressOutcome } from '../signals/deliverability.ts';
import { disposableMxService } from '../signals/disposable-mx.ts';
import { classifyMailProvider } from '../signals/mail-provider.ts';
import type { CachedLookups } from './cached-lookups.ts';

export const UNKNOWN_FACTS: DnsFacts = Object.freeze({ deliverable: null });

// A mail domain is a host name: LDH labels (RFC 5321 section 4.1.2, IDNs arrive as
// punycode), underscore tolerated as some real zones use it; 1-63 octets per label.
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * Whether `name` (lower-case) can be a mail domain in DNS at all; anything else has no mail,
 * and is answered without a query (c-ares would refuse most such names anyway).
 */
export function isDnsName(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => LABEL.test(label));
}

async function addressOf(name: string, dns: Pick<CachedLookups, 'lookup'>, signal: AbortSignal): Promise<AddressOutcome> {
  if (signal.aborted) return 'unknown';
  const a = await dns.lookup('A', name);
  if (!needsAaaa(a) || signal.aborted) return addressOutcome(a);
  return addressOutcome(a, await dns.lookup('AAAA', name));
}

/**
 * Gathers the DNS facts of `domain` (lower-case ASCII, no trailing dot). Stops asking new
 * questions once `signal` is aborted (the caller's budget ran out). Never rejects.
 */
export async function gatherDomainFacts(domain: string, dns: Pick<CachedLookups, 'lookup'>, signal: AbortSignal): Promise<DnsFacts> {
  const mx = await dns.lookup('MX', domain);
  if (mx.kind === 'unknown') return UNKNOWN_FACTS;

  if (mx.kind !== 'answer') {
    const deliverable = deliverableFrom({ mx: 'none', implicit: await addressOf(domain, dns, signal) });
    return deliverable === null ? UNKNOWN_FACTS : { deliverable, mailProvider: 'none' };
  }

  const targets = mxTargets(mx.records);
  if (targets.kind === 'null_mx') return { deliverable: false, mailProvider: 'none' };

  const hosts: AddressOutcome[] = [];
  for (const host of targets.hosts) {
    const outcome = await addressOf(host, dns, signal);
    hosts.push(outcome);
    if (outcome === 'resolved') break;
  }
  const deliverable = deliverableFrom({ mx: 'hosts', hosts });
  if (deliverable === null) return UNKNOWN_FACTS;
  const provider = classifyMailProvider(mx.records);
  const disposableService = disposableMxService(mx.records);
  return {
    deliverable,
    mailProvider: provider.provider,
    ...(provider.gatewayVendor === undefined ? {} : { gatewayVendor: provider.gatewayVendor }),
    ...(disposableService === undefined ? {} : { disposableService }),
  };
}
