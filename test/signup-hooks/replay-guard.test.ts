import { describe, expect, it } from 'vitest';
import { ReplayGuard, TOLERANCE_S } from '../../src/signup-hooks/replay-guard.ts';

describe('replay guard', () => {
  it('accepts an id once per account, and forgets it once its timestamp cannot verify any more', () => {
    const g = new ReplayGuard();
    const t = 1_800_000_000;
    expect(g.accept('acme', 'msg_1', t, t * 1000)).toBe(true);
    expect(g.accept('acme', 'msg_1', t, t * 1000 + 1000)).toBe(false);
    expect(g.accept('globex', 'msg_1', t, t * 1000 + 1000)).toBe(true);
    expect(g.accept('acme', 'msg_1', t, (t + TOLERANCE_S + 1) * 1000)).toBe(true);
  });

  it('is bounded', () => {
    const g = new ReplayGuard(3);
    for (let i = 0; i < 5; i++) g.accept('a', `m${i}`, 100, 100_000);
    expect(g.accept('a', 'm4', 100, 100_000)).toBe(false);
    expect(g.accept('a', 'm0', 100, 100_000)).toBe(true); // pushed out by the bound
  });

  it("is bounded per account: one account's many ids never push out another's (a captured request stays refused)", () => {
    const g = new ReplayGuard(3);
    expect(g.accept('victim', 'msg_v', 100, 100_000)).toBe(true);
    // The attacker holds its own secret, so it can send as many verified ids as it likes.
    for (let i = 0; i < 10; i++) expect(g.accept('attacker', `m${i}`, 100, 100_000)).toBe(true);
    expect(g.accept('victim', 'msg_v', 100, 100_001)).toBe(false);
    expect(g.accept('attacker', 'm9', 100, 100_001)).toBe(false);
    expect(g.accept('attacker', 'm0', 100, 100_001)).toBe(true); // pushed out by its own account's bound
  });
});
