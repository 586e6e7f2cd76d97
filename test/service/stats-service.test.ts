/** GET /v1/stats assembly: every day of the range in order, zeros for empty days, versions on their day, ranges checked. */
import { describe, expect, it } from 'vitest';
import { DAY } from '../../src/domain/time.ts';
import { ServiceError } from '../../src/domain/errors.ts';
import { createStatsService } from '../../src/service/stats-service.ts';
import { emptyCheckDay } from '../../src/streams/aggregations/account-checks-daily.ts';
import { dayOf } from '../../src/streams/aggregations/usage-daily.ts';
import type { AccountDay, StatsQueries } from '../../src/streams/stats-queries.ts';

const NOW = Date.UTC(2026, 10, 21, 15);
const TODAY = dayOf(NOW);

function service(figures: Map<number, AccountDay>, published: { version: number; at: number; personal: boolean }[] = []) {
  const asked: { account: string; days: readonly number[] }[] = [];
  const queries: StatsQueries = {
    days: async (account, days) => {
      asked.push({ account, days });
      return new Map([...figures].filter(([d]) => days.includes(d)));
    },
    waves: async () => [{ domain: 'wave.com', recent_signups: 42 }],
  };
  return { svc: createStatsService(queries, { published: () => published }, () => NOW), asked };
}

const score = { accuracy: 0.123456, log_loss: 0.5, recent_log_loss: 0.25 };

describe('stats service', () => {
  it('lists the last 30 days by default, oldest first, filling empty days with zeros and rounding scores', async () => {
    const day: AccountDay = {
      checks: { ...emptyCheckDay(), allow: 2, block: 1, reasons: { natural_name: 1, disposable_domain: 3 } },
      outcomes: { real: 1, fake: 2, baseline: score, learned: null, personal: score },
    };
    const { svc, asked } = service(new Map([[TODAY - 1, day]]));
    const r = await svc.stats('acme');
    expect(asked).toEqual([{ account: 'acme', days: Array.from({ length: 30 }, (_, i) => TODAY - 29 + i) }]);
    expect(r).toMatchObject({ account: 'acme', from: '2026-10-23', to: '2026-11-21', waves: [{ domain: 'wave.com', recent_signups: 42 }] });
    expect(r.days).toHaveLength(30);
    expect(r.days[29]).toEqual({ date: '2026-11-21', checks: { allow: 0, review: 0, block: 0 }, outcomes: { real: 0, fake: 0 }, reasons: {}, models: {}, models_published: [] });
    expect(r.days[28]).toEqual({
      date: '2026-11-20',
      checks: { allow: 2, review: 0, block: 1 },
      outcomes: { real: 1, fake: 2 },
      reasons: { disposable_domain: 3, natural_name: 1 },
      models: { baseline: { accuracy: 0.1235, log_loss: 0.5, recent_log_loss: 0.25 }, personal: { accuracy: 0.1235, log_loss: 0.5, recent_log_loss: 0.25 } },
      models_published: [],
    });
    expect(Object.keys(r.days[28]!.reasons)).toEqual(['disposable_domain', 'natural_name']); // most frequent first
  });

  it('puts each published version on its UTC day, as learned (shared) or personal', async () => {
    const { svc } = service(new Map(), [
      { version: 1, at: NOW - DAY, personal: false },
      { version: 2, at: NOW - DAY + 1, personal: true },
      { version: 3, at: NOW, personal: false },
      { version: 4, at: NOW - 40 * DAY, personal: false },
    ]);
    const r = await svc.stats('acme', '2026-11-20', '2026-11-21');
    expect(r.days.map((d) => d.models_published)).toEqual([
      [{ model: 'learned', version: 1 }, { model: 'personal', version: 2 }],
      [{ model: 'learned', version: 3 }],
    ]);
  });

  it('refuses a bad range with a 400 naming the parameter, and never asks the stores for days before 1970', async () => {
    const { svc, asked } = service(new Map());
    const message = async (from?: string, to?: string) => {
      try {
        await svc.stats('acme', from, to);
        return 'no error';
      } catch (err) {
        expect(err).toBeInstanceOf(ServiceError);
        expect((err as ServiceError).status).toBe(400);
        return (err as Error).message;
      }
    };
    expect(await message('2026-02-30')).toBe('from: must be a calendar date YYYY-MM-DD');
    expect(await message(undefined, '2026-13-01')).toBe('to: must be a calendar date YYYY-MM-DD');
    expect(await message('2026-05-02', '2026-05-01')).toBe('from: must not be after to');
    // Without `to`, the range ends today: say so rather than name a parameter the caller did not send.
    expect(await message('2026-11-22')).toBe('from: must not be after today (2026-11-21 UTC), where the range ends when to is not given');
    expect(await message('2026-01-01', '2026-04-03')).toBe('to: at most 92 days per request (from 2026-01-01 to 2026-04-03 is 93)');
    expect(await message('2026-01-01', '2026-04-02')).toBe('no error');
    expect(await message('1969-12-30', '1970-01-02')).toBe('no error');
    expect(asked.at(-1)!.days).toEqual([0, 1]);
  });
});
