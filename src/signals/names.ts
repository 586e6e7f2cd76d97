/**
 * Name tables and dictionary segmentation of a local part's letter runs.
 *
 * Segmentation finds the cheapest cover of each a-z run by dictionary tokens (given names,
 * family names, common words, service words), single-letter initials at the run's edges,
 * and uncovered letters. Costs favour few long tokens, so a real name ("pietervandenberg")
 * is covered end to end while a generated string ("zqvkfpwxbt") stays mostly uncovered even
 * though short names occur in it by chance. Pure; tables are built once at start.
 */
import { loadNameLists } from '../data/name-lists.ts';
import { SERVICE_WORDS } from '../data/service-words.ts';
import { SURNAME_ENDINGS } from '../data/surname-endings.ts';
import { trainNgramModel, type NgramModel } from './ngram.ts';
import { buildTokenTrie, FIRST, LAST, NAME, SERVICE, WORD, type TokenTrie } from './token-trie.ts';

export interface NameTables {
  readonly trie: TokenTrie;
  /** Endings that make a family name of a listed given name (Olafsdottir, Petrosyan). */
  readonly surnameEndings: TokenTrie;
  /** How names and words are spelled (the spelling columns). */
  readonly ngram: NgramModel;
  /** How names alone are spelled (given and family names, no words): the family-name position. */
  readonly nameNgram: NgramModel;
}

/** Builds the dictionaries and the n-gram models (about 0.5 s; call once per process). */
export function buildNameTables(): NameTables {
  const lists = loadNameLists();
  const trie = buildTokenTrie([
    [FIRST, lists.first],
    [LAST, lists.last],
    [WORD, lists.words],
    [SERVICE, SERVICE_WORDS],
  ]);
  const ngram = trainNgramModel([...lists.first, ...lists.last, ...lists.words]);
  const nameNgram = trainNgramModel([...lists.first, ...lists.last]);
  return { trie, surnameEndings: buildTokenTrie([[LAST, SURNAME_ENDINGS]]), ngram, nameNgram };
}

/** One piece of a segmented run: a dictionary token, an initial, or one uncovered letter. */
export type PieceKind = 'token' | 'initial' | 'junk';
export interface Piece {
  readonly kind: PieceKind;
  /** Token flags (FIRST/LAST/WORD/SERVICE); 0 for initials and junk. */
  readonly flags: number;
  readonly start: number;
  readonly end: number;
}

const UNCOVERED_COST = 1;
const TOKEN_COST = 0.25;
/** Two-letter tokens ("li", "bo", "an") are common by chance: nearly not worth taking. */
const SHORT_TOKEN_EXTRA = 1.0;
const INITIAL_COST = 0.7;
const MAX_RUN = 256;
/** Shortest given name an ending may follow: two letters ("al", "jo") plus an ending is chance. */
const DERIVED_STEM_MIN = 3;

// Scratch buffers reused across calls (pure functions, single-threaded JS: no sharing issue).
const cost = new Float64Array(MAX_RUN + 1);
const backStart = new Int32Array(MAX_RUN + 1);
const backKind = new Int8Array(MAX_RUN + 1); // 0 junk, 1 token, 2 initial
const backFlags = new Uint8Array(MAX_RUN + 1);
const stemEnds = new Int32Array(MAX_RUN + 1);

/**
 * Segments s[start, end) (all a-z) into pieces. `extra` are extra name tokens for this
 * call only (e.g. from a display name), matched as given names. With `endings`, a listed given
 * name of 3+ letters followed by one of them is also a token, a family name ("olaf" +
 * "sdottir"), as if the lists held it.
 */
export function segmentRun(s: string, start: number, end: number, trie: TokenTrie, extra?: readonly string[], endings?: TokenTrie): Piece[] {
  const n = Math.min(end - start, MAX_RUN);
  cost[0] = 0;
  for (let i = 1; i <= n; i++) cost[i] = Infinity;
  const { children, flags } = trie;
  for (let i = 0; i < n; i++) {
    const base = cost[i]!;
    if (base === Infinity) continue;
    relax(i + 1, base + UNCOVERED_COST, i, 0, 0);
    if (n >= 3 && (i === 0 || i === n - 1)) relax(i + 1, base + INITIAL_COST, i, 2, 0);
    let node = 0;
    let stems = 0;
    for (let j = i; j < n; j++) {
      node = children[node * 26 + (s.charCodeAt(start + j) - 97)]!;
      if (node === 0) break;
      const f = flags[node]!;
      const len = j - i + 1;
      if (f !== 0 && len >= 2) relax(j + 1, base + TOKEN_COST + (len === 2 ? SHORT_TOKEN_EXTRA : 0), i, 1, f);
      if (f & FIRST && len >= DERIVED_STEM_MIN) stemEnds[stems++] = j + 1;
    }
    // After the listed tokens from i, so a derived name the lists also hold keeps their flags too.
    if (endings) for (let k = 0; k < stems; k++) relaxDerived(s, start, i, stemEnds[k]!, n, base + TOKEN_COST, endings);
    if (extra) {
      for (const t of extra) {
        if (t.length >= 2 && i + t.length <= n && s.startsWith(t, start + i)) {
          relax(i + t.length, base + TOKEN_COST, i, 1, FIRST);
        }
      }
    }
  }
  const pieces: Piece[] = [];
  for (let i = n; i > 0; ) {
    const from = backStart[i]!;
    const k = backKind[i]!;
    pieces.push({ kind: k === 1 ? 'token' : k === 2 ? 'initial' : 'junk', flags: backFlags[i]!, start: start + from, end: start + i });
    i = from;
  }
  return pieces.reverse();
}

/** Relaxes every given name s[from, at) + ending s[at, k) as one family-name token. */
function relaxDerived(s: string, start: number, from: number, at: number, n: number, c: number, endings: TokenTrie): void {
  const { children, flags } = endings;
  let node = 0;
  for (let k = at; k < n; k++) {
    node = children[node * 26 + (s.charCodeAt(start + k) - 97)]!;
    if (node === 0) return;
    if (flags[node] === 0) continue;
    if (c === cost[k + 1] && backKind[k + 1] === 1 && backStart[k + 1] === from) backFlags[k + 1] = backFlags[k + 1]! | LAST;
    else relax(k + 1, c, from, 1, LAST);
  }
}

function relax(to: number, c: number, from: number, kind: number, f: number): void {
  // Ties keep the earlier (longer-token-first is explored in order of start, so fewer pieces win).
  if (c < cost[to]!) {
    cost[to] = c;
    backStart[to] = from;
    backKind[to] = kind;
    backFlags[to] = f;
  }
}

/** Which class a token counts for when it has several flags: service beats name beats word. */
export function tokenClass(flags: number): 'service' | 'name' | 'word' {
  if (flags & SERVICE) return 'service';
  if (flags & NAME) return 'name';
  return 'word';
}
