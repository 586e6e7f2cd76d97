/** The numbered stem: a canonical inbox with each digit run as one '#' (made-up addresses). */
import { describe, expect, it } from 'vitest';
import { numberedStem } from '../../src/signals/numbered-stem.ts';

describe('numberedStem', () => {
  it('a name and a serial: the serial becomes one #, whatever its value or padding', () => {
    expect(numberedStem('quillberg0001@gmail.com')).toBe('quillberg#@gmail.com');
    expect(numberedStem('quillberg0002@gmail.com')).toBe('quillberg#@gmail.com');
    expect(numberedStem('quillberg17@gmail.com')).toBe('quillberg#@gmail.com');
    expect(numberedStem('tom.vantor17@outlook.com')).toBe('tom.vantor#@outlook.com');
  });

  it('keeps where the number sits and every other character: only the number may differ', () => {
    expect(numberedStem('quill7berg@gmail.com')).toBe('quill#berg@gmail.com');
    expect(numberedStem('quill7berg@gmail.com')).not.toBe(numberedStem('quillberg7@gmail.com'));
    expect(numberedStem('tom.vantor17@outlook.com')).not.toBe(numberedStem('tomvantor17@outlook.com'));
    expect(numberedStem('quillberg1@gmail.com')).not.toBe(numberedStem('quillberg1@yahoo.com'));
    expect(numberedStem('q.berg.2024.0001@example.org')).toBe('q.berg.#.#@example.org');
  });

  it('no stem without a number, or without 4 characters besides digits and separators', () => {
    expect(numberedStem('quillberg@gmail.com')).toBeUndefined();
    expect(numberedStem('123456789@qq.com')).toBeUndefined();
    expect(numberedStem('s1234567@uni.example')).toBeUndefined();
    expect(numberedStem('emp269424@corp.example')).toBeUndefined();
    expect(numberedStem('a.b.c.1@corp.example')).toBeUndefined();
    expect(numberedStem('abcd1@corp.example')).toBe('abcd#@corp.example');
  });

  it('no stem for something that is not an address', () => {
    expect(numberedStem('quillberg1')).toBeUndefined();
    expect(numberedStem('@gmail.com')).toBeUndefined();
  });
});
