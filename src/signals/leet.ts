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

/** Whether a leet digit has a letter on each side (a scan: this runs on every check). */
function hasInsideLeet(body: string): boolean {
  for (let i = 1; i < body.length - 1; i++) {
    if (isLeetDigit(body.charCodeAt(i)) && isLetter(body.charCodeAt(i - 1)) && isLetter(body.charCodeAt(i + 1))) return true;
  }
  return false;
}

/** A leet digit with a letter on each side. */
const INSIDE = /(?<=[a-z])[01345789](?=[a-z])/g;

/**
 * The body read with every leet digit between two letters as its letter: none when there is no
 * such digit, one reading, or two when a `1` is among them (all i, all l). Digits elsewhere
 * (a number after a name) stay as they are.
 */
export function leetReadings(body: string): string[] {
  if (!hasInsideLeet(body)) return [];
  const readings = LEET['1']!.map((one) => body.replace(INSIDE, (d) => (d === '1' ? one : LEET[d]![0]!)));
  if (readings[0] === body) return [];
  return readings[0] === readings[1] ? [readings[0]!] : readings;
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
