/**
 * GET /v1/stats: the caller's account per UTC day (checks by verdict, reasons, outcomes, each
 * model's prequential scores on the day's outcomes, learned versions published) and the
 * sign-up waves among its checks of the last hour. Never another account's figures: every
 * store key read starts with the caller's account, and another account's personal model
 * versions are left out.
 */
import { dayOf } from '../domain/time.ts';
import type { ModelScoreSummary } from '../model/prequential.ts';
import { dateOf, dayRange } from './day-range.ts';
import type { ModelPublications, ModelScoreView, StatsDayView, StatsQueries, StatsService } from './ports.ts';

/** How many wave domains an answer lists at most. */
export const MAX_WAVES = 10;

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
const score = (s: ModelScoreSummary): ModelScoreView => ({ accuracy: round(s.accuracy), log_loss: round(s.log_loss), recent_log_loss: round(s.recent_log_loss) });

/** Reason codes by count, most frequent first (ties by code): a stable order to read top reasons from. */
function ranked(reasons: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(reasons).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)));
}

export function createStatsService(queries: StatsQueries, publications: ModelPublications, now: () => number): StatsService {
  return {
    async stats(account, from, to) {
      const t = now();
      const days = dayRange(from, to, t);
      // Nothing was recorded before 1970 (store keys count days from the epoch): those days are empty.
      const [figures, waves] = await Promise.all([queries.days(account, days.filter((d) => d >= 0), t), queries.waves(account, t, MAX_WAVES)]);
      const published = new Map<number, StatsDayView['models_published']>();
      for (const p of publications.published(account)) {
        const d = dayOf(p.at);
        published.set(d, [...(published.get(d) ?? []), { model: p.personal ? 'personal' : 'learned', version: p.version }]);
      }
      const rows = days.map((d): StatsDayView => {
        const f = figures.get(d);
        const o = f?.outcomes;
        return {
          date: dateOf(d),
          checks: { allow: f?.checks.allow ?? 0, review: f?.checks.review ?? 0, block: f?.checks.block ?? 0 },
          outcomes: { real: o?.real ?? 0, fake: o?.fake ?? 0 },
          reasons: ranked(f?.checks.reasons ?? {}),
          models: {
            ...(o?.baseline ? { baseline: score(o.baseline) } : {}),
            ...(o?.learned ? { learned: score(o.learned) } : {}),
            ...(o?.personal ? { personal: score(o.personal) } : {}),
          },
          models_published: published.get(d) ?? [],
        };
      });
      return { account, from: dateOf(days[0]!), to: dateOf(days.at(-1)!), days: rows, waves };
    },
  };
}
