/**
 * Interactive queries behind GET /v1/stats: an account's checks and outcomes per day, and the
 * sign-up waves among its checks of the last hour, read from the local state (the streams'
 * stores in embedded mode, the changelog replica in Kafka mode).
 *
 * Checks are read-your-writes like usage (queries.ts): the API's own events past the position
 * each day's value carries are added. Outcomes and waves are not (as /v1/model's tallies are
 * not): they show what the stores hold, a commit (about 100-200 ms) after the event.
 * Implements the service's StatsQueries port (service/ports.ts).
 */
import { accountPartition } from '../bus/account-partition.ts';
import type { AccountDay as PortAccountDay, StatsQueries as PortStatsQueries } from '../service/ports.ts';
import { total } from './aggregations/distinct-counter.ts';
import { accountDayKey, ACCOUNT_CHECKS_DAILY, addCheck, decodeCheckDay, type CheckDay } from './aggregations/account-checks-daily.ts';
import { ACCOUNT_OUTCOMES_DAILY, ACCOUNT_OUTCOMES_DAILY_LATE, outcomeDayView, type OutcomeDayView } from './aggregations/account-outcomes-daily.ts';
import { ACCOUNT_WAVES_1H, decodeWaves, liveWaveDomains, wavesKey } from './aggregations/account-waves-1h.ts';
import { decodeModelStats } from './aggregations/store-values.ts';
import { dayOf } from './aggregations/usage-daily.ts';
import type { HotWindows } from './hot-windows.ts';
import type { OwnEvents } from './own-events.ts';
import { domainKey } from './stores/key-layout.ts';
import type { StateReader } from './stores/state-reader.ts';
import { mapKey, ReadSet } from './stores/tx.ts';

export interface AccountDay extends PortAccountDay {
  readonly checks: CheckDay;
  readonly outcomes: OutcomeDayView;
}

export interface StatsQueries extends PortStatsQueries {
  days(account: string, days: readonly number[], now: number): Promise<Map<number, AccountDay>>;
}

/** `hot`: the short windows in this thread's memory (the domains' 10 minutes are read there; both modes). */
export function createStatsQueries(state: StateReader, own: OwnEvents, hot: HotWindows): StatsQueries {
  return {
    async days(account, days, now) {
      const partition = accountPartition(account);
      // Own events are taken before the state is read (see queries.ts usage()).
      const mine = [...own.checksByAccount.get(account)];
      const rs = new ReadSet();
      for (const d of days) {
        const key = accountDayKey(account, d);
        rs.add(ACCOUNT_CHECKS_DAILY, key);
        rs.add(ACCOUNT_OUTCOMES_DAILY, key);
        rs.add(ACCOUNT_OUTCOMES_DAILY_LATE, key);
      }
      const got = await state.fetch(rs, now);
      const checks = new Map<number, CheckDay>();
      for (const d of days) checks.set(d, decodeCheckDay(got.get(mapKey(ACCOUNT_CHECKS_DAILY, accountDayKey(account, d)))));
      // Not idempotent: add only own events past the position the day's value includes
      // (a day without a value includes none of them).
      for (const p of [...mine].sort((a, b) => a.offset - b.offset)) {
        if (p.partition !== partition) continue;
        const d = dayOf(p.event.time);
        const day = checks.get(d);
        if (day && p.offset >= day.through) checks.set(d, addCheck(day, p.event, p.offset + 1));
      }
      const out = new Map<number, AccountDay>();
      for (const d of days) {
        const key = accountDayKey(account, d);
        const parts = [ACCOUNT_OUTCOMES_DAILY, ACCOUNT_OUTCOMES_DAILY_LATE].map((s) => got.get(mapKey(s, key))).map((raw) => (raw ? decodeModelStats(raw) : undefined));
        out.set(d, { checks: checks.get(d)!, outcomes: outcomeDayView(parts) });
      }
      return out;
    },

    async waves(account, now, limit) {
      const rs = new ReadSet();
      rs.add(ACCOUNT_WAVES_1H, wavesKey(account));
      const domains = liveWaveDomains(decodeWaves((await state.fetch(rs, now)).get(mapKey(ACCOUNT_WAVES_1H, wavesKey(account)))), now);
      if (domains.length === 0) return [];
      return domains
        .map((d) => ({ domain: d.domain, recent_signups: total(hot.domainSignups.counts(domainKey(d.domain), now, [])) }))
        .sort((a, b) => b.recent_signups - a.recent_signups || (a.domain < b.domain ? -1 : 1))
        .slice(0, limit);
    },
  };
}
