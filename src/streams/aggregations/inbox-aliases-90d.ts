/**
 * inbox-aliases-90d: distinct spellings (keyed hash of the address as written) of one canonical
 * inbox checked by one account in the last 90 days. j.ohn+x@gmail.com and john@gmail.com are
 * two spellings of one inbox: one person making several accounts.
 */
import type { CheckScored } from '../../domain/events.ts';
import { DAY } from '../../domain/time.ts';
import { accountHashKey } from '../stores/key-layout.ts';
import { distinctCounter, summaryStore } from './distinct-counter.ts';

export const ALIAS_WINDOW_MS = 90 * DAY;
export const ALIAS_BUCKET_MS = DAY;
const RETENTION = ALIAS_WINDOW_MS + 2 * ALIAS_BUCKET_MS + DAY;

export const INBOX_ALIASES = summaryStore(16, 'inbox-aliases-90d', RETENTION);

export const aliasEntity = accountHashKey;

export const inboxAliases90d = distinctCounter<CheckScored>({
  name: 'inbox-aliases-90d',
  summary: INBOX_ALIASES,
  exactUpTo: 65_535, // exact: alias_variants is an integer in the contract

  windowMs: ALIAS_WINDOW_MS,
  bucketMs: ALIAS_BUCKET_MS,
  entity: (e) => aliasEntity(e.account, e.inbox_hash),
  member: (e) => e.spelling_hash,
  time: (e) => e.time,
});
