/**
 * The burst simulation: the history facts each check of a burst at one new domain gets, from
 * the aggregations' own functions, and what they do to the verdicts (made-up addresses).
 */
import { describe, expect, it } from 'vitest';
import { analyze, buildJudgeTables, judge } from '../../src/check/judge.ts';
import { burstFacts, burstSlices, scoreBurst } from '../../src/eval/burst.ts';
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

describe('scoreBurst', () => {
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
