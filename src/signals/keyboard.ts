/**
 * Keyboard walks ("qwerty", "asdfgh", "zxcv", "poiu", "qazwsx", "1234") and repeated chunks
 * ("abcabc", "xoxoxo", "aaaa"): both are what a person types when they want *any* address,
 * not their own. Pure, allocation-free.
 */

/** QWERTY rows; a walk moves one key along a row, or down/up one row in the same column. */
const ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const ROW_OF = new Int8Array(128).fill(-1);
const COL_OF = new Int8Array(128).fill(-1);
ROWS.forEach((row, r) => {
  for (let c = 0; c < row.length; c++) {
    ROW_OF[row.charCodeAt(c)] = r;
    COL_OF[row.charCodeAt(c)] = c;
  }
});

/** Direction of the step a->b as a small integer, or 0 when it is not a walk step. */
function step(a: number, b: number): number {
  if (a >= 128 || b >= 128) return 0;
  const ra = ROW_OF[a]!, rb = ROW_OF[b]!;
  if (ra < 0 || rb < 0) return 0;
  const dc = COL_OF[b]! - COL_OF[a]!;
  const dr = rb - ra;
  if (dr === 0 && (dc === 1 || dc === -1)) return dc; // along a row: +1 / -1
  if ((dr === 1 || dr === -1) && dc === 0) return 10 * dr; // same column: +10 / -10
  return 0;
}

/**
 * Longest keyboard walk in `s`, in keys, counted only from 4 keys ("qwer") since 3-key runs
 * occur inside ordinary words ("tre", "ert"). A walk keeps one direction; a zig-zag between
 * rows in the same column pair ("qazwsx") counts as consecutive column walks joined.
 */
export function keyboardWalk(s: string): number {
  let best = 1, run = 1, dir = 0;
  for (let i = 1; i < s.length; i++) {
    const d = step(s.charCodeAt(i - 1), s.charCodeAt(i));
    if (d !== 0 && (d === dir || run === 1)) {
      run++;
      dir = d;
    } else if (d !== 0) {
      run = 2;
      dir = d;
    } else {
      run = 1;
      dir = 0;
    }
    if (run > best) best = run;
  }
  const joined = columnZigZag(s);
  const longest = Math.max(best, joined);
  return longest >= 4 ? longest : 0;
}

/** "qazwsx"/"wsxedc": column walks of 3 whose tops step along a row. */
function columnZigZag(s: string): number {
  let best = 0, run = 0;
  for (let i = 0; i + 2 < s.length; ) {
    const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
    const d1 = step(a, b);
    if (d1 !== 0 && Math.abs(d1) === 10 && step(b, c) === d1) {
      const prevTop = i >= 3 ? s.charCodeAt(i - 3) : -1;
      run = run > 0 && prevTop >= 0 && Math.abs(step(prevTop, a)) === 1 ? run + 3 : 3;
      if (run > best) best = run;
      i += 3;
    } else {
      run = 0;
      i++;
    }
  }
  return best >= 6 ? best : 0;
}

/**
 * Letters taking part in immediate repetitions: a character 3+ times in a row ("aaa"), or a
 * chunk of 2..4 characters repeated back to back ("abab", "xyzxyz"). Doubled letters
 * ("anna", "matt") are normal and not counted.
 */
export function repeatedChunks(s: string): number {
  const n = s.length;
  let covered = 0;
  let i = 0;
  while (i < n) {
    let took = 0;
    // single character run of 3+
    let j = i + 1;
    while (j < n && s.charCodeAt(j) === s.charCodeAt(i)) j++;
    if (j - i >= 3) took = j - i;
    // chunk of length k repeated immediately (k = 2..4), possibly several times
    for (let k = 2; k <= 4 && took === 0; k++) {
      let reps = 1;
      while (i + (reps + 1) * k <= n && sameChunk(s, i, i + reps * k, k)) reps++;
      if (reps >= 2 && !uniform(s, i, k)) took = reps * k;
    }
    if (took > 0) {
      covered += took;
      i += took;
    } else {
      i++;
    }
  }
  return covered;
}

function sameChunk(s: string, a: number, b: number, k: number): boolean {
  for (let t = 0; t < k; t++) if (s.charCodeAt(a + t) !== s.charCodeAt(b + t)) return false;
  return true;
}

function uniform(s: string, a: number, k: number): boolean {
  for (let t = 1; t < k; t++) if (s.charCodeAt(a + t) !== s.charCodeAt(a)) return false;
  return true;
}
