import { describe, expect, it } from 'vitest';
import { buildNameTables } from '../../src/signals/names.ts';
import { familyNameWithInitials, PINYIN_SYLLABLE } from '../../src/signals/pinyin-initials.ts';

const tables = buildNameTables();
const read = (body: string, start = 0, end = body.search(/[^a-z]|$/)) => familyNameWithInitials(body, start, end, tables.trie);

describe('familyNameWithInitials', () => {
  it.each([
    ['zhangxy', [0, 5]], // family name, then the given name's initials
    ['xyzhang', [2, 7]], // initials first
    ['wangxl88', [0, 4]], // a number after it
    ['chenjh', [0, 4]],
    ['huangzm', [0, 5]],
  ])('%s reads as a family name with two initials at %j', (body, at) => {
    expect(read(body)).toEqual(at);
  });

  it.each([
    'lixy', // a two-letter family name: two letters of a syllable's shape are chance
    'parsonwm', // a western name with letters appended (no Mandarin syllable)
    'annamk',
    'zhangxyz', // three letters after it
    'zhangxa', // a vowel: no initials
    'zhangxv', // v begins no syllable
    'kw2zhangxy', // letters among digits: a generated token's
    'zhangxy.li', // more letters after it
    'zhang', // nothing beside the name
  ])('%s is not read so', (body) => {
    expect(read(body)).toBeUndefined();
  });

  it('needs the run to start the body', () => {
    expect(familyNameWithInitials('a.zhangxy', 2, 9, tables.trie)).toBeUndefined();
  });
});

describe('PINYIN_SYLLABLE', () => {
  it.each(['zhang', 'wang', 'xiong', 'an', 'er'])('%s has Mandarin syllable structure', (s) => expect(PINYIN_SYLLABLE.test(s)).toBe(true));
  it.each(['parson', 'smith', 'anna', 'kling'])('%s has not', (s) => expect(PINYIN_SYLLABLE.test(s)).toBe(false));
});
