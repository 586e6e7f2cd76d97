/**
 * account-checks-daily: per account and UTC day, its checks by verdict and how many of them
 * carried each reason code (GET /v1/stats). Every check event counts once, like usage-daily.
 * Not idempotent, so each value says which events it includes, as usage-daily's does: the
 * source offset after the newest event counted (an account's checks are one partition, in
 * order), and the API adds its own events only from there (queries.ts).
 */
import avro from 'avsc';
import type { CheckScored } from '../../domain/events.ts';
import { DAY } from '../../domain/time.ts';
import type { Aggregation, SourcePosition } from '../aggregation.ts';
import { timedStore, type TypedStore } from '../stores/store-spec.ts';
import { dayOf, usageKey } from './usage-daily.ts';

// Ids 30-33 are the account statistics' (kept apart from the ids other stores take next).
const ACCOUNT_CHECKS_DAILY_STORE = timedStore(30, 'account-checks-daily', 400 * DAY);

/** The same key layout as usage-daily: account | u32 day. */
export const accountDayKey = usageKey;

export interface CheckDay {
  /** Source offset after the newest event counted (0: none). */
  through: number;
  allow: number;
  review: number;
  block: number;
  /** Checks that carried each reason code. */
  reasons: Record<string, number>;
}

const CheckDayType = avro.Type.forSchema({
  type: 'record',
  name: 'CheckDay',
  fields: [
    { name: 'through', type: 'long' },
    { name: 'allow', type: 'long' },
    { name: 'review', type: 'long' },
    { name: 'block', type: 'long' },
    { name: 'reasons', type: { type: 'map', values: 'long' } },
  ],
});

export const emptyCheckDay = (): CheckDay => ({ through: 0, allow: 0, review: 0, block: 0, reasons: {} });

export function decodeCheckDay(b: Buffer | undefined): CheckDay {
  return b ? (CheckDayType.fromBuffer(b) as CheckDay) : emptyCheckDay();
}

export const encodeCheckDay = (d: CheckDay): Buffer => CheckDayType.toBuffer(d);

/** Held decoded between commits: an account's busy day is encoded once per commit, not per check. */
export const ACCOUNT_CHECKS_DAILY: TypedStore<CheckDay> = {
  ...ACCOUNT_CHECKS_DAILY_STORE,
  codec: {
    decode: decodeCheckDay,
    encode: encodeCheckDay,
    clone: (d) => ({ ...d, reasons: { ...d.reasons } }),
    size: (d) => 64 + 32 * Object.keys(d.reasons).length,
  },
};

/** A day's figures with one more check (pure; `through`: the position after it, 0 when unknown). */
export function addCheck(d: CheckDay, e: Pick<CheckScored, 'verdict' | 'reasons'>, through: number): CheckDay {
  return countCheck({ ...d, reasons: { ...d.reasons } }, e, through);
}

/**
 * `addCheck` on a day this caller owns (a value a transaction opened: its own copy), changed in
 * place: every check of an account's busy day counts here, and a new day object and reasons
 * object per check were most of what this aggregation allocated.
 */
export function countCheck(d: CheckDay, e: Pick<CheckScored, 'verdict' | 'reasons'>, through: number): CheckDay {
  d.through = Math.max(d.through, through);
  if (e.verdict === 'allow') d.allow++;
  else if (e.verdict === 'review') d.review++;
  else if (e.verdict === 'block') d.block++;
  const codes = e.reasons ?? [];
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (codes.indexOf(code) === i) d.reasons[code] = (d.reasons[code] ?? 0) + 1; // once per check
  }
  return d;
}

export const accountChecksDaily: Aggregation<CheckScored> = {
  name: 'account-checks-daily',
  stores: [ACCOUNT_CHECKS_DAILY],
  reads(e, rs) {
    rs.add(ACCOUNT_CHECKS_DAILY, accountDayKey(e.account, dayOf(e.time)));
  },
  apply(e, tx, _emit, at?: SourcePosition) {
    const key = accountDayKey(e.account, dayOf(e.time));
    tx.set(ACCOUNT_CHECKS_DAILY, key, countCheck(tx.open(ACCOUNT_CHECKS_DAILY, key) ?? emptyCheckDay(), e, at ? at.offset + 1 : 0), e.time);
  },
};
