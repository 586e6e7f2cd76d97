/**
 * Bounded optimal-string-alignment distance (Levenshtein plus adjacent transposition, each
 * edit costing 1), the usual model of keyboard typos. Pure; allocation-free after warm-up.
 */

// Three reusable DP rows. Single-threaded JS makes sharing them safe; they carry no meaning
// between calls (every cell read is written first in the same call).
let rowPrev2 = new Int32Array(64);
let rowPrev = new Int32Array(64);
let rowCur = new Int32Array(64);

function ensure(n: number): void {
  if (rowCur.length >= n) return;
  const size = Math.max(n, rowCur.length * 2);
  rowPrev2 = new Int32Array(size);
  rowPrev = new Int32Array(size);
  rowCur = new Int32Array(size);
}

/**
 * Returns the OSA distance between a and b when it is <= max, otherwise max + 1.
 * Bails out as soon as a whole DP row exceeds max.
 */
export function boundedOsa(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0) return m <= max ? m : max + 1;
  if (m === 0) return n <= max ? n : max + 1;
  ensure(m + 1);
  let p2 = rowPrev2;
  let p1 = rowPrev;
  let cur = rowCur;
  for (let j = 0; j <= m; j++) p1[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min((p1[j] as number) + 1, (cur[j - 1] as number) + 1, (p1[j - 1] as number) + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, (p2[j - 2] as number) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = p2;
    p2 = p1;
    p1 = cur;
    cur = t;
  }
  const d = p1[m] as number;
  return d <= max ? d : max + 1;
}

/**
 * A 32-bit summary of which characters occur in s. One edit changes the set of characters by
 * at most two, so popcount(mask(a) ^ mask(b)) > 2 * k proves distance(a, b) > k.
 */
export function charMask(s: string): number {
  let mask = 0;
  for (let i = 0; i < s.length; i++) mask |= 1 << (s.charCodeAt(i) % 32);
  return mask >>> 0;
}

export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
