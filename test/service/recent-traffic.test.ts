import { describe, expect, it } from 'vitest';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { interceptAt, type Scorecard } from '../../src/model/score.ts';
import { createRecentTraffic, type SeenCheck } from '../../src/service/recent-traffic.ts';

const card = (shares: [string, number][], version = 2, shapes?: [string, number][]): Scorecard => ({
  ...BASELINE_SCORECARD,
  name: 'learned',
  version,
  account: 'acme',
  domainIntercepts: new Map(shares.map(([d]) => [d, -1])),
  domainShares: new Map(shares),
  ...(shapes ? { shapeShares: new Map(shapes) } : {}),
});
const at = (domain: string, shape = 'first.last'): SeenCheck => ({ domain, shape });
/** Traffic in the fitted mix: of every 10 checks, 5 at a.example, 3 at b.example, 2 elsewhere. */
const fittedDomain = (i: number): string => (i % 10 < 5 ? 'a.example' : i % 10 < 8 ? 'b.example' : `other${i}.example`);
const fittedMix = (i: number): SeenCheck => at(fittedDomain(i));
const fitted = card([['a.example', 0.5], ['b.example', 0.3]]);
/** The same effects fitted on traffic whose local parts were 60% first.last, 40% numeric. */
const fittedShape = (i: number): string => (i % 5 < 3 ? 'first.last' : 'numeric');
const withShapes = card([['a.example', 0.5], ['b.example', 0.3]], 2, [['first.last', 0.6], ['numeric', 0.4]]);

describe('createRecentTraffic', () => {
  it('serves the effects in full until a tenth of a window has come in under the model, then judges the checks so far: the fitted mix in full, another kind not at all', () => {
    const recent = createRecentTraffic(100);
    for (let i = 0; i < 10; i++) expect(recent.serve('acme', fitted, at(`new${i}.example`))).toBe(fitted);
    // Ten checks, none at the fitted domains: the reference of ten checks of the fitted traffic says that is not chance.
    expect(recent.serve('acme', fitted, at('a.example')).domainEffectScale).toBe(0);
    const other = createRecentTraffic(100);
    for (let i = 0; i < 100; i++) expect(other.serve('acme', fitted, fittedMix(i))).toBe(fitted);
    for (let i = 0; i < 100; i++) other.serve('acme', fitted, at(`new${i}.example`));
    expect(other.serve('acme', fitted, at('a.example')).domainEffectScale).toBeCloseTo(0, 12);
    for (let i = 0; i < 100; i++) other.serve('acme', fitted, fittedMix(i));
    expect(other.serve('acme', fitted, at('a.example'))).toBe(fitted);
  });

  it('fades them as the traffic moves to other domains, and each account by its own traffic', () => {
    const recent = createRecentTraffic(100);
    for (let i = 0; i < 100; i++) recent.serve('acme', fitted, fittedMix(i));
    for (let i = 0; i < 100; i++) recent.serve('globex', fitted, at(`elsewhere${i}.example`));
    // Half the window in the fitted mix, half elsewhere: about half the overlap.
    for (let i = 0; i < 50; i++) recent.serve('acme', fitted, at(`elsewhere${i}.example`));
    const half = recent.serve('acme', fitted, undefined).domainEffectScale!;
    expect(half).toBeGreaterThan(0.4);
    expect(half).toBeLessThan(0.8);
    expect(recent.serve('globex', fitted, undefined).domainEffectScale).toBe(0);
  });

  it('fades them as the mix of local-part shapes changes at the same domains, and multiplies the two measures', () => {
    const recent = createRecentTraffic(100);
    for (let i = 0; i < 100; i++) recent.serve('acme', withShapes, at(fittedDomain(i), fittedShape(i)));
    expect(recent.serve('acme', withShapes, undefined)).toBe(withShapes);
    // The same domains at their shares, but every local part now of a shape the fitted traffic never had.
    for (let i = 0; i < 100; i++) recent.serve('acme', withShapes, at(fittedDomain(i), 'words'));
    expect(recent.serve('acme', withShapes, undefined).domainEffectScale).toBe(0);
    // Half the shapes back: the shape fade alone is about half; half the domains gone too: about a quarter.
    for (let i = 0; i < 50; i++) recent.serve('acme', withShapes, at(fittedDomain(i), fittedShape(i)));
    const shapeHalf = recent.fade('acme', withShapes);
    expect(shapeHalf).toBeGreaterThan(0.4);
    expect(shapeHalf).toBeLessThan(0.8);
    // The same card without shape shares (a record written before them) sees only the domains, here in their mix.
    const domainShapesUnknown: Scorecard = { ...withShapes, shapeShares: undefined };
    expect(recent.fade('acme', domainShapesUnknown)).toBe(1);
    for (let i = 0; i < 50; i++) recent.serve('acme', withShapes, at(`elsewhere${i}.example`, 'words'));
    const domainsOnly = recent.fade('acme', domainShapesUnknown);
    expect(domainsOnly).toBeGreaterThan(0.4);
    expect(domainsOnly).toBeLessThan(0.8);
    const both = recent.fade('acme', withShapes);
    expect(both).toBeGreaterThan(0.15);
    expect(both).toBeLessThan(0.45);
  });

  it('says what fade the next check would get without counting anything (1 for an account it has no window of)', () => {
    const recent = createRecentTraffic(100);
    expect(recent.fade('acme', fitted)).toBe(1);
    for (let i = 0; i < 100; i++) recent.serve('acme', fitted, at(`elsewhere${i}.example`));
    for (let i = 0; i < 300; i++) expect(recent.fade('acme', fitted)).toBe(0);
    expect(recent.serve('acme', fitted, undefined).domainEffectScale).toBe(0);
    expect(recent.fade('globex', fitted)).toBe(1);
  });

  it("counts no test check (nothing seen), starts a new model's own window empty, and fades it by the last checks too", () => {
    const recent = createRecentTraffic(100);
    for (let i = 0; i < 100; i++) recent.serve('acme', fitted, fittedMix(i));
    for (let i = 0; i < 500; i++) expect(recent.serve('acme', fitted, undefined)).toBe(fitted);
    const next = card([['c.example', 0.8]], 3, [['numeric', 1]]);
    // Its domains are nowhere among the account's last checks (its outcomes came from older traffic): those fade it at once.
    expect(recent.fade('acme', next)).toBe(0);
    for (let i = 0; i < 10; i++) recent.serve('acme', next, at('c.example', 'numeric'));
    // The earlier model (served again, say, after the newer one was withheld) starts its own window over: its last checks still look like its traffic.
    expect(recent.serve('acme', fitted, at('c.example', 'numeric'))).toBe(fitted);
    for (let i = 0; i < 9; i++) recent.serve('acme', fitted, at('c.example', 'numeric'));
    // Ten checks since, none at its domains: its own window judges them.
    expect(recent.serve('acme', fitted, undefined).domainEffectScale).toBe(0);
  });

  it('leaves a card without domain shares (a record written before them, or no effects) as it is', () => {
    const recent = createRecentTraffic(10);
    const old: Scorecard = { ...withShapes, domainShares: undefined };
    for (let i = 0; i < 30; i++) expect(recent.serve('acme', old, at(`x${i}.example`, 'words'))).toBe(old);
    expect(recent.serve('acme', BASELINE_SCORECARD, at('x.example'))).toBe(BASELINE_SCORECARD);
  });

  it('drops the effects of a model whose traffic changed from its 20th check, while the level without them follows the last checks as before', () => {
    const recent = createRecentTraffic(100);
    const shifted: Scorecard = { ...fitted, domainEffectsOffShift: -1 };
    for (let i = 0; i < 100; i++) recent.serve('acme', shifted, fittedMix(i));
    // A new version (fitted on that traffic) starts serving, and the traffic changes kind.
    const next: Scorecard = { ...shifted, version: 3, domainShares: new Map(fitted.domainShares) };
    for (let i = 0; i < 10; i++) expect(recent.serve('acme', next, at(`new${i}.example`))).toBe(next);
    // Ten checks since it started, none at its domains: no effects; the last 100 are still mostly the fitted traffic: the level as it was.
    const early = recent.serve('acme', next, at('x.example'));
    expect(early.domainEffectScale).toBe(0);
    expect(interceptAt(early, 'x.example')).toBeCloseTo(next.intercept, 12);
    expect(interceptAt(early, 'a.example')).toBeCloseTo(next.intercept, 12);
    // Half of the last 100 new: the level comes in as the fitted traffic leaves them, exactly as with one model all along.
    for (let i = 0; i < 39; i++) recent.serve('acme', next, at(`more${i}.example`));
    const mid = recent.serve('acme', next, at('y.example'));
    expect(mid.domainEffectScale).toBe(0);
    const oneModel = createRecentTraffic(100);
    for (let i = 0; i < 100; i++) oneModel.serve('acme', shifted, fittedMix(i));
    for (let i = 0; i < 50; i++) oneModel.serve('acme', shifted, at(`new${i}.example`));
    const level = oneModel.fade('acme', shifted);
    expect(level).toBeGreaterThan(0.3);
    expect(level).toBeLessThan(0.8);
    expect(interceptAt(mid, 'y.example')).toBeCloseTo(next.intercept - (1 - level), 12);
    // All of the last 100 new: the whole shift.
    for (let i = 0; i < 60; i++) recent.serve('acme', next, at(`last${i}.example`));
    expect(interceptAt(recent.serve('acme', next, at('z.example')), 'z.example')).toBeCloseTo(next.intercept - 1, 12);
  });
});
