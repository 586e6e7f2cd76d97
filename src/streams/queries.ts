/**
 * Interactive queries: typed, read-only lookups the API makes against the local state
 * (the streams' own stores in embedded mode, a changelog replica in Kafka mode), each merged
 * with this instance's not-yet-materialised events (own-events.ts) by re-applying them with
 * the aggregation's own code on a scratch transaction. They implement the service's
 * FeedbackQueries, UsageQueries and ModelStatsQueries ports (service/ports.ts).
 */
import { accountPartition } from '../bus/account-partition.ts';
import { TOPICS } from '../bus/topics.ts';
import { CHECK_ID_VALIDITY_MS } from '../domain/check-id.ts';
import type { CheckScored } from '../domain/events.ts';
import { CHECK_INDEX_14D, checkKey, checkRecordOf } from './aggregations/check-index-14d.ts';
import { CHECK_LABELS_14D, labelKey, MODEL_STATS } from './aggregations/check-labels.ts';
import { INBOX_RECORDS, inboxRecordKey, inboxRecords90d, latestOf } from './aggregations/inbox-records-90d.ts';
import type { ModelStats } from './aggregations/model-stats-value.ts';
import { decodeCheckRecord, decodeModelStats, type CheckRecord, type LatestCheck } from './aggregations/store-values.ts';
import { dayOf, decodeUsage, USAGE_DAILY, usageKey } from './aggregations/usage-daily.ts';
import { inboxIndexKey, type OwnEvents } from './own-events.ts';
import { decodeOffset, offsetKey } from './stores/key-layout.ts';
import { OFFSETS_STORE } from './stores/offsets.ts';
import type { FeedbackQueries, ModelStatsQueries, UsageQueries } from '../service/ports.ts';
import type { StateReader } from './stores/state-reader.ts';
import { BatchTx, mapKey, ReadSet } from './stores/tx.ts';

export interface Queries extends FeedbackQueries, UsageQueries, ModelStatsQueries {
  latestInboxCheck(account: string, inboxHash: Buffer, now: number): Promise<LatestCheck | undefined>;
  checkRecord(account: string, uuid: Buffer, inboxHash: Buffer, now: number): Promise<CheckRecord | undefined>;
  modelStats(now: number): Promise<{ account: string; stats: ModelStats }[]>;
}

export function createQueries(state: StateReader, own: OwnEvents): Queries {
  // Every account's tallies are read again at each health refresh (every 500 ms under traffic),
  // and most have not changed since the last: an unchanged value keeps its decoded tallies (the
  // same object, which the model serving also takes as "unchanged").
  let decoded = new Map<string, { raw: Buffer; stats: ModelStats }>();
  return {
    async usage(account, days, now) {
      const partition = accountPartition(account);
      // Own events are taken before the state is read, never after: one the state commits while
      // the read is in flight is pruned from own events, and the read may not include it yet.
      // Taken first, it is counted by one side or, deduplicated by `through`, by both.
      const mine = [...own.checksByAccount.get(account)];
      const rs = new ReadSet();
      const committed = offsetKey(TOPICS.checks.name, partition);
      rs.add(OFFSETS_STORE, committed);
      for (const d of days) rs.add(USAGE_DAILY, usageKey(account, d));
      const got = await state.fetch(rs, now);
      const applied = decodeOffset(got.get(mapKey(OFFSETS_STORE, committed)));
      const out = new Map<number, number>();
      const through = new Map<number, number>();
      for (const d of days) {
        const v = decodeUsage(got.get(mapKey(USAGE_DAILY, usageKey(account, d))));
        out.set(d, v.count);
        // A day not counted yet includes none of its events: any own event of it is pending.
        through.set(d, v.count === 0 ? 0 : (v.through ?? applied));
      }
      // Not idempotent: count only own events the value does not include.
      for (const own_ of mine) {
        if (own_.partition !== partition) continue;
        const d = dayOf(own_.event.time);
        if (out.has(d) && own_.offset >= through.get(d)!) out.set(d, out.get(d)! + 1);
      }
      return out;
    },

    async latestInboxCheck(account, inboxHash, now) {
      const rs = new ReadSet();
      const key = inboxRecordKey(account, inboxHash);
      rs.add(INBOX_RECORDS, key);
      const pending = [...own.checksByInbox.get(inboxIndexKey(account, inboxHash))]; // before the read: see usage()
      const tx = new BatchTx(await state.fetch(rs, now));
      replay(pending.map((p) => p.event), (e) => inboxRecords90d.apply(e, tx, noEmit));
      const latest = latestOf(tx.get(INBOX_RECORDS, key));
      if (!latest) return undefined;
      return now - latest.time <= CHECK_ID_VALIDITY_MS ? latest : undefined;
    },

    async isLabelled(account, uuid, now) {
      if (own.feedbackByCheck.get(inboxIndexKey(account, uuid)).length > 0) return true;
      const rs = new ReadSet();
      rs.add(CHECK_LABELS_14D, labelKey(account, uuid));
      const got = await state.fetch(rs, now);
      return got.get(mapKey(CHECK_LABELS_14D, labelKey(account, uuid))) !== undefined;
    },

    async checkRecord(account, uuid, inboxHash, now) {
      const mine = own.checksByInbox.get(inboxIndexKey(account, inboxHash)).find((p) => p.event.check_uuid.equals(uuid));
      if (mine) return checkRecordOf(mine.event);
      const rs = new ReadSet();
      rs.add(CHECK_INDEX_14D, checkKey(account, uuid));
      const raw = (await state.fetch(rs, now)).get(mapKey(CHECK_INDEX_14D, checkKey(account, uuid)));
      return raw ? decodeCheckRecord(raw) : undefined;
    },

    async modelStats(now) {
      const rows = await state.scan(MODEL_STATS, now);
      const next = new Map<string, { raw: Buffer; stats: ModelStats }>();
      const out = rows.map(({ key, value }) => {
        const account = key.toString('utf8');
        const last = decoded.get(account);
        const entry = last && last.raw.equals(value) ? last : { raw: value, stats: decodeModelStats(value) };
        next.set(account, entry);
        return { account, stats: entry.stats };
      });
      decoded = next;
      return out;
    },
  };
}

const noEmit = (): void => undefined;

/** Own events in time order (as the runtime would see them). */
function replay(events: CheckScored[], apply: (e: CheckScored) => void): void {
  [...events].sort((a, b) => a.time - b.time).forEach(apply);
}
