/**
 * Character 4-gram model of "how a name or word is spelled", used to tell pronounceable
 * local parts from generated strings. Trained once at start on the name and word lists
 * (never on labelled addresses), with interpolated Witten-Bell smoothing, then frozen into
 * a dense table of log2 probabilities so scoring a string is a few array reads per letter.
 *
 * Alphabet: 0 = word boundary, 1..26 = a..z. Anything else splits a string into chunks.
 * Pure.
 */

const SYMBOLS = 27;
const ORDER = 4;
const TABLE_SIZE = SYMBOLS ** ORDER; // 531,441 log-probs

export interface NgramModel {
  readonly order: number;
  /** log2 P(c | h1 h2 h3) at index ((h1*27 + h2)*27 + h3)*27 + c. */
  readonly logProb: Float32Array;
}

/** Bits-per-symbol summary of one string. `symbols` counts predicted letters plus chunk ends. */
export interface NgramScore {
  readonly totalLog2: number;
  readonly symbols: number;
}

function code(ch: number): number {
  return ch >= 97 && ch <= 122 ? ch - 96 : -1;
}

/** Counts of every context length 0..3 followed by a symbol, as dense arrays. */
function countGrams(tokens: readonly string[]): Float64Array[] {
  const counts = [1, 2, 3, 4].map((n) => new Float64Array(SYMBOLS ** n));
  for (const token of tokens) {
    let h1 = 0, h2 = 0, h3 = 0;
    const len = token.length;
    for (let i = 0; i <= len; i++) {
      const c = i < len ? code(token.charCodeAt(i)) : 0;
      if (c < 0) break; // lists are pre-folded; defensive only
      counts[0]![c]! += 1;
      counts[1]![h3 * SYMBOLS + c]! += 1;
      counts[2]![(h2 * SYMBOLS + h3) * SYMBOLS + c]! += 1;
      counts[3]![((h1 * SYMBOLS + h2) * SYMBOLS + h3) * SYMBOLS + c]! += 1;
      h1 = h2; h2 = h3; h3 = c;
    }
  }
  return counts;
}

/**
 * Witten-Bell interpolation, bottom-up: level n's probability for (history, c) mixes the
 * ML estimate with level n-1, weighted by how many distinct symbols followed the history.
 */
function smooth(counts: Float64Array[]): Float64Array {
  let lower = new Float64Array(SYMBOLS);
  {
    const uni = counts[0]!;
    let total = 0;
    for (let c = 0; c < SYMBOLS; c++) total += uni[c]!;
    for (let c = 0; c < SYMBOLS; c++) lower[c] = (uni[c]! + 1) / (total + SYMBOLS); // add-one floor
  }
  for (let n = 1; n < ORDER; n++) {
    const table = counts[n]!;
    const histories = SYMBOLS ** n;
    const next = new Float64Array(histories * SYMBOLS);
    const lowerHistories = SYMBOLS ** (n - 1);
    for (let h = 0; h < histories; h++) {
      let total = 0, distinct = 0;
      for (let c = 0; c < SYMBOLS; c++) {
        const v = table[h * SYMBOLS + c]!;
        total += v;
        if (v > 0) distinct++;
      }
      const lh = h % lowerHistories; // drop the oldest symbol
      for (let c = 0; c < SYMBOLS; c++) {
        const back = lower[lh * SYMBOLS + c]!;
        next[h * SYMBOLS + c] = total === 0 ? back : (table[h * SYMBOLS + c]! + distinct * back) / (total + distinct);
      }
    }
    lower = next;
  }
  return lower;
}

/** Trains the model on folded tokens (ASCII a-z). */
export function trainNgramModel(tokens: readonly string[]): NgramModel {
  const probs = smooth(countGrams(tokens));
  const logProb = new Float32Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) logProb[i] = Math.log2(probs[i]!);
  return { order: ORDER, logProb };
}

/**
 * Scores the a-z runs of `s` (already lowercased). Each run is scored as a word:
 * every letter given the three before it (boundary-padded) plus the end of the run.
 */
export function scoreNgrams(s: string, model: NgramModel): NgramScore {
  let total = 0, symbols = 0;
  for (let i = 0; i < s.length; ) {
    if (code(s.charCodeAt(i)) <= 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < s.length && code(s.charCodeAt(j)) > 0) j++;
    total += runLog2(s, i, j, model);
    symbols += j - i + 1;
    i = j;
  }
  return { totalLog2: total, symbols };
}

/** log2 probability of s[start, end) (all a-z) as one word, end symbol included: end - start + 1 symbols. */
export function runLog2(s: string, start: number, end: number, model: NgramModel): number {
  const lp = model.logProb;
  let total = 0, h1 = 0, h2 = 0, h3 = 0;
  for (let i = start; i < end; i++) {
    const c = code(s.charCodeAt(i));
    total += lp[((h1 * SYMBOLS + h2) * SYMBOLS + h3) * SYMBOLS + c]!;
    h1 = h2; h2 = h3; h3 = c;
  }
  return total + lp[((h1 * SYMBOLS + h2) * SYMBOLS + h3) * SYMBOLS]!;
}

/**
 * Mean log2 probability of the last `k` letters of s[start, end) and the run end, in
 * context. Bots make names unique by appending a few random letters ("parsonwm"); such
 * endings are improbable even when the rest of the run reads like a name.
 */
export function tailLog2(s: string, start: number, end: number, k: number, model: NgramModel): number {
  const lp = model.logProb;
  let total = 0, h1 = 0, h2 = 0, h3 = 0;
  const from = Math.max(start, end - k);
  for (let i = start; i < end; i++) {
    const c = code(s.charCodeAt(i));
    if (i >= from) total += lp[((h1 * SYMBOLS + h2) * SYMBOLS + h3) * SYMBOLS + c]!;
    h1 = h2; h2 = h3; h3 = c;
  }
  total += lp[((h1 * SYMBOLS + h2) * SYMBOLS + h3) * SYMBOLS]!;
  return total / (end - from + 1);
}

/**
 * Like scoring each letter run with runLog2, except that digits between letters do not end a
 * run: "wak11pnsjk" is scored as "wakpnsjk". A generator that draws from letters and digits
 * scatters digits through a random string, which cuts it into short runs that each look
 * harmless; joined again, its letters are as improbable as they are. Runs of fewer than 2
 * letters are left out, as in the per-run score. Other characters end a run.
 */
export function digitJoinedLog2(s: string, model: NgramModel): NgramScore & { readonly letters: number } {
  const lp = model.logProb;
  let total = 0, symbols = 0, letters = 0;
  let run = 0, runLetters = 0, h1 = 0, h2 = 0, h3 = 0;
  for (let i = 0; i <= s.length; i++) {
    const ch = i < s.length ? s.charCodeAt(i) : 0;
    if (ch >= 97 && ch <= 122) {
      const c = ch - 96;
      run += lp[((h1 * SYMBOLS + h2) * SYMBOLS + h3) * SYMBOLS + c]!;
      runLetters++;
      h1 = h2; h2 = h3; h3 = c;
    } else if (ch < 48 || ch > 57) {
      // Any other character, or the end of the string, ends the run.
      if (runLetters >= 2) {
        total += run + lp[((h1 * SYMBOLS + h2) * SYMBOLS + h3) * SYMBOLS]!;
        symbols += runLetters + 1;
        letters += runLetters;
      }
      run = 0; runLetters = 0; h1 = 0; h2 = 0; h3 = 0;
    }
  }
  return { totalLog2: total, symbols, letters };
}
