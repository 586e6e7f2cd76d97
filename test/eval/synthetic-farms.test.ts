import { describe, expect, it } from 'vitest';
import { FARM_PATTERNS, syntheticFarms } from '../../src/eval/synthetic-farms.ts';
import { analyze, buildJudgeTables } from '../../src/check/judge.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const rows = syntheticFarms(14, 200);
const tables = buildJudgeTables();

describe('syntheticFarms', () => {
  it('is reproducible from its seed and changes with it', () => {
    expect(syntheticFarms(14, 200)).toEqual(rows);
    expect(syntheticFarms(15, 200)).not.toEqual(rows);
  });

  it('draws every pattern, each address valid, farms and AI sign-ups as their own groups', () => {
    for (const p of FARM_PATTERNS) expect(rows.filter((r) => r.pattern === p), p).toHaveLength(200);
    for (const r of rows) expect(parseAddress(r.email).ok, r.email).toBe(true);
    expect(new Set(rows.map((r) => r.group))).toEqual(new Set(['bulk-catchall', 'ai-temp']));
  });

  it('writes at domains no list holds (custom domains to the classifier), as the service sees them fresh', () => {
    for (const r of rows) {
      const parsed = parseAddress(r.email);
      if (!parsed.ok) continue;
      const a = analyze(parsed.address, tables).address;
      expect([a.free, a.disposable, a.school, a.relay, a.unknownSuffix], r.email).toEqual([false, false, false, false, false]);
    }
  });

  it('writes names without digits only at word-pair farms, tokens only at random-letter domains', () => {
    for (const r of rows.filter((x) => x.pattern === 'farm-name')) expect(r.email.split('@')[0], r.email).not.toMatch(/\d/);
    for (const r of rows.filter((x) => x.pattern === 'ai-token')) expect(r.email.split('@')[0], r.email).toMatch(/^[a-z0-9]{8,12}$/);
  });
});
