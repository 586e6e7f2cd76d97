import { describe, expect, it } from 'vitest';
import { TRICK_GROUPS, syntheticTricks } from '../../src/eval/synthetic-tricks.ts';
import { analyze, buildJudgeTables } from '../../src/check/judge.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const rows = syntheticTricks(15, 120);
const tables = buildJudgeTables();
const local = (email: string): string => email.slice(0, email.lastIndexOf('@'));
const of = (pattern: string) => rows.filter((r) => r.pattern === pattern);

describe('syntheticTricks', () => {
  it('is reproducible from its seed and changes with it', () => {
    expect(syntheticTricks(15, 120)).toEqual(rows);
    expect(syntheticTricks(16, 120)).not.toEqual(rows);
  });

  it('draws every pattern of every group, each address valid and at a free-mail provider', () => {
    for (const [group, patterns] of Object.entries(TRICK_GROUPS)) {
      for (const p of patterns) {
        expect(of(p), p).toHaveLength(120);
        for (const r of of(p)) expect(r.group, p).toBe(group);
      }
    }
    for (const r of rows) {
      const parsed = parseAddress(r.email);
      expect(parsed.ok, r.email).toBe(true);
      if (parsed.ok) expect(analyze(parsed.address, tables).address.free, r.email).toBe(true);
    }
  });

  it('writes mailboxes the provider accepts: the shape is measured, not a broken rule', () => {
    for (const r of rows) {
      const parsed = parseAddress(r.email);
      if (!parsed.ok) continue;
      expect(analyze(parsed.address, tables).address.impossibleMailbox, r.email).toBe(false);
    }
  });

  it('writes each shape as its name says', () => {
    for (const r of of('dots-initials')) expect(local(r.email), r.email).toMatch(/^([a-z]\.){2,}[a-z]+\d*$/);
    for (const r of of('dots-split')) expect(local(r.email).split('.').length, r.email).toBeGreaterThanOrEqual(3);
    for (const r of [...of('dots-initials'), ...of('dots-split')]) expect(r.email, r.email).toMatch(/@gmail\.com$/);
    for (const r of of('plus-serial')) expect(local(r.email), r.email).toMatch(/\+\d{1,3}$/);
    for (const r of of('syllable-repeat')) expect(local(r.email), r.email).toMatch(/^([a-z]{2,3})\1{2,}\d*$/);
    for (const r of of('name-serial')) expect(local(r.email), r.email).toMatch(/[a-z][._-]?\d{4}$/);
    for (const r of of('hex')) expect(local(r.email), r.email).toMatch(/^[0-9a-f]{12,20}$/);
    for (const r of of('uuid-ish')) expect(local(r.email), r.email).toMatch(/^[a-f][0-9a-f]{7}-[0-9a-f]{4}-[0-9a-f]{4}$/);
    for (const r of of('base32')) expect(local(r.email), r.email).toMatch(/^[a-z2-7]{16,26}$/);
  });
});
