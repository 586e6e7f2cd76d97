import { describe, expect, it } from 'vitest';
import { isSteady, summarise, STEADY_RULE, usPerCheck } from '../../bench/lib/steady-warmup.ts';

const rule = { span: 3, tolerance: 0.1 };

describe('the benches steady-state warm-up rule', () => {
  it('needs two spans of windows before it can call anything steady', () => {
    expect(isSteady([500, 500, 500, 500, 500], rule)).toBe(false);
    expect(isSteady([500, 500, 500, 500, 500, 500], rule)).toBe(true);
  });

  it('is not steady while the CPU per check still falls by more than the tolerance', () => {
    // A Kafka-mode warm-up's shape: it keeps falling for several windows.
    const falling = [2163, 1083, 749, 585, 653, 625, 600, 698];
    expect(isSteady(falling.slice(0, 6), rule)).toBe(false); // 625 against 749
    expect(isSteady(falling, rule)).toBe(true); // 625 against 653
  });

  it('compares medians, so one noisy window neither ends nor prolongs the warm-up', () => {
    expect(isSteady([600, 610, 590, 605, 1400, 598], rule)).toBe(true);
    expect(isSteady([900, 880, 890, 600, 610, 1500], rule)).toBe(false);
  });

  it('a rise counts as unsteady as well as a fall', () => {
    expect(isSteady([500, 500, 500, 600, 600, 600], rule)).toBe(false);
  });

  it('reports the steady level and what the warm-up took above it', () => {
    const windows = [
      { checks: 1000, cpuSeconds: 2 }, // 2000 µs
      { checks: 2000, cpuSeconds: 2 }, // 1000 µs
      { checks: 2000, cpuSeconds: 1.2 },
      { checks: 2000, cpuSeconds: 1.2 },
      { checks: 2000, cpuSeconds: 1.2 },
    ];
    const s = summarise(windows, STEADY_RULE);
    expect(s.steadyUs).toBeCloseTo(600);
    expect(s.answered).toBe(9000);
    // 7.6 CPU-s for 9000 checks, of which 9000 × 600 µs = 5.4 at the steady level.
    expect(s.extraCpuSeconds).toBeCloseTo(2.2);
    expect(usPerCheck({ checks: 0, cpuSeconds: 1 })).toBe(1e6);
  });
});
