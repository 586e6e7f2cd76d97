import { describe, expect, it } from 'vitest';
import { effectsOffShift } from '../../src/model/effects-off.ts';

const cut = -2;
const blocked = (zs: readonly number[], shift: number): number => zs.filter((z) => z + shift < cut).length;

describe('effectsOffShift', () => {
  it('blocks as many of the held-out people without the effects as the model with them did', () => {
    // With the effects two of five people are under the cut; without them (raised by the guard's map) none is.
    const withEffects = [-3, -2.5, -1, 0, 1];
    const without = [-1.5, -0.5, 0.5, 1, 2];
    const s = effectsOffShift(withEffects, without, cut);
    expect(blocked(without, s)).toBe(2);
    // The cut at the same fraction of the gap between the 2nd and 3rd lowest: (-2 - -2.5) / (-1 - -2.5) = 1/3.
    expect(s).toBeCloseTo(cut - (-0.5 + (1 / 3) * (0.5 - -0.5)), 12);
  });

  it('lowers no one below the cut where the model with them blocked none: the lowest keeps its distance', () => {
    const s = effectsOffShift([0, 1, 2], [3, 3.5, 4], cut);
    expect(blocked([3, 3.5, 4], s)).toBe(0);
    expect(3 + s).toBeCloseTo(0, 12);
  });

  it('raises the model without them where they had raised the people (it would block more of them)', () => {
    const withEffects = [-2.5, 0, 1, 2];
    const without = [-6, -5, -4, 1];
    const s = effectsOffShift(withEffects, without, cut);
    expect(s).toBeGreaterThan(0);
    expect(blocked(without, s)).toBe(1);
  });

  it('keeps everyone blocked above the highest where all were, 0 for no people, and refuses unpaired logits', () => {
    expect(blocked([-9, -8], effectsOffShift([-4, -3], [-9, -8], cut))).toBe(2);
    expect(effectsOffShift([], [], cut)).toBe(0);
    expect(() => effectsOffShift([1], [], cut)).toThrow(/one logit/);
  });
});
