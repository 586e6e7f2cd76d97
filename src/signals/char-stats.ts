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

/** Trailing digits read as a year a person would put in their address. */
export function yearLike(body: string): boolean {
  let k = body.length;
  while (k > 0 && body.charCodeAt(k - 1) >= 48 && body.charCodeAt(k - 1) <= 57) k--;
  const digits = body.slice(k);
  if (k === 0) return false;
  if (digits.length === 4) {
    const y = Number(digits);
    return y >= 1940 && y <= 2015;
  }
  if (digits.length === 2) return Number(digits) >= 40;
  return false;
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
