/**
 * The stores whose writes each commit hands to the API's cache (commit-cached-reader.ts,
 * handed-writes.ts): every store a check's history reads (history.ts), so the cache's entries of
 * them stay right across commits, and the cache takes in every value handed over:
 *   - domain-records-180d: read by every check, written by every check at the domain (the next
 *     check at a company domain finds it in memory);
 *   - domain-outcomes-365d: read by checks at rated domains with reported outcomes;
 *   - inbox-records-90d: written by every check, read again for an inbox seen before (the key
 *     filters rule out the rest): a sign-up tried again minutes later finds its record in memory.
 */
import { DOMAIN_OUTCOMES } from './aggregations/domain-outcomes.ts';
import { DOMAIN_RECORDS } from './aggregations/domain-records-180d.ts';
import { INBOX_RECORDS } from './aggregations/inbox-records-90d.ts';
import type { HandOver } from './commit-cached-reader.ts';
import type { StoreSpec } from './stores/store-spec.ts';

export const HANDED_STORES: ReadonlySet<StoreSpec> = new Set<StoreSpec>([DOMAIN_RECORDS, DOMAIN_OUTCOMES, INBOX_RECORDS]);

export const REQUEST_PATH_HAND_OVER: HandOver = { handed: HANDED_STORES, adopted: HANDED_STORES };
