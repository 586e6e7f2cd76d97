/**
 * The inbox-bursts simulation: spellings of one inbox within 10 minutes, the history facts each
 * check gets from the inbox record's own functions, and what they do to the verdicts (made-up
 * addresses).
 */
import { describe, expect, it } from 'vitest';
import { analyze, buildJudgeTables, judge } from '../../src/check/judge.ts';
import { dottedSpellings, inboxBurst, inboxBurstFacts, inboxBurstNames, inboxBurstSlices, scoreInboxBurst } from '../../src/eval/inbox-bursts.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const tables = buildJudgeTables();
const MINUTE = 60_000;
const canonicalOf = (email: string): string => {
  const parsed = parseAddress(email);
  if (!parsed.ok) throw new Error(email);
  return analyze(parsed.address, tables, undefined).address.canonical;
};
const aloneVerdict = (email: string): string => {
  const parsed = parseAddress(email);
  if (!parsed.ok) throw new Error(email);
  return judge(analyze(parsed.address, tables, undefined), {}, BASELINE_SCORECARD).score.verdict;
};

describe('dottedSpellings', () => {
  it.each([
    ['marthaquell', 2],
    ['marthaquell', 5],
    ['marthaquell', 20],
    ['tovabrenn', 20],
  ])('%s x %i: distinct spellings, the plain one first, all one Gmail inbox', (box, k) => {
    const s = dottedSpellings(box, k);
    expect(s).toHaveLength(k);
    expect(s[0]).toBe(box);
    expect(new Set(s).size).toBe(k);
    for (const x of s) {
      expect(x.replaceAll('.', '')).toBe(box);
      expect(x).not.toMatch(/^\.|\.$|\.\./);
      expect(canonicalOf(`${x}@gmail.com`)).toBe(canonicalOf(`${box}@gmail.com`));
    }
  });

  it('few dots first; a short mailbox has only as many placements as its gaps allow', () => {
    expect(dottedSpellings('abc', 20)).toEqual(['abc', 'a.bc', 'ab.c', 'a.b.c']);
    expect(dottedSpellings('abcde', 7)).toEqual(['abcde', 'a.bcde', 'ab.cde', 'abc.de', 'abcd.e', 'a.b.cde', 'a.bc.de']);
  });
});

describe('inboxBurst', () => {
  it('numbered + tags reach one inbox; name + serial reaches a different inbox each time', () => {
    const plus = inboxBurst('plus-numbered', 'idrisvolk', 'outlook.com', 5);
    expect(plus).toEqual(['idrisvolk+1@outlook.com', 'idrisvolk+2@outlook.com', 'idrisvolk+3@outlook.com', 'idrisvolk+4@outlook.com', 'idrisvolk+5@outlook.com']);
    expect(new Set(plus.map(canonicalOf)).size).toBe(1);
    const serial = inboxBurst('name-serial', 'idrisvolk', 'gmail.com', 3, 41);
    expect(serial).toEqual(['idrisvolk0041@gmail.com', 'idrisvolk0042@gmail.com', 'idrisvolk0043@gmail.com']);
    expect(new Set(serial.map(canonicalOf)).size).toBe(3);
  });
});

describe('inboxBurstFacts', () => {
  it('counts the distinct spellings of each inbox (a repeated spelling once) and the distinct inboxes at the domain', () => {
    const facts = inboxBurstFacts([
      { inbox: 'a@x.example', email: 'a+1@x.example' },
      { inbox: 'a@x.example', email: 'a+2@x.example' },
      { inbox: 'a@x.example', email: 'a+1@x.example' },
      { inbox: 'b@x.example', email: 'b@x.example' },
      { inbox: 'a@x.example', email: 'a+3@x.example' },
    ], MINUTE);
    expect(facts.map((f) => f.aliasVariants)).toEqual([1, 2, 2, 1, 3]);
    expect(facts.map((f) => f.recentSignups)).toEqual([1, 1, 1, 2, 2]);
    // No other traffic: the domain's normal 10 minutes is its checks spread over about a week.
    for (const f of facts) expect(f.recentSignupsExpected).toBeLessThan(5 / 1000);
  });
});

describe('scoreInboxBurst', () => {
  it('property: history never makes a check more human than the same check alone', () => {
    const rank = { allow: 2, review: 1, block: 0 } as const;
    for (const kind of ['dotted', 'plus-numbered', 'name-serial'] as const) {
      const emails = inboxBurst(kind, 'lenorapike', 'gmail.com', 20);
      const { withHistory, alone } = scoreInboxBurst(emails, tables, BASELINE_SCORECARD, 30_000);
      expect(withHistory).toHaveLength(20);
      expect(alone).toEqual(emails.map(aloneVerdict));
      emails.forEach((_e, i) => expect(rank[withHistory[i]!], `${kind} ${i}`).toBeLessThanOrEqual(rank[alone[i]!]));
    }
  });

  it('later spellings of one inbox are caught where each alone is allowed; so are later name + serial inboxes, by their numbered stem', () => {
    // One dot each (the plain spelling first): every one alone reads as a person's own dot.
    const dotted = scoreInboxBurst(inboxBurst('dotted', 'lenorapike', 'gmail.com', 10), tables, BASELINE_SCORECARD, MINUTE);
    expect(dotted.alone.every((v) => v === 'allow')).toBe(true);
    expect(dotted.withHistory.slice(0, 2)).toEqual(['allow', 'allow']);
    expect(dotted.withHistory[9]).not.toBe('allow');
    const plus = scoreInboxBurst(inboxBurst('plus-numbered', 'lenorapike', 'gmail.com', 8), tables, BASELINE_SCORECARD, MINUTE);
    expect(plus.alone.every((v) => v === 'allow')).toBe(true);
    expect(plus.withHistory[7]).not.toBe('allow');
    // Different inboxes, linked by their numbered stem only (numbered_burst, feature version 18): from the 3rd in 10 minutes.
    const serial = scoreInboxBurst(inboxBurst('name-serial', 'lenorapike', 'gmail.com', 5), tables, BASELINE_SCORECARD, 2 * MINUTE);
    expect(serial.alone.every((v) => v === 'allow')).toBe(true);
    expect(serial.withHistory.slice(0, 2)).toEqual(serial.alone.slice(0, 2));
    expect(serial.withHistory[4]).not.toBe('allow');
  });
});

describe('inboxBurstSlices', () => {
  it('one slice per kind and size, a share per position; the dotted sequence is caught more at its end than its start', () => {
    const names = inboxBurstNames(3, 12);
    expect(new Set(names).size).toBe(12);
    for (const n of names) expect(n).toMatch(/^[a-z]{6,20}$/);
    const slices = inboxBurstSlices(names, ['gmail.com', 'hotmail.com'], [2, 5], tables, BASELINE_SCORECARD);
    expect(slices.map((s) => `${s.kind} ${s.size}`)).toEqual(['dotted 2', 'dotted 5', 'plus-numbered 2', 'plus-numbered 5', 'name-serial 2', 'name-serial 5']);
    for (const s of slices) {
      expect(s.sequences).toBe(12);
      expect(s.caughtAt).toHaveLength(s.size);
      expect(s.aloneAt).toHaveLength(s.size);
      expect(s.caught).toBeCloseTo(s.caughtAt.reduce((a, b) => a + b, 0) / s.size, 10);
    }
    const dotted5 = slices[1]!;
    expect(dotted5.caughtAt[4]).toBeGreaterThan(dotted5.caughtAt[0]!);
  });
});
