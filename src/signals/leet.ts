/**
 * Leet readings of a local part: people stylise a word or a name by writing digits for the
 * letters they resemble ("tw1st3r", "k4t1e", "micr0s0ft"), inside a run of letters. A
 * generator puts digits after a name or mixes them at random; the digits of a stylised word
 * sit between its letters, and reading them as letters spells the word. Pure.
 */

/** Digits and the letter each is written for; `1` stands for either i or l. */
const LEET: Readonly<Record<string, readonly string[]>> = {
  '0': ['o'], '1': ['i', 'l'], '3': ['e'], '4': ['a'], '5': ['s'], '7': ['t'], '8': ['b'], '9': ['g'],
};

const isLetter = (c: number): boolean => c >= 97 && c <= 122;
const isLeetDigit = (c: number): boolean => c >= 48 && c <= 57 && c !== 50 && c !== 54; // not 2 or 6

/** Most leet digits in a row read as letters ("l33t", "m1ch43l"); four or more are a number. */
const INSIDE_RUN_MAX = 3;

/**
 * Whether 1 to INSIDE_RUN_MAX leet digits in a row have a letter on each side (a scan: this runs
 * on every check).
 */
function hasInsideLeet(body: string): boolean {
  for (let i = 1; i < body.length - 1; i++) {
    if (!isLetter(body.charCodeAt(i - 1))) continue;
    let j = i;
    while (j < body.length && j - i < INSIDE_RUN_MAX && isLeetDigit(body.charCodeAt(j))) j++;
    if (j > i && j < body.length && isLetter(body.charCodeAt(j))) return true;
  }
  return false;
}

/** 1 to 3 leet digits in a row with a letter on each side. */
const INSIDE = /(?<=[a-z])[01345789]{1,3}(?=[a-z])/g;
/** Up to this many `1`s inside are read each way on its own (2^n readings); more, all i or all l. */
const ONES_EACH_WAY_MAX = 2;

/**
 * The body read with every leet digit inside its letters as its letter: none when there is no
 * such digit; one reading, or, when a `1` is among them, a reading with every `1` as i, one with
 * every `1` as l, and with two of them, each mixed way too ("a13x1s": l then i, alexis). Digits
 * in a row count up to three, as leetspeak writes them ("l33t", "m1ch43l"); digits elsewhere (a
 * number after a name) stay as they are.
 */
export function leetReadings(body: string): string[] {
  if (!hasInsideLeet(body)) return [];
  // A stylised name is letters with digits for some of them, then perhaps a number: a digit
  // left over anywhere else (a leading one, a 2 or a 6 inside, "74g1l6ru") is a generated token's.
  if (/[0-9]/.test(body.replace(INSIDE, '').replace(/[0-9]+$/, ''))) return [];
  const groups = body.match(INSIDE) ?? [];
  let ones = 0;
  for (const g of groups) for (const d of g) if (d === '1') ones++;
  const choices: string[][] = [Array<string>(ones).fill('i'), Array<string>(ones).fill('l')];
  if (ones > 1 && ones <= ONES_EACH_WAY_MAX) {
    for (let mask = 1; mask < (1 << ones) - 1; mask++) choices.push([...Array(ones)].map((_, k) => ((mask >> k) & 1 ? 'l' : 'i')));
  }
  const out: string[] = [];
  for (const choice of choices) {
    let k = 0;
    const reading = body.replace(INSIDE, (g) => [...g].map((d) => (d === '1' ? choice[k++]! : LEET[d]![0]!)).join(''));
    if (reading !== body && !out.includes(reading)) out.push(reading);
  }
  return out;
}

/**
 * Letter pairs written for one letter, as phishing domains and sender names disguise a brand
 * (`rnicrosoft`, `vvalmart`, `helpclesk`): rn for m, vv for w, cl for d (the look-alike pairs of
 * Unicode's confusables data, UTS #39, within ASCII).
 */
const PAIRS: readonly (readonly [string, string])[] = [['rn', 'm'], ['vv', 'w'], ['cl', 'd']];
/** One leet digit that ends a run of 3+ letters and the local part's letters (`paypa1`, `netfl1x` is inside). */
const END_DIGIT = /(?<=[a-z]{3})[01345789](?=[._-]|$)/g;

/** A leet digit after a letter at the body's end or before a separator (a scan: this runs on every check). */
function hasLeetDigitEnd(body: string): boolean {
  for (let i = 1; i < body.length; i++) {
    if (!isLeetDigit(body.charCodeAt(i)) || !isLetter(body.charCodeAt(i - 1))) continue;
    const next = body.charCodeAt(i + 1);
    if (i + 1 === body.length || next === 46 || next === 95 || next === 45) return true;
  }
  return false;
}

/**
 * Look-alike readings of a body: each letter pair above read as its letter (one reading per
 * pair that occurs), and a leet digit that ends a run of letters read as its letter (both
 * readings of `1`). None when the body holds neither. These readings are taken only when they
 * spell more service words than the plain reading (local-part.ts): people's names hold `rn`,
 * `cl` and a final digit all the time ("bernard", "clara", "anna1"), a disguised brand or desk is
 * what the reading must reveal. Pure.
 */
export function lookalikeReadings(body: string): string[] {
  const out: string[] = [];
  for (const [pair, letter] of PAIRS) if (body.includes(pair)) out.push(body.replaceAll(pair, letter));
  END_DIGIT.lastIndex = 0;
  if (hasLeetDigitEnd(body) && END_DIGIT.test(body)) {
    for (const one of LEET['1']!) {
      const r = body.replace(END_DIGIT, (d) => (d === '1' ? one : LEET[d]![0]!));
      if (!out.includes(r)) out.push(r);
    }
  }
  return out;
}
