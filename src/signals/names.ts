/**
 * Name tables and dictionary segmentation of a local part's letter runs.
 *
 * Segmentation finds the cheapest cover of each a-z run by dictionary tokens (given names,
 * family names, common words, service words), single-letter initials at the run's edges,
 * and uncovered letters. Costs favour few long tokens, so a real name ("pietervandenberg")
 * is covered end to end while a generated string ("zqvkfpwxbt") stays mostly uncovered even
 * though short names occur in it by chance. Pure; tables are built once at start.
 */
import { createHash } from 'node:crypto';
import { loadNameLists } from '../data/name-lists.ts';
import { ROLE_ACCOUNT_LOCAL_PARTS } from '../data/role-accounts.ts';
import { SERVICE_WORDS } from '../data/service-words.ts';
import { SURNAME_ENDINGS } from '../data/surname-endings.ts';
import { buildMisspeltTables, type MisspeltTables } from './misspelt.ts';
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
  /**
   * Service words (and their plurals) that are also listed family names and are not a mailbox of
   * their own on the role-account lists (officer, winner, banks, billings, chambers; not billing,
   * service, staff, board):
   * next to a given name they are read as the family name (preferFamilyName).
   */
  readonly familyServiceWords: ReadonlySet<string>;
  /** Long service words written with one slip (`paymnt`, `wbemaster`): misspelt.ts. */
  readonly misspelt: MisspeltTables;
  /** nameTablesKey of the lists the trie and the n-gram models were built from. */
  readonly key: string;
}

/**
 * The trie and the two n-gram models as computed at build time (scripts/generate-name-tables.ts,
 * names-prebuilt.ts), for the lists whose key they carry.
 */
export interface PrebuiltNameTables {
  readonly key: string;
  readonly trie: TokenTrie;
  readonly ngram: NgramModel;
  readonly nameNgram: NgramModel;
}

/**
 * Bump when the trie or the n-gram models are computed differently from the same lists: the key
 * changes, so tables prebuilt by the former code are no longer used.
 * (test/signals/names-prebuilt.test.ts also fails when the build's tables and the code disagree.)
 */
const NAME_TABLES_FORMAT = 1;

/** What identifies the inputs of the trie and the n-gram models: the lists, in order, with their flags. */
export function nameTablesKey(lists: ReadonlyArray<readonly [flag: number, tokens: readonly string[]]>): string {
  const hash = createHash('sha256').update(`mailsift name tables ${NAME_TABLES_FORMAT}\n`);
  for (const [flag, tokens] of lists) hash.update(`${flag}:${tokens.join(' ')}\n`);
  return hash.digest('hex');
}

/**
 * Builds the dictionaries and the n-gram models (about 0.3 s of CPU; call once per process).
 * With `prebuilt` tables made from the same lists (same key), takes their trie and models instead
 * of building them (a few ms); tables made from other lists are ignored.
 */
export function buildNameTables(prebuilt?: PrebuiltNameTables): NameTables {
  const lists = loadNameLists();
  // US family names that hold a service word's letters (Banks, Officer, Webster, Stafford): as
  // family names they outrank a service reading that would otherwise cut the name.
  const us = lists.usLast;
  // A family name that is a service word's plural (Banks, Billings, Centers) is that word too:
  // alone or beside other service words it keeps the service reading ("admin.centers").
  const services = new Set(SERVICE_WORDS);
  const plurals = us.filter((n) => n.endsWith('s') && services.has(n.slice(0, -1)));
  const trieLists = [
    [FIRST, lists.first],
    [LAST, lists.last],
    [LAST, us],
    [WORD, lists.words],
    [SERVICE, SERVICE_WORDS],
    [SERVICE, plurals],
  ] as const;
  const key = nameTablesKey(trieLists);
  const built = prebuilt?.key === key ? prebuilt : undefined;
  const trie = built?.trie ?? buildTokenTrie(trieLists);
  const ngram = built?.ngram ?? trainNgramModel([...lists.first, ...lists.last, ...lists.words]);
  const nameNgram = built?.nameNgram ?? trainNgramModel([...lists.first, ...lists.last]);
  const last = new Set([...lists.last, ...us]);
  const roles = new Set(ROLE_ACCOUNT_LOCAL_PARTS);
  const familyServiceWords = new Set([...SERVICE_WORDS, ...plurals].filter((w) => last.has(w) && !roles.has(w)));
  return { trie, surnameEndings: buildTokenTrie([[LAST, SURNAME_ENDINGS]]), ngram, nameNgram, familyServiceWords, misspelt: buildMisspeltTables(trie), key };
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

/** A given name that is not itself a service word ("anna", not "admin"). */
const isGiven = (p: Piece): boolean => p.kind === 'token' && (p.flags & FIRST) !== 0 && (p.flags & SERVICE) === 0;

/** A run of one letter: an initial ("j" of "j.officer"). */
const isLetterRun = (run: readonly Piece[]): boolean => run.length === 1 && run[0]!.end - run[0]!.start === 1;
/** A run that is one given name ("emma"), or one letter. */
const isGivenRun = (run: readonly Piece[]): boolean => isLetterRun(run) || (run.length === 1 && isGiven(run[0]!));

/**
 * The family-name reading of a service word, in the slot a family name stands in. When a local
 * part reads as given names or initials and, last or first, one service word that is also a
 * listed family name (familyServiceWords: "emma.officer", "sarahwinner", "j.chambers",
 * "winner.sarah"), that word is the person's family name, and its piece loses the service flag
 * (so it counts as a name everywhere: name credit, shape, family position). The other runs must
 * each be one given name or one letter, and the family word's own run may hold one given name
 * or initial beside it ("emmaofficer", "jofficer"): "officer" alone, "claims.officer",
 * "officer.desk", "dhl.center" and "trackingcenter" (trac + king + center: two names glued
 * before it) keep the service reading, and so do desk words that are role mailboxes
 * ("anna.billing", "john.staff"): the role-account lists hold them as a function's own mailbox.
 * Family names first ("winner.sarah") need a given name after them, not only an initial.
 * Returns the same arrays when nothing changes. Pure.
 */
export function preferFamilyName(body: string, runs: readonly (readonly Piece[])[], tables: NameTables): readonly (readonly Piece[])[] {
  const n = runs.length;
  if (n === 0) return runs;
  const isFamilyWord = (p: Piece | undefined) =>
    p !== undefined && p.kind === 'token' && (p.flags & SERVICE) !== 0 && tables.familyServiceWords.has(body.slice(p.start, p.end));
  const lastRun = runs[n - 1]!;
  const firstRun = runs[0]!;
  let family: Piece;
  if (isFamilyWord(lastRun[lastRun.length - 1])) {
    family = lastRun[lastRun.length - 1]!;
    const before = lastRun[0]!;
    if (lastRun.length > 2 || (lastRun.length === 2 && !isGiven(before) && before.kind !== 'initial')) return runs;
    if (lastRun.length === 1 && n === 1) return runs;
    for (let r = 0; r < n - 1; r++) if (!isGivenRun(runs[r]!)) return runs;
  } else if (isFamilyWord(firstRun[0])) {
    family = firstRun[0]!;
    if (firstRun.length > 2 || (firstRun.length === 2 && !isGiven(firstRun[1]!))) return runs;
    let given = firstRun.length === 2;
    for (let r = 1; r < n; r++) {
      if (!isGivenRun(runs[r]!)) return runs;
      if (!isLetterRun(runs[r]!)) given = true;
    }
    if (!given) return runs;
  } else return runs;
  return runs.map((r) => (r.includes(family) ? r.map((p) => (p === family ? { ...p, flags: (p.flags & ~SERVICE) | LAST } : p)) : r));
}
