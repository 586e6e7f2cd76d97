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
