import { describe, expect, it } from 'vitest';
import { parseLabelledJsonl, splitHalves } from '../../src/eval/labelled.ts';

describe('parseLabelledJsonl', () => {
  it('reads rows, keeps source and kind when present, ignores other fields, skips blank lines', () => {
    const text = '{"email":"a@example.com","label":"human","source":"s1","kind":"k1","name":"A B"}\n\n{"email":"b@example.org","label":"fake"}\r\n';
    expect(parseLabelledJsonl(text)).toEqual([
      { email: 'a@example.com', label: 'human', source: 's1', kind: 'k1' },
      { email: 'b@example.org', label: 'fake' },
    ]);
  });

  it.each([
    ['{oops', /line 1: not valid JSON/],
    ['[1]', /line 1: must be a JSON object/],
    ['{"email":1,"label":"human"}', /line 1: email must be a string/],
    ['\n{"email":"a@example.com","label":"bot"}', /line 2: label must be "human" or "fake"/],
    ['{"email":"a@example.com","label":"fake","source":3}', /line 1: source must be a string/],
    ['{"email":"a@example.com","label":"fake","kind":[]}', /line 1: kind must be a string/],
  ])('rejects %s', (text, msg) => {
    expect(() => parseLabelledJsonl(text)).toThrow(msg);
  });

  it('never echoes the address in an error', () => {
    let message = '';
    try {
      parseLabelledJsonl('{"email":"secret.person@example.com","label":"x"}');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/label must be/);
    expect(message).not.toContain('secret');
  });
});

describe('splitHalves', () => {
  it('splits every row into exactly one of two near-equal halves, deterministically', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => i);
    const [a, b] = splitHalves(rows);
    expect(a.length + b.length).toBe(1000);
    expect(new Set([...a, ...b]).size).toBe(1000);
    expect(Math.abs(a.length - b.length)).toBeLessThan(100);
    expect(splitHalves(rows)).toEqual([a, b]);
  });

  it('does not simply alternate lines', () => {
    const [a] = splitHalves(Array.from({ length: 100 }, (_, i) => i));
    const alternating = a.every((x) => x % 2 === a[0]! % 2);
    expect(alternating).toBe(false);
  });
});
