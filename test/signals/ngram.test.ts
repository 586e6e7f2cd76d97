import { describe, expect, it } from 'vitest';
import { digitJoinedLog2, runLog2, scoreNgrams, trainNgramModel } from '../../src/signals/ngram.ts';

const model = trainNgramModel(['anna', 'hanna', 'johanna', 'john', 'johnny', 'jon', 'joanna', 'hans', 'jonas']);
const bits = (s: string) => {
  const r = scoreNgrams(s, model);
  return r.totalLog2 / r.symbols;
};

describe('trainNgramModel', () => {
  it('gives a proper distribution after every history', () => {
    for (const h of [0, 1 * 27 * 27 + 15 * 27 + 8, 26 * 27 * 27 + 26 * 27 + 26]) {
      let sum = 0;
      for (let c = 0; c < 27; c++) sum += 2 ** model.logProb[h * 27 + c]!;
      expect(sum).toBeCloseTo(1, 6); // float32 table
    }
  });
});

describe('scoreNgrams', () => {
  it.each([
    ['hanna', 'xqzvk'],
    ['johan', 'jqhxn'],
    ['anna', 'nnaa'],
  ])('a spelling like the training data (%s) beats a scrambled one (%s)', (good, bad) => {
    expect(bits(good)).toBeGreaterThan(bits(bad));
  });

  it('counts each letter plus one end per letter run, and skips other characters', () => {
    expect(scoreNgrams('jon', model).symbols).toBe(4);
    expect(scoreNgrams('jon.anna', model).symbols).toBe(4 + 5);
    expect(scoreNgrams('jon42', model).symbols).toBe(4);
    expect(scoreNgrams('1234', model)).toEqual({ totalLog2: 0, symbols: 0 });
  });

  it('scores each run as its own word', () => {
    const joined = scoreNgrams('anna.jon', model);
    const a = scoreNgrams('anna', model), b = scoreNgrams('jon', model);
    expect(joined.totalLog2).toBeCloseTo(a.totalLog2 + b.totalLog2, 9);
  });
});

describe('digitJoinedLog2', () => {
  it('reads the letters on both sides of digits as one run', () => {
    const joined = digitJoinedLog2('jo42hanna', model);
    expect(joined.letters).toBe(7);
    expect(joined.symbols).toBe(8);
    expect(joined.totalLog2).toBeCloseTo(runLog2('johanna', 0, 7, model), 9);
  });

  it('ends a run at any other character, and leaves out runs of fewer than 2 letters', () => {
    const r = digitJoinedLog2('anna.j7hans_x', model);
    expect(r.letters).toBe(9); // "anna" and "jhans"; "x" alone is left out
    expect(r.totalLog2).toBeCloseTo(runLog2('anna', 0, 4, model) + runLog2('jhans', 0, 5, model), 9);
    expect(digitJoinedLog2('1234', model)).toEqual({ totalLog2: 0, symbols: 0, letters: 0 });
  });
});
