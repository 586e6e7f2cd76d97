/**
 * The stem of a numbered inbox (issue 16): its canonical form (local part folded as its provider
 * delivers: canonical.ts) with each run of digits written as one `#`. Inboxes a farm creates in a
 * numbered batch (`annaberg0001`, `annaberg0002`; `mark.hollis17`, `mark.hollis18`) are different
 * inboxes, which nothing else links, but they share this stem: it is what the per-account stem
 * window (streams/aggregations/stem-signups-1h.ts) counts.
 *
 * No stem (undefined) for a local part without a digit (no number to run), or with fewer than
 * STEM_MIN_LETTERS other characters: all-digit mailboxes (`12345@qq.com`) and an initial or an ID
 * prefix and a number (`s1234567`, `emp269424`) are how providers and organisations number
 * everyone, and would share one stem with all their neighbours.
 *
 * Pure.
 */

/** Characters besides digits and separators a stem needs (a name or a word, not an ID prefix). */
export const STEM_MIN_LETTERS = 4;

const SEPARATORS = new Set(['.', '_', '-', '+']);

/** `local@domain` (canonical) -> the numbered stem at its domain, or undefined (see above). */
export function numberedStem(canonical: string): string | undefined {
  const at = canonical.lastIndexOf('@');
  if (at <= 0) return undefined;
  const local = canonical.slice(0, at);
  let stem = '';
  let letters = 0;
  let digits = false;
  let inRun = false;
  for (const ch of local) {
    if (ch >= '0' && ch <= '9') {
      digits = true;
      if (!inRun) stem += '#';
      inRun = true;
      continue;
    }
    inRun = false;
    stem += ch;
    if (!SEPARATORS.has(ch)) letters++;
  }
  if (!digits || letters < STEM_MIN_LETTERS) return undefined;
  return `${stem}${canonical.slice(at)}`;
}
