/**
 * The synthetic bots corpus: reproducible, every row a valid address of its kind, and the
 * guard: the shipped scorecard sends the temporary-mail tokens and the random tokens at free
 * providers to review or block (kinds a labelled file may lack). Generated names with digits
 * are not asserted: from the address alone they read as people (history signals catch them).
 */
import { describe, expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { evaluateHumans } from '../../src/eval/humans.ts';
import { BOT_PATTERNS, syntheticBots } from '../../src/eval/synthetic-bots.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { addressSignals } from '../../src/signals/address-signals.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const tables = buildJudgeTables();

describe('syntheticBots', () => {
  it('gives the same rows for the same seed, other rows for another, perPattern of each pattern', () => {
    const a = syntheticBots(3, 20);
    expect(syntheticBots(3, 20)).toEqual(a);
    expect(syntheticBots(4, 20).map((r) => r.email)).not.toEqual(a.map((r) => r.email));
    for (const p of BOT_PATTERNS) expect(a.filter((r) => r.pattern === p)).toHaveLength(20);
  });

  it('writes valid addresses: tokens at domains no list knows, farms at free providers within their rules', () => {
    for (const r of syntheticBots(16, 100)) {
      const parsed = parseAddress(r.email);
      expect(parsed.ok, r.pattern).toBe(true);
      if (!parsed.ok) continue;
      const a = addressSignals(parsed.address, tables.address);
      expect(a.impossibleMailbox, r.pattern).toBe(false);
      if (r.pattern.startsWith('free')) expect(a.free).toBe(true);
      else expect(a.free || a.disposable || a.school, r.pattern).toBe(false);
      if (r.pattern === 'temp-token-alnum') expect(parsed.address.local).toMatch(/^(?=.*[0-9])(?=.*[a-z])[a-z0-9]{8,12}$/);
    }
  });
});

describe('the synthetic bots guard (shipped scorecard)', () => {
  const report = evaluateHumans(syntheticBots(16, 500), tables, BASELINE_SCORECARD);
  const caught = (pattern: string) => {
    const p = report.patterns.find((s) => s.name === pattern)!;
    return (p.verdicts.review + p.verdicts.block) / p.rows;
  };

  it('catches 90% of temporary-mail tokens (letters and digits, or letters only) and of random tokens at free providers', () => {
    expect(report.invalid).toBe(0);
    expect(caught('temp-token-alnum')).toBeGreaterThanOrEqual(0.9);
    expect(caught('temp-token-letters')).toBeGreaterThanOrEqual(0.85);
    expect(caught('free-token-alnum')).toBeGreaterThanOrEqual(0.95);
  });
});
