/** ip-signups-1h: distinct inboxes from one IP (keyed hash) at one account in the last hour, by their domain's category. */
import type { CheckScored } from '../../domain/events.ts';
import { parse } from 'tldts';
import { HOUR, MINUTE } from '../../domain/time.ts';
import { accountHashKey } from '../stores/key-layout.ts';
import { distinctCounter, summaryStore } from './distinct-counter.ts';

export const IP_WINDOW_MS = HOUR;
export const IP_BUCKET_MS = 5 * MINUTE;
/**
 * The IP's recent rate, read from the same buckets (the last 10 minutes of its hour): what
 * ip_burst judges. A farm signs up within minutes; people behind one NAT (a campus, an
 * office) arrive over the hour, and counted by the hour looked like a farm of their number.
 */
export const IP_RATE_WINDOW_MS = 10 * MINUTE;
const RETENTION = IP_WINDOW_MS + 2 * IP_BUCKET_MS + 10 * MINUTE;

export const IP_SIGNUPS = summaryStore(14, 'ip-signups-1h', RETENTION);

export const ipEntity = accountHashKey;

/**
 * Each inbox of an IP's window is kept in the category of its registrable domain (a hash of
 * it in 0..IP_DOMAIN_CATEGORIES-1), so the categories present in a window are its distinct
 * domains (ip_burst's spread: a farm behind one IP writes to a few, a shared gateway's people
 * to many). 256, the most a set's category byte holds: 8 distinct domains fill 8 categories
 * with probability ~0.90 (~0.64 with 64). A collision only makes a window read fewer domains
 * than it has, never more: a farm is never read as spread by it. The member stays the inbox,
 * and an inbox's domain is fixed, so the total over categories (signups_from_ip) is as before.
 */
export const IP_DOMAIN_CATEGORIES = 256;
const PSL = { allowPrivateDomains: false, extractHostname: false, validateHostname: false } as const;

/**
 * Domains' categories, memoised: a check at an IP asks for its domain's category twice (the
 * history read, then the window's apply), and tldts' parse cost about 1.2 µs a call where a Map
 * hit costs tens of ns (docs/architecture.md, issue 19 nineteenth round). A pure function of the
 * domain, so a memo changes no answer; bounded, it starts over when full (as the address
 * signals' domain memo does): most checks are at a few thousand domains.
 */
const MEMO_DOMAINS = 16_384;
const categoryMemo = new Map<string, number>();

/** The category of an address's domain at an IP: FNV-1a of its registrable domain (sub1.farm.example and sub2.farm.example are one), folded to a byte. */
export function domainCategory(domain: string): number {
  let c = categoryMemo.get(domain);
  if (c === undefined) {
    if (categoryMemo.size >= MEMO_DOMAINS) categoryMemo.clear();
    c = registrableCategory(parse(domain, PSL).domain ?? domain);
    categoryMemo.set(domain, c);
  }
  return c;
}

function registrableCategory(registrable: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < registrable.length; i++) h = Math.imul(h ^ registrable.charCodeAt(i), 0x01000193);
  return ((h >>> 24) ^ (h >>> 16) ^ (h >>> 8) ^ h) & (IP_DOMAIN_CATEGORIES - 1);
}

export const ipSignups1h = distinctCounter<CheckScored>({
  name: 'ip-signups-1h',
  summary: IP_SIGNUPS,
  // Exact: signups_from_ip is an integer in the contract (a value holds at most the window's members).
  exactUpTo: 65_535,
  windowMs: IP_WINDOW_MS,
  bucketMs: IP_BUCKET_MS,
  entity: (e) => (e.ip_hash ? ipEntity(e.account, e.ip_hash) : null),
  member: (e) => e.inbox_hash,
  category: (e) => domainCategory(e.domain),
  time: (e) => e.time,
});
