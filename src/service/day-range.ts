/**
 * The `from`/`to` range of the per-day reads (GET /v1/usage, GET /v1/stats): UTC calendar days,
 * both ends included, default the 30 days up to today, at most MAX_RANGE_DAYS. Errors name the
 * parameter the caller got wrong.
 */
import { validationError } from '../domain/errors.ts';
import { DAY, dayOf } from '../domain/time.ts';

export const MAX_RANGE_DAYS = 92;
const DEFAULT_DAYS = 30;

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

export const dateOf = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);

/** Every day number of the range, in order (days before 1970 are negative). Throws 400 for a bad range. */
export function dayRange(from: string | undefined, to: string | undefined, now: number): number[] {
  const last = to === undefined ? dayOf(now) : parseDay('to', to);
  const first = from === undefined ? Math.max(FIRST_DAY, last - (DEFAULT_DAYS - 1)) : parseDay('from', from);
  if (first > last) {
    throw validationError(to === undefined ? `from: must not be after today (${dateOf(last)} UTC), where the range ends when to is not given` : 'from: must not be after to');
  }
  if (last - first + 1 > MAX_RANGE_DAYS) {
    // Blame the bound the caller gave: a lone `from` too far back is from's fault, not today's.
    throw validationError(`${to === undefined ? 'from' : 'to'}: at most ${MAX_RANGE_DAYS} days per request (from ${dateOf(first)} to ${dateOf(last)} is ${last - first + 1})`);
  }
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
