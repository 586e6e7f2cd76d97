/**
 * Folding a name to the letters local parts use: transliterated to ASCII (`transliteration`:
 * Cyrillic, Greek, Han -> pinyin, Hangul, kana, Latin diacritics), lowercased, split on spaces,
 * hyphens, apostrophes and dots. The name lists were folded so at build time
 * (scripts/name-lists-source.ts); at run time it folds the name a check gives.
 *
 * Pure: `transliteration` loads on the first name folded, not at start (a check that gives the
 * person's name): its tables, every script's letters, cost about 0.3 s of CPU to load on each
 * thread that imports them, and most starts fold nothing.
 */
import { createRequire } from 'node:module';

/** Accept only what is left after folding: ASCII letters. */
const FOLDED = /^[a-z]+$/;

/** Folds one list entry into zero or more ASCII tokens ("Anh Vũ" -> ["anh", "vu"]). */
export function foldNameTokens(entry: string): string[] {
  const ascii = transliterator()(entry.normalize('NFC')).toLowerCase();
  const out: string[] = [];
  for (const part of ascii.split(/[\s\-'’.]+/)) {
    const token = part.replace(/[^a-z]/g, '');
    if (token.length >= 2 && FOLDED.test(token)) out.push(token);
  }
  return out;
}

type Transliterate = (text: string) => string;
let transliterateFn: Transliterate | undefined;

/**
 * `transliteration`, loaded on first use: its tables (every script's letters) cost about 0.3 s of
 * CPU to load, and only a check that gives a name folds text at run time.
 */
function transliterator(): Transliterate {
  return (transliterateFn ??= (createRequire(import.meta.url)('transliteration') as { transliterate: Transliterate }).transliterate);
}
