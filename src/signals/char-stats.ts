/** Character statistics of a local part: entropy, year suffix, letter/digit interleaving. Pure. */

/** Places where a letter and a digit touch ("x7k2" has 3). */
export function letterDigitSwitches(body: string): number {
  let switches = 0, prev = 0; // 1 letter, 2 digit, 0 anything else
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    const cls = c >= 97 && c <= 122 ? 1 : c >= 48 && c <= 57 ? 2 : 0;
    if (cls !== 0 && prev !== 0 && cls !== prev) switches++;
    prev = cls;
  }
  return switches;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Where the trailing digits of `body` start (body.length when it ends in none). */
export function trailingYearStart(body: string): number {
  let k = body.length;
  while (k > 0 && isDigit(body.charCodeAt(k - 1))) k--;
  return k;
}

/**
 * Trailing digits read as the birth year a person puts after their name: four digits 1930 to
 * 2005 (adults signing up, up to about 95), or two digits 30 to 99 or 00 to 05. A recent year
 * ("2010" in a 2010 campaign, "2024") is not a birth year: it is what campaigns and generated
 * names append. Needs something before the digits.
 */
export function yearLike(body: string): boolean {
  const k = trailingYearStart(body);
  if (k === 0) return false;
  const digits = body.length - k;
  if (digits === 4) {
    const y = Number(body.slice(k));
    return y >= 1930 && y <= 2005;
  }
  if (digits === 2) {
    const y = Number(body.slice(k));
    return y >= 30 || y <= 5;
  }
  return false;
}

/** Longest run of digits in body[0, end). */
export function digitRunBefore(body: string, end: number): number {
  let run = 0, max = 0;
  for (let i = 0; i < end; i++) {
    if (isDigit(body.charCodeAt(i))) {
      if (++run > max) max = run;
    } else run = 0;
  }
  return max;
}

const asciiCounts = new Int32Array(128);
/** c * log2(c) for the counts a 64-character local part can have. */
const C_LOG2_C = Float64Array.from({ length: 257 }, (_, c) => (c === 0 ? 0 : c * Math.log2(c)));
const cLog2c = (c: number) => (c < C_LOG2_C.length ? C_LOG2_C[c]! : c * Math.log2(c));

/**
 * Shannon entropy in bits per character, as log2(n) - sum(c log2 c) / n over character
 * counts c: one log per call (ASCII counted in a reused array; this runs on every check).
 */
export function entropy(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  let other: Map<number, number> | undefined;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) asciiCounts[c]!++;
    else (other ??= new Map()).set(c, (other.get(c) ?? 0) + 1);
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && asciiCounts[c]! > 0) {
      sum += cLog2c(asciiCounts[c]!);
      asciiCounts[c] = 0; // each distinct character once, and the array is clean for the next call
    }
  }
  if (other) for (const v of other.values()) sum += cLog2c(v);
  return Math.max(0, Math.log2(n) - sum / n);
}
