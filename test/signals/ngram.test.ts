import { describe, expect, it } from 'vitest';
import { scoreNgrams, trainNgramModel } from '../../src/signals/ngram.ts';

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
