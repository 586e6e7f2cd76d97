import { describe, expect, it } from 'vitest';
import { keyboardWalk, repeatedChunks } from '../../src/signals/keyboard.ts';

describe('keyboardWalk', () => {
  it.each([
    ['qwerty', 6],
    ['asdf', 4],
    ['poiuy', 5], // right to left
    ['zxcvbn', 6],
    ['1234', 4],
    ['xx.qwer.yy', 4],
    ['qazwsx', 6], // column walks joined along the row
    ['wsxedc', 6],
    ['qwe', 0], // under 4 keys: too common inside words
    ['were', 0], // direction changes: not a walk
    ['anna', 0],
    ['john.smith', 0],
    ['', 0],
  ])('%s -> %i', (s, n) => {
    expect(keyboardWalk(s)).toBe(n);
  });
});

describe('repeatedChunks', () => {
  it.each([
    ['abab', 4],
    ['abcabc', 6],
    ['xoxoxo', 6],
    ['aaa', 3],
    ['zzzzz', 5],
    ['hello', 0], // doubled letters are normal
    ['anna', 0],
    ['matt', 0],
    ['xyabab', 4],
    ['', 0],
  ])('%s -> %i', (s, n) => {
    expect(repeatedChunks(s)).toBe(n);
  });
});
