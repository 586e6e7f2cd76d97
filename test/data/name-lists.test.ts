import { describe, expect, it } from 'vitest';
import { loadNameLists, thaiNames } from '../../src/data/name-lists.ts';
import { THAI_NAMES_SOURCE } from '../../src/data/thai-names.ts';

describe('Thai names (src/data/thai-names.ts, scripts/thai-names.py)', () => {
  const thai = thaiNames();

  it('say where they come from', () => {
    expect(THAI_NAMES_SOURCE).toMatch(/@faker-js\/faker .* locale th .*RTGS/);
  });

  it.each([
    ['given', thai.first, 1000],
    ['family', thai.last, 100],
  ] as const)('%s names are folded, unique and sorted', (_, list, min) => {
    expect(list.length).toBeGreaterThan(min);
    for (const n of list) expect(n).toMatch(/^[a-z]{3,}$/);
    expect(new Set(list).size).toBe(list.length);
    expect([...list].sort()).toEqual(list);
  });

  it('join the given and the family names, each its own list', () => {
    const lists = loadNameLists();
    const first = new Set(lists.first), last = new Set(lists.last);
    for (const n of thai.first) expect(first.has(n), n).toBe(true);
    for (const n of thai.last) expect(last.has(n), n).toBe(true);
  });
});
