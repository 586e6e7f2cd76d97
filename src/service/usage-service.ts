/** GET /v1/usage: billed emails per UTC day, from the usage-daily store (+ own pending checks). */
import { dateOf, dayRange } from './day-range.ts';
import type { UsageQueries, UsageService } from './ports.ts';

export function createUsageService(queries: UsageQueries, now: () => number): UsageService {
  return {
    async usage(account, from, to) {
      const t = now();
      const days = dayRange(from, to, t);
      // Nothing was billed before 1970 (store keys count days from the epoch): those days are 0.
      const counts = await queries.usage(account, days.filter((d) => d >= 0), t);
      const rows = days.map((d) => ({ date: dateOf(d), emails: counts.get(d) ?? 0 }));
      return { account, from: dateOf(days[0]!), to: dateOf(days.at(-1)!), total: rows.reduce((s, r) => s + r.emails, 0), days: rows };
    },
  };
}
