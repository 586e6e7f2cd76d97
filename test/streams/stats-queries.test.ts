/**
 * The /v1/stats queries over a real embedded pipeline: what the stores hold per account and
 * day, the waves with their current counts, read-your-writes for checks, and the same figures
 * after a restart and after the state is rebuilt from the log (with labels that arrived
 * before their checks, so the join completed on the other side the first time).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckScored } from '../../src/domain/events.ts';
import { DAY, MINUTE } from '../../src/domain/time.ts';
import { dayOf } from '../../src/streams/aggregations/usage-daily.ts';
import { OwnEvents } from '../../src/streams/own-events.ts';
import { createStatsQueries } from '../../src/streams/stats-queries.ts';
import { aCheck, aFeedback, hash, openPipeline, removeDir, type Pipeline } from '../helpers/pipeline.ts';

const open: Pipeline[] = [];
afterEach(async () => {
  for (const p of open.splice(0)) {
    await p.close().catch(() => undefined);
    removeDir(p.dir);
  }
});
async function pipeline(dir?: string): Promise<Pipeline> {
  const p = await openPipeline(dir);
  open.push(p);
  return p;
}

const T = Date.UTC(2026, 10, 21, 12);
const NOW = T + DAY + 5 * MINUTE;
const DAYS = [dayOf(T) - 1, dayOf(T), dayOf(T) + 1];

/** Two accounts over two days; a wave at one domain (30 new inboxes, answers carrying signup_wave) just before NOW. */
async function feed(p: Pipeline): Promise<void> {
  const checks: CheckScored[] = [];
  for (let i = 0; i < 6; i++) checks.push(aCheck({ time: T + i, verdict: i < 3 ? 'allow' : 'block', reasons: i < 3 ? ['natural_name'] : ['disposable_domain'], baseline_probability: i < 3 ? 0.9 : 0.1, inbox_hash: hash(`i${i}`) }));
  checks.push(aCheck({ account: 'globex', time: T, verdict: 'review', reasons: ['role_account'] }));
  const wave = Array.from({ length: 30 }, (_, i) => aCheck({ time: NOW - 2 * MINUTE + i, domain: 'wave.com', verdict: 'block', reasons: i >= 19 ? ['signup_wave'] : [], inbox_hash: hash(`w${i}`) }));
  // Labels of the first three checks are written before the checks themselves (they wait in the join).
  for (const c of checks.slice(0, 3)) await p.sendFeedback(aFeedback(c, { outcome: 'real', time: T + 1000 }));
  for (const c of [...checks, ...wave]) await p.sendCheck(c);
  for (const c of checks.slice(3, 6)) await p.sendFeedback(aFeedback(c, { outcome: 'fake', time: T + DAY }));
  await p.sendFeedback(aFeedback(checks[6]!, { outcome: 'fake', time: T + 2000 }));
}

async function snapshot(p: Pipeline) {
  const q = createStatsQueries(p.state, new OwnEvents(), p.hot.windows);
  const acme = await q.days('acme', DAYS, NOW);
  const globex = await q.days('globex', DAYS, NOW);
  const strip = (m: Map<number, { checks: { through: number } }>) => [...m].map(([d, v]) => [d, { ...v, checks: { ...v.checks, through: 'x' } }]);
  return { acme: strip(acme as never), globex: strip(globex as never), acmeRaw: acme, waves: await q.waves('acme', NOW, 10), globexWaves: await q.waves('globex', NOW, 10) };
}

describe('stats queries over the embedded pipeline', () => {
  it('per account and day: checks by verdict and reason, outcomes by report day with model scores; waves with their current count', async () => {
    const p = await pipeline();
    await feed(p);
    expect(await p.runtime.caughtUp()).toBe(true);
    const s = await snapshot(p);
    const [before, first, second] = [...s.acmeRaw.values()];
    expect(before!.checks).toMatchObject({ allow: 0, review: 0, block: 0, reasons: {} });
    expect(first!.checks).toMatchObject({ allow: 3, review: 0, block: 3, reasons: { natural_name: 3, disposable_domain: 3 } });
    expect(first!.outcomes).toMatchObject({ real: 3, fake: 0, baseline: { accuracy: 1 } });
    expect(second!.checks).toMatchObject({ allow: 0, block: 30, reasons: { signup_wave: 11 } });
    expect(second!.outcomes).toMatchObject({ real: 0, fake: 3, baseline: { accuracy: 1 } });
    expect(second!.outcomes.baseline!.log_loss).toBeCloseTo(-Math.log(0.9), 6);
    expect(s.waves).toEqual([{ domain: 'wave.com', recent_signups: 30 }]);
    // another account's figures never mix in
    expect([...(await createStatsQueries(p.state, new OwnEvents(), p.hot.windows).days('globex', DAYS, NOW)).values()][1]).toMatchObject({
      checks: { allow: 0, review: 1, block: 0, reasons: { role_account: 1 } },
      outcomes: { real: 0, fake: 1 },
    });
    expect(s.globexWaves).toEqual([]);
    // an hour later the wave is gone from the list
    expect(await createStatsQueries(p.state, new OwnEvents(), p.hot.windows).waves('acme', NOW + 61 * MINUTE, 10)).toEqual([]);
  });

  it('gives the same figures after a restart and after the state is rebuilt from the log', async () => {
    const p = await pipeline();
    await feed(p);
    expect(await p.runtime.caughtUp()).toBe(true);
    const want = await snapshot(p);
    await p.close();
    open.splice(open.indexOf(p), 1);
    const restarted = await pipeline(p.dir);
    expect(await restarted.runtime.caughtUp()).toBe(true);
    expect(await snapshot(restarted)).toEqual(want);
    await restarted.close();
    open.splice(open.indexOf(restarted), 1);
    removeDir(`${p.dir}/state`);
    const rebuilt = await pipeline(p.dir);
    expect(await rebuilt.runtime.caughtUp()).toBe(true);
    expect(await snapshot(rebuilt)).toEqual(want);
  });

  it('read-your-writes: own checks past the position a day value carries count once', async () => {
    const p = await pipeline();
    const own = new OwnEvents(60_000); // kept well past materialisation
    const q = createStatsQueries(p.state, own, p.hot.windows);
    const a = aCheck({ time: T, verdict: 'allow', reasons: ['natural_name'] });
    own.addCheck({ event: a, ...(await p.sendCheck(a)) });
    expect(await p.runtime.caughtUp()).toBe(true);
    await p.runtime.stop(); // freeze materialisation: the next check stays pending
    const b = aCheck({ time: T + 1, verdict: 'block', reasons: ['natural_name', 'role_account'] });
    own.addCheck({ event: b, ...(await p.sendCheck(b)) });
    const day = (await q.days('acme', [dayOf(T)], T + 2)).get(dayOf(T))!;
    expect(day.checks).toMatchObject({ allow: 1, block: 1, reasons: { natural_name: 2, role_account: 1 } });
  });
});
