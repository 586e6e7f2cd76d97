/**
 * The stores kept behind a key filter (stores/key-filtering-store.ts) wherever an API reads
 * them, read by checks by keys that are usually absent, so the filter spares those reads:
 *   - inbox-records-90d: every check reads the inbox's record, and most inboxes a sign-up form
 *     sees were never checked before;
 *   - domain-outcomes-365d: a check at a company domain reads the outcomes customers reported
 *     there, and at most domains nobody ever reported one.
 */
import { DOMAIN_OUTCOMES } from './aggregations/domain-outcomes.ts';
import { INBOX_RECORDS } from './aggregations/inbox-records-90d.ts';
import type { StoreSpec } from './stores/store-spec.ts';

export const KEY_FILTERED_STORES: readonly StoreSpec[] = [INBOX_RECORDS, DOMAIN_OUTCOMES];
