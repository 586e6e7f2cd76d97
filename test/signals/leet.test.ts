import { describe, expect, it } from 'vitest';
import { leetReadings, lookalikeReadings } from '../../src/signals/leet.ts';

describe('leetReadings', () => {
  it.each([
    ['tw1st3r', ['twister', 'twlster']],
    ['micr0s0ft', ['microsoft']],
    ['k4t1e.smith', ['katie.smith', 'katle.smith']],
    ['supp0rt.desk', ['support.desk']],
    ['h4x0r', ['haxor']],
    ['b3n7ley', ['bentley']],
    ['l33t', ['leet']], // digits in a row, as leetspeak writes them
    ['m1ch43l', ['michael', 'mlchael']],
    ['l30n0ra.berg77', ['leonora.berg77']], // a number after the stylised name stays a number
    ['a13x1s92', ['aiexis92', 'alexls92', 'alexis92', 'aiexls92']], // two 1s: each read both ways
    ['b1l1i1e', ['biliiie', 'blllile']], // three 1s: all i or all l only
  ])('%s reads as %j', (body, readings) => {
    expect(leetReadings(body)).toEqual(readings);
  });

  it.each([
    'anna.berg84', // a number after a name
    '4anna', // before
    'anna.84.berg', // between separators, not inside a word
    'ab2cd', // 2 and 6 stand for no letter
    'ab6cd',
    'ab1234cd', // four digits in a row are a number
    'x7k2p9q4', // a 2 left between letters: a generated token, not a stylised word
    '74g1l6ru', // digits before the letters, and a 6 inside
    '1pc4n3dd',
    'annaberg',
    '12345678',
    '',
  ])('%s has no leet reading', (body) => {
    expect(leetReadings(body)).toEqual([]);
  });
});

describe('lookalikeReadings', () => {
  it.each([
    ['rnicrosoft', ['microsoft']],
    ['vvalmart.billing', ['walmart.billing']],
    ['helpclesk', ['helpdesk']],
    ['paypa1', ['paypai', 'paypal']],
    ['paypa1.support', ['paypai.support', 'paypal.support']],
    ['netflix5', ['netflixs']],
    ['bernard.clark', ['bemard.clark', 'bernard.dark']], // names hold the pairs: local-part.ts takes such a reading only for service words
  ])('%s reads as %j', (body, readings) => {
    expect(lookalikeReadings(body)).toEqual(readings);
  });

  it.each([
    'anna.berg84', // a number after a name: not one digit ending the letters
    'an1', // fewer than 3 letters before the digit
    'ab2', // 2 stands for no letter
    'annaberg',
    '12345678',
    '',
  ])('%s has no look-alike reading', (body) => {
    expect(lookalikeReadings(body)).toEqual([]);
  });
});
