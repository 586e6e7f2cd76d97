/** GET /v1/usage: billed emails per UTC day, from the usage-daily store (+ own pending checks). */
import { partitionFor } from '../bus/partitioner.ts';
import { TOPICS } from '../bus/topics.ts';
import { validationError } from '../domain/errors.ts';
import { DAY } from '../domain/time.ts';
import { dayOf } from '../streams/aggregations/usage-daily.ts';
import type { Queries } from '../streams/queries.ts';
import type { UsageService } from './ports.ts';

export const MAX_USAGE_DAYS = 92;

/** The first day a YYYY-MM-DD date can name (year 0000 would put the default range in year -1). */
const FIRST_DAY = dayOf(Date.parse('0001-01-01T00:00:00Z'));

function parseDay(field: string, s: string): number {
  const ms = Date.parse(`${s}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== s) {
    throw validationError(`${field}: must be a calendar date YYYY-MM-DD`);
  }
  if (dayOf(ms) < FIRST_DAY) throw validationError(`${field}: must be 0001-01-01 or later`);
  return dayOf(ms);
}

const dateOf = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);

export function createUsageService(queries: Queries, now: () => number): UsageService {
  return {
    async usage(account, from, to) {
      const t = now();
      const last = to === undefined ? dayOf(t) : parseDay('to', to);
      const first = from === undefined ? Math.max(FIRST_DAY, last - 29) : parseDay('from', from);
      if (first > last) throw validationError('from: must not be after to');
      if (last - first + 1 > MAX_USAGE_DAYS) {
        // Blame the bound the caller gave: a lone `from` too far back is from's fault, not today's.
        throw validationError(`${to === undefined ? 'from' : 'to'}: at most ${MAX_USAGE_DAYS} days per request (from ${dateOf(first)} to ${dateOf(last)} is ${last - first + 1})`);
      }
      const days = Array.from({ length: last - first + 1 }, (_, i) => first + i);
      // Nothing was billed before 1970 (store keys count days from the epoch): those days are 0.
      const counts = await queries.usage(account, days.filter((d) => d >= 0), partitionFor(Buffer.from(account), TOPICS.checks.partitions), t);
      const rows = days.map((d) => ({ date: dateOf(d), emails: counts.get(d) ?? 0 }));
      return { account, from: dateOf(first), to: dateOf(last), total: rows.reduce((s, r) => s + r.emails, 0), days: rows };
    },
  };
}
