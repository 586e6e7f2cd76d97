/**
 * The burst simulation: the history facts each check of a burst at one new domain gets, from
 * the aggregations' own functions, and what they do to the verdicts (made-up addresses).
 */
import { describe, expect, it } from 'vitest';
import { analyze, buildJudgeTables, judge } from '../../src/check/judge.ts';
import { burstFacts, burstSlices, companyStaffBursts, peopleBurstSlices, scoreBurst } from '../../src/eval/burst.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const tables = buildJudgeTables();

describe('burstFacts', () => {
  it.each([
    // earlier shapes, this shape, work?, recentSignups, pattern
    [[], 'first.last', false, 1, undefined],
    [[], 'first.last', true, 1, 'learning'],
    [Array(4).fill('first.last'), 'first.last', true, 5, 'learning'],
    [Array(5).fill('first.last'), 'first.last', true, 6, 'match'],
    [Array(5).fill('first.last'), 'other', true, 6, 'mismatch'],
    [Array(5).fill('first.last'), 'other', false, 6, undefined],
  ] as const)('%j then %s (work %s): %i in the window, pattern %s', (earlier, shape, work, n, pattern) => {
    const f = burstFacts(earlier, shape, work, false);
    expect(f.recentSignups).toBe(n);
    expect(f.domainPattern).toBe(pattern);
    // A domain with no earlier traffic: its normal 10 minutes is the week's volume spread over about a week.
    expect(f.recentSignupsExpected).toBeGreaterThan(n / 1008);
    expect(f.recentSignupsExpected).toBeLessThan(n / 1000);
  });
});

describe('burstFacts with timing', () => {
  it('counts the burst inboxes in the window beside the domain\'s usual level', () => {
    const f = burstFacts(Array(29).fill('first.last'), 'first.last', false, true, 8, 5);
    expect(f.recentSignups).toBe(13);
    // 5 per 10 minutes over the week, and the burst's 30: about 5 per window.
    expect(f.recentSignupsExpected).toBeGreaterThan(5);
    expect(f.recentSignupsExpected).toBeLessThan(5.1);
  });
});

describe('companyStaffBursts', () => {
  it('one made-up company domain per burst, distinct inboxes in one pattern', () => {
    const runs = companyStaffBursts(3, 4, 30);
    expect(runs).toHaveLength(4);
    for (const run of runs) {
      expect(run).toHaveLength(30);
      expect(new Set(run).size).toBe(30);
      expect(new Set(run.map((e) => e.slice(e.indexOf('@')))).size).toBe(1);
    }
    expect(runs[0]!.every((e) => /^[a-z]+\.[a-z]+@/.test(e))).toBe(true);
    expect(runs[1]!.every((e) => /^[a-z]+@/.test(e))).toBe(true);
  });
});

describe('scoreBurst', () => {
  it('a burst spread over an hour never holds 20 in a window: each check as without the burst', () => {
    const [run] = companyStaffBursts(5, 1, 50);
    const spread = scoreBurst(run!, tables, BASELINE_SCORECARD, undefined, { spanMs: 60 * 60_000, background: 0 });
    const single = run!.map((email) => scoreBurst([email], tables, BASELINE_SCORECARD)[0]);
    expect(spread).toEqual(single);
  });

  it('200 names at once at a domain nobody vouches for, DNS off: the wave takes a share of them to review (feature version 9: 13% before)', () => {
    const [run] = companyStaffBursts(7, 1, 200);
    const atOnce = scoreBurst(run!, tables, BASELINE_SCORECARD);
    expect(atOnce.filter((v) => v !== 'allow').length / 200).toBeGreaterThan(0.3);
  });

  it('a customer\'s list of 200 staff in ONE bulk request: the request\'s own addresses make no wave, each is judged as alone; as single checks at once, a share goes to review', () => {
    const [run] = companyStaffBursts(7, 1, 200);
    const inOneRequest = scoreBurst(run!, tables, BASELINE_SCORECARD, undefined, { spanMs: 0, background: 0, oneRequest: true });
    const single = run!.map((email) => scoreBurst([email], tables, BASELINE_SCORECARD)[0]);
    expect(inOneRequest).toEqual(single);
    const atOnce = scoreBurst(run!, tables, BASELINE_SCORECARD);
    expect(atOnce).not.toEqual(single);
  });

  it('the people contrast: companies signing up 20 or 50 staff (at once or over an hour) are never blocked for it', () => {
    const slices = peopleBurstSlices(16, 3, ['anna.berg', 'jonas.weber', 'maria.lopez', 'li.wei88'], tables, BASELINE_SCORECARD);
    const staff = slices.filter((s) => s.kind === 'company staff' && s.size <= 50);
    expect(staff).toHaveLength(12);
    for (const s of staff) expect(s.block, `${s.size} ${s.when} ${s.dns}`).toBe(0);
    for (const s of staff.filter((x) => x.when === 'over an hour')) expect(s.review, `${s.size} ${s.dns}`).toBe(0);
    expect(slices.filter((s) => s.kind === 'big free mail').map((s) => s.size)).toEqual([50, 200]);
  });


  const tokens = Array.from({ length: 60 }, (_, i) => `${['qx', 'vk', 'zt', 'pw'][i % 4]}${(7919 * (i + 11)).toString(36)}r${i % 10}m@burst-example.org`);

  it('property: history never makes a check of a burst more human than the same check alone, with DNS on or off', () => {
    for (const dns of [undefined, true] as const) {
      const verdicts = scoreBurst(tokens, tables, BASELINE_SCORECARD, dns);
      expect(verdicts).toHaveLength(tokens.length);
      const rank = { allow: 2, review: 1, block: 0 } as const;
      tokens.forEach((email, i) => {
        const parsed = parseAddress(email);
        if (!parsed.ok) throw new Error(email);
        const alone = judge(analyze(parsed.address, tables, dns ? { deliverable: true } : undefined), { dns: dns ? { deliverable: true } : undefined }, BASELINE_SCORECARD).score.verdict;
        expect(rank[verdicts[i]!], `${i} ${dns}`).toBeLessThanOrEqual(rank[alone]);
      });
    }
  });

  it('a wave from the 20th check: a burst of 200 handles catches more than one of 20', () => {
    // Handles that score in the 60s alone (initials and four digits at an unknown domain).
    const rows = Array.from({ length: 200 }, (_, i) => ({ email: `${['tkw', 'dbr', 'vhl', 'pzn'][i % 4]}${2000 + 37 * i}@x.example`, pattern: 'handle' }));
    const [s20off, s20on, s200off, s200on] = burstSlices(rows, ['burst-example.org'], [20, 200], 1, tables, BASELINE_SCORECARD);
    expect([s20off!.size, s20off!.dns, s20on!.dns, s200off!.size]).toEqual([20, 'off', 'on', 200]);
    expect(s200off!.checks).toBe(200);
    expect(s200off!.caught).toBeGreaterThan(s20off!.caught);
    expect(s200on!.caught).toBeGreaterThan(s20on!.caught);
  });
});
