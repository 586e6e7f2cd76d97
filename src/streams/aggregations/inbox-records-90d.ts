/**
 * inbox-records-90d: one record per account and canonical inbox (keyed hash) holding what a
 * check reads and writes of that inbox (issue 19: state grouped by entity, one cold key per
 * check where there were two):
 *   - the latest check (uuid and time): feedback by email labels it, within the check id's
 *     validity (14 days; older ones are ignored when read);
 *   - the inbox's distinct spellings (keyed hash of the address as written) over about the
 *     last 90 days, one set per day: j.ohn+x@gmail.com and john@gmail.com are two spellings of
 *     one inbox, one person making several accounts.
 * Idempotent: the newest check wins (ties keep the first), spellings are a union of sets; so
 * the API re-applies its own pending events to it, and a state that lacks it builds it by
 * replaying the retained log (`replayable`: the checks topic keeps 91 days, the window 90).
 *
 * Replaces two stores of earlier versions, whose ids are retired (topology.ts RETIRED_STORES):
 * inbox-checks-14d (3) and inbox-aliases-90d (16).
 */
import type { CheckScored } from '../../domain/events.ts';
import { DAY } from '../../domain/time.ts';
import type { Aggregation } from '../aggregation.ts';
import { accountHashKey } from '../stores/key-layout.ts';
import { timedStore, type TypedStore, type ValueCodec } from '../stores/store-spec.ts';
import { addSighting } from './distinct-counter.ts';
import { encodeSets, SETS_CODEC, type BucketSet } from './member-sets.ts';
import type { LatestCheck } from './store-values.ts';

export const ALIAS_WINDOW_MS = 90 * DAY;
export const ALIAS_BUCKET_MS = DAY;
/** Exact: alias_variants is an integer in the contract. */
export const ALIAS_EXACT_UP_TO = 65_535;
const RETENTION = ALIAS_WINDOW_MS + 2 * ALIAS_BUCKET_MS + DAY;

export interface InboxRecord {
  /** Replaced, never changed in place (a copy of the record shares it). */
  latest: LatestCheck;
  /** The spellings' sets (member-sets.ts), changed in place by the transaction that owns the record. */
  spellings: BucketSet[];
}

/**
 * Encoding: [version u8 = 1][latest uuid 16 bytes][latest time u64 BE][spellings: member-sets.ts].
 * The fixed header comes first so the sets run to the end, as member-sets.ts reads them.
 */
const VERSION = 1;
const HEADER = 1 + 16 + 8;

export function decodeInboxRecord(b: Buffer): InboxRecord {
  if (b.length < HEADER || b[0] !== VERSION) throw new Error(`inbox record: unknown encoding (${b.length} bytes, version ${b[0]})`);
  return {
    latest: { uuid: b.subarray(1, 17), time: b.readUInt32BE(17) * 2 ** 32 + b.readUInt32BE(21) },
    spellings: SETS_CODEC.decode(b.subarray(HEADER)),
  };
}

export function encodeInboxRecord(r: InboxRecord): Buffer {
  const sets = encodeSets(r.spellings);
  const out = Buffer.allocUnsafe(HEADER + sets.length);
  out[0] = VERSION;
  r.latest.uuid.copy(out, 1, 0, 16);
  out.writeUInt32BE(Math.floor(r.latest.time / 2 ** 32), 17);
  out.writeUInt32BE(r.latest.time >>> 0, 21);
  sets.copy(out, HEADER);
  return out;
}

/** The spellings part of a stored record, without decoding the rest (a view: no copy). */
export const spellingsOf = (raw: Buffer | undefined): Buffer | undefined => (raw ? raw.subarray(HEADER) : undefined);

/** The latest check of a stored record. */
export const latestOf = (raw: Buffer | undefined): LatestCheck | undefined => (raw ? decodeInboxRecord(raw).latest : undefined);

export const INBOX_RECORD_CODEC: ValueCodec<InboxRecord> = {
  decode: decodeInboxRecord,
  encode: encodeInboxRecord,
  clone: (r) => ({ latest: r.latest, spellings: SETS_CODEC.clone(r.spellings) }),
  size: (r) => 48 + SETS_CODEC.size(r.spellings),
};

export const INBOX_RECORDS: TypedStore<InboxRecord> = { ...timedStore(21, 'inbox-records-90d', RETENTION), codec: INBOX_RECORD_CODEC };

/** `account | inbox hash` (key-layout.ts accountHashKey). */
export const inboxRecordKey = accountHashKey;

/** Newest of two sightings; ties keep the first (deterministic for re-application). */
export function newerCheck(cur: LatestCheck | undefined, next: LatestCheck): LatestCheck {
  return cur && cur.time >= next.time ? cur : next;
}

const spellingWindow = { windowMs: ALIAS_WINDOW_MS, bucketMs: ALIAS_BUCKET_MS, exactUpTo: ALIAS_EXACT_UP_TO };

/** The inbox's spellings as a distinct count's parameters (history.ts counts them with countsWith). */
export const SPELLINGS = spellingWindow;

export const inboxRecords90d: Aggregation<CheckScored> & { readonly store: TypedStore<InboxRecord> } = {
  name: 'inbox-records-90d',
  stores: [INBOX_RECORDS],
  store: INBOX_RECORDS,
  replayable: true,
  reads(e, rs) {
    rs.add(INBOX_RECORDS, inboxRecordKey(e.account, e.inbox_hash));
  },
  apply(e, tx) {
    const key = inboxRecordKey(e.account, e.inbox_hash);
    const cur = tx.open(INBOX_RECORDS, key);
    const latest = newerCheck(cur?.latest, { uuid: e.check_uuid, time: e.time });
    const record = cur ?? { latest, spellings: [] };
    const newest = addSighting(record.spellings, spellingWindow, e.time, 0, e.spelling_hash);
    if (cur && latest === cur.latest && newest === undefined) return; // nothing new: no write
    record.latest = latest;
    // The record's time never goes back (a timed store keeps it in the segment of its newest part).
    let ts = latest.time;
    for (const s of record.spellings) ts = Math.max(ts, s.bucket * ALIAS_BUCKET_MS);
    tx.set(INBOX_RECORDS, key, record, ts);
  },
};
