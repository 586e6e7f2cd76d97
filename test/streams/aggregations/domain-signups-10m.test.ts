import { describe, expect, it } from 'vitest';
import { expectedPerWindow, QUIET_PRIOR_WINDOWS } from '../../../src/streams/aggregations/domain-signups-10m.ts';
import { DAY, HOUR, MINUTE } from '../../../src/domain/time.ts';

describe("expectedPerWindow: a domain's usual 10 minutes", () => {
  const now = Date.UTC(2026, 10, 22, 12);

  it('spreads the volume over the windows observed, counted from the end of the oldest bucket', () => {
    // Observed from 2 days + 1 hour ago: 48 hours after the oldest bucket's end = 288 windows.
    expect(expectedPerWindow(2880, now - 2 * DAY - HOUR, now, QUIET_PRIOR_WINDOWS)).toBe(10);
    expect(expectedPerWindow(2880, now - 2 * DAY - HOUR, now, 1)).toBe(10);
  });

  it('a free provider in a new deployment: only the time observed counts (first hour: the whole volume is usual)', () => {
    expect(expectedPerWindow(300, now - 20 * MINUTE, now, 1)).toBe(300);
    expect(expectedPerWindow(300, Infinity, now, 1)).toBe(300);
    expect(expectedPerWindow(300, now - 3 * HOUR, now, 1)).toBe(25); // 2 hours = 12 windows
  });

  it('any other domain is assumed quiet for the day not yet observed', () => {
    expect(expectedPerWindow(30, now - 20 * MINUTE, now, QUIET_PRIOR_WINDOWS)).toBe(30 / 144);
    expect(expectedPerWindow(30, Infinity, now, QUIET_PRIOR_WINDOWS)).toBe(30 / 144);
  });

  it('at most a week: 1,008 windows', () => {
    expect(expectedPerWindow(1008 * 3, now - 30 * DAY, now, 1)).toBe(3);
  });
});
