import { describe, expect, it } from 'vitest';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import type { Scorecard } from '../../src/model/score.ts';
import { createRecentDomains } from '../../src/service/recent-domains.ts';

const card = (shares: [string, number][], version = 2): Scorecard => ({
  ...BASELINE_SCORECARD,
  name: 'learned',
  version,
  account: 'acme',
  domainIntercepts: new Map(shares.map(([d]) => [d, -1])),
  domainShares: new Map(shares),
});
/** Traffic in the fitted mix: of every 10 checks, 5 at a.example, 3 at b.example, 2 elsewhere. */
const fittedMix = (i: number): string => (i % 10 < 5 ? 'a.example' : i % 10 < 8 ? 'b.example' : `other${i}.example`);
const fitted = card([['a.example', 0.5], ['b.example', 0.3]]);

describe('createRecentDomains', () => {
  it('serves the effects in full until a window of the account has filled, then while its traffic keeps the fitted mix', () => {
    const recent = createRecentDomains(100);
    for (let i = 0; i < 100; i++) expect(recent.serve('acme', fitted, `new${i}.example`)).toBe(fitted);
    const served = recent.serve('acme', fitted, 'a.example');
    expect(served.domainEffectScale).toBeCloseTo(0, 12);
    for (let i = 0; i < 100; i++) recent.serve('acme', fitted, fittedMix(i));
    expect(recent.serve('acme', fitted, 'a.example')).toBe(fitted);
  });

  it('fades them as the traffic moves to other domains, and each account by its own traffic', () => {
    const recent = createRecentDomains(100);
    for (let i = 0; i < 100; i++) recent.serve('acme', fitted, fittedMix(i));
    for (let i = 0; i < 100; i++) recent.serve('globex', fitted, `elsewhere${i}.example`);
    // Half the window in the fitted mix, half elsewhere: about half the overlap.
    for (let i = 0; i < 50; i++) recent.serve('acme', fitted, `elsewhere${i}.example`);
    const half = recent.serve('acme', fitted, undefined).domainEffectScale!;
    expect(half).toBeGreaterThan(0.4);
    expect(half).toBeLessThan(0.8);
    expect(recent.serve('globex', fitted, undefined).domainEffectScale).toBe(0);
  });

  it('says what fade the next check would get without counting anything (1 for an account it has no window of)', () => {
    const recent = createRecentDomains(100);
    expect(recent.fade('acme', fitted)).toBe(1);
    for (let i = 0; i < 100; i++) recent.serve('acme', fitted, `elsewhere${i}.example`);
    for (let i = 0; i < 300; i++) expect(recent.fade('acme', fitted)).toBe(0);
    expect(recent.serve('acme', fitted, undefined).domainEffectScale).toBe(0);
    expect(recent.fade('globex', fitted)).toBe(1);
  });

  it("counts no test check (domain absent), and measures a new model's shares against the same recent traffic", () => {
    const recent = createRecentDomains(100);
    for (let i = 0; i < 100; i++) recent.serve('acme', fitted, fittedMix(i));
    for (let i = 0; i < 500; i++) expect(recent.serve('acme', fitted, undefined)).toBe(fitted);
    const next = card([['c.example', 0.8]], 3);
    expect(recent.serve('acme', next, undefined).domainEffectScale).toBe(0);
    for (let i = 0; i < 100; i++) recent.serve('acme', next, 'c.example');
    expect(recent.serve('acme', next, undefined)).toBe(next);
  });

  it('leaves a card without shares (a record written before them, or no effects) as it is', () => {
    const recent = createRecentDomains(10);
    const old: Scorecard = { ...fitted, domainShares: undefined };
    for (let i = 0; i < 30; i++) expect(recent.serve('acme', old, `x${i}.example`)).toBe(old);
    expect(recent.serve('acme', BASELINE_SCORECARD, 'x.example')).toBe(BASELINE_SCORECARD);
  });
});
