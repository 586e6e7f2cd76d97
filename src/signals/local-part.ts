/**
 * How much a local part looks like a person's own name versus a generated or
 * organisational string. Every signal is numeric; the scorecard decides what they weigh.
 *
 * Only the body before the first '+' is analysed (the tag is the user's filing label, not
 * their name). Letters are a-z: the address is already lowercased by the parser; other
 * characters (digits, separators, non-ASCII) split letter runs. Pure.
 */
import { foldNameTokens } from '../data/fold-name.ts';
import { repeatedChunks, keyboardWalk } from './keyboard.ts';
import { classifyShape, type LocalShape, type ShapeChunk } from './local-shape.ts';
import { preferFamilyName, segmentRun, tokenClass, type NameTables, type Piece } from './names.ts';
import { SERVICE } from './token-trie.ts';
import { SERVICE_WORDS } from '../data/service-words.ts';
import { digitJoinedLog2, runLog2, tailLog2 } from './ngram.ts';
import { digitRunBefore, entropy, letterDigitSwitches, trailingYearStart, yearLike } from './char-stats.ts';
import { isRandomTag, plusTag } from './random-tag.ts';
import { hasHonorific } from './honorific.ts';
import { leetReadings, lookalikeReadings } from './leet.ts';
import { institutionTailLetters } from './institution-local.ts';
import { misspeltReadings } from './misspelt.ts';
import { familyNameWithInitials } from './pinyin-initials.ts';
import { LAST } from './token-trie.ts';

export { buildNameTables, type NameTables, type PrebuiltNameTables } from './names.ts';
export { LOCAL_SHAPES, type LocalShape } from './local-shape.ts';

export interface LocalPartSignals {
  /** Characters in the analysed body (before '+'). */
  readonly length: number;
  /** a-z letters in the body. */
  readonly letters: number;
  /** Share of letters covered by given/family names (3+ letters count fully, 2-letter names and initials half), 0..1. */
  readonly nameScore: number;
  /** Share of letters covered by common words, 0..1. */
  readonly wordShare: number;
  /** Share of letters covered by service words ("admin", "helpdesk", "account"), 0..1. */
  readonly serviceShare: number;
  /** Share of letters no dictionary token or initial explains, 0..1. */
  readonly uncoveredShare: number;
  /** Longest run of unexplained letters. */
  readonly uncoveredRunMax: number;
  readonly shape: LocalShape;
  /**
   * Mean log2 probability per letter (and run end) under the name/word 4-gram model, over
   * letter runs of 2+ letters with edge initials left out; 0 when nothing was scored. When
   * digits sit between letters ("wak11pnsjk"), the lower of that figure and the one with the
   * digits left out and the letters around them read as one run (digitJoinedLog2).
   */
  readonly ngramLogLik: number;
  /** Letters that ngramLogLik was computed over. */
  readonly ngramLetters: number;
  /**
   * Mean log2 probability of the last two letters and the end of the last letter run of 6+
   * letters (0 when there is none): random letters appended to a name ("parsonwm") end improbably.
   */
  readonly tailLogLik: number;
  /** Shannon entropy of the body's characters, bits per character. */
  readonly entropy: number;
  readonly digitCount: number;
  readonly digitRunMax: number;
  /** Digits at the end of the body ("anna.berg123" has 3); 0 when it does not end in a digit. */
  readonly trailingDigits: number;
  /** digits / length. */
  readonly digitShare: number;
  /** Body ends in a plausible birth year after letters (1930..2005, or two digits 30..99 or 00..05). */
  readonly yearSuffix: boolean;
  /** Letters in short vowelless runs read as initials ("lzh", "jrr"; see INITIALS_RUN_MAX). */
  readonly initialsLetters: number;
  /** Longest run of digits other than a trailing birth year. */
  readonly digitRunMaxBeyondYear: number;
  /** A `+` tag of random letters and digits (random-tag.ts); the body's signals leave the tag out. */
  readonly randomTag: boolean;
  /** Longest keyboard walk in keys (0 below 4). */
  readonly keyboardWalk: number;
  /** Characters inside immediate repetitions ("abab", "aaa"). */
  readonly repeatedChunks: number;
  /** Vowels (a, e, i, o, u, y) / letters; 0 with no letters. */
  readonly vowelShare: number;
  /** Longest run of consonants. */
  readonly consonantRunMax: number;
  /** Characters outside ASCII. */
  readonly nonAscii: number;
  /** Places where a letter and a digit touch ("x7k2" has 3): people write names then numbers, generators interleave. */
  readonly letterDigitSwitches: number;
  /** Starts with a title ("mr", "dr", "barrister", "prince") before a name: the voice of scam personas. */
  readonly honorific: boolean;
  /** Two or more letter runs joined by one '.', '_' or '-' ("anna.maria.berg", "k_tanaka"), not only by digits. */
  readonly separated: boolean;
}

/** a, e, i, o, u, y by char code (y: "rhythm", "lynn" read as vowels). */
const VOWEL = new Uint8Array(128);
for (const c of 'aeiouy') VOWEL[c.charCodeAt(0)] = 1;
/** '.', '_', '-' by char code. */
const isSeparator = (c: number) => c === 46 || c === 95 || c === 45;
const TAIL_MIN_RUN = 6;
/**
 * A run of 2 to 7 letters without a, e, i, o or u is read as initials, not as spelling: people
 * abbreviate their names ("jrr", "dkw"), and Chinese users write the initials of the pinyin
 * syllables of their name ("lzh" for a three-syllable name, up to 7 for a name and a place).
 * Spelling models (n-grams, odd endings) would call these random. The run still counts as a
 * consonant run, so 5 to 7 initials in a row weigh a little (consonant_cluster).
 */
const INITIALS_RUN_MAX = 7;
/** One or two letters, one number, one or two letters: an ID code, not a token cut by digits. */
const ID_CODE = /^[a-z]{1,2}[0-9]+[a-z]{1,2}$/;

/** a, e, i, o, u by char code (y is a pinyin initial and a consonant in initials). */
const STRICT_VOWEL = new Uint8Array(128);
for (const c of 'aeiou') STRICT_VOWEL[c.charCodeAt(0)] = 1;

function isInitialsRun(s: string, from: number, to: number): boolean {
  if (to - from < 2 || to - from > INITIALS_RUN_MAX) return false;
  for (let k = from; k < to; k++) if (STRICT_VOWEL[s.charCodeAt(k)]) return false;
  return true;
}

/** Share of letters the dictionaries spell: names, words and service words. */
const spelled = (s: LocalPartSignals): number => s.nameScore + s.wordShare + s.serviceShare;
/** A leet reading must spell at least this share of the letters... */
const LEET_SPELLED_MIN = 0.8;
/** ...and this much more than the plain reading: reading digits as letters has to explain something. */
const LEET_SPELLED_GAIN = 0.2;

/**
 * Analyses one local part. `name` (optional) is a display name whose parts count as names.
 * With digits written for letters inside a word ("tw1st3r", "supp0rt": src/signals/leet.ts), the
 * signals are those of the leet reading when it spells the letters: every letter explained, at
 * least 80% by names, words or service words and 20 points more than read plainly, spelled as names
 * and words are (NAME_SPELLING_MAX_BITS). Random letters and digits rarely read as words this way.
 * With look-alike letters (`rn` for m, `vv` for w, `cl` for d, a leet digit ending the letters:
 * `rnicrosoft`, `paypa1`) and letters the plain reading leaves unexplained, the same holds for the
 * look-alike reading, which must also spell 20 points more service words: a disguised brand or desk.
 */
export function localPartSignals(local: string, tables: NameTables, name?: string): LocalPartSignals {
  const body = institutionVoice(bodySignals(local, tables, name), local, tables);
  const tag = plusTag(local);
  return tag !== undefined && isRandomTag(tag, readLocalPart(tag, tables)) ? { ...body, randomTag: true } : body;
}

/**
 * A body that ends in an institution's domain name (`helpdesk.qzu.edu`: institution-local.ts)
 * speaks for the institution with those letters: they count as service letters.
 */
function institutionVoice(s: LocalPartSignals, local: string, tables: NameTables): LocalPartSignals {
  const plus = local.indexOf('+');
  const tail = institutionTailLetters(plus > 0 ? local.slice(0, plus) : local, tables.trie);
  if (tail === 0 || s.letters === 0) return s;
  return { ...s, serviceShare: Math.min(1, s.serviceShare + tail / s.letters) };
}

function bodySignals(local: string, tables: NameTables, name?: string): LocalPartSignals {
  const plain = readLocalPart(local, tables, name);
  const plus = local.indexOf('+');
  const body = plus > 0 ? local.slice(0, plus) : local;
  let best = plain;
  for (const reading of leetReadings(body)) {
    const s = readLocalPart(plus > 0 ? reading + local.slice(plus) : reading, tables, name);
    if (s.uncoveredShare > 0 || -s.ngramLogLik > NAME_SPELLING_MAX_BITS) continue;
    const covered = spelled(s);
    if (covered >= LEET_SPELLED_MIN && covered >= spelled(plain) + LEET_SPELLED_GAIN && covered > spelled(best)) best = s;
  }
  // A leet reading taken says what the digits were; a body the service words cover whole has
  // nothing a look-alike could hide.
  if (best !== plain || plain.serviceShare === 1) return best;
  for (const reading of lookalikeReadings(body)) best = serviceReading(reading, true) ?? best;
  // A misspelt word is read only where a listed form stands (misspelt.ts), not from letters that
  // could be anything: the n-gram test of names' spelling would refuse the service words themselves
  // (`upgrade.team` and `helpdesk` score 4.6-4.7 bits per letter).
  for (const reading of misspeltReadings(body, tables.misspelt)) best = serviceReading(reading, false) ?? best;
  return best;

  /** The reading's signals when it is taken: it explains every letter and reveals service words. */
  function serviceReading(reading: string, spelledAsNames: boolean): LocalPartSignals | undefined {
    if (!serviceWordAtChange(body, reading, tables)) return undefined;
    const s = readLocalPart(plus > 0 ? reading + local.slice(plus) : reading, tables, name);
    if (s.uncoveredShare > 0 || (spelledAsNames && -s.ngramLogLik > NAME_SPELLING_MAX_BITS)) return undefined;
    // Taken only for the service words it reveals: a disguised brand or desk, not a name.
    const taken = spelled(s) >= LEET_SPELLED_MIN && s.serviceShare >= plain.serviceShare + LEET_SPELLED_GAIN && s.serviceShare > best.serviceShare;
    return taken ? s : undefined;
  }
}

/**
 * Whether a service word of the reading spans the first place where it differs from the body
 * (a trie walk from each start before it): the cheap test that keeps a name's `rn` or final
 * digit ("bernard", "anna1") from costing a second reading of the whole local part.
 */
function serviceWordAtChange(body: string, reading: string, tables: NameTables): boolean {
  let at = 0;
  while (at < reading.length && reading.charCodeAt(at) === body.charCodeAt(at)) at++;
  const { children, flags } = tables.trie;
  for (let from = Math.max(0, at - SERVICE_WORD_MAX); from <= at; from++) {
    let node = 0;
    for (let j = from; j < reading.length; j++) {
      const c = reading.charCodeAt(j) - 97;
      if (c < 0 || c >= 26) break;
      node = children[node * 26 + c]!;
      if (node === 0) break;
      if (j >= at && flags[node]! & SERVICE) return true;
    }
  }
  return false;
}
/** How far back the walk above starts: the longest service word. */
const SERVICE_WORD_MAX = Math.max(...SERVICE_WORDS.map((w) => w.length));

function readLocalPart(local: string, tables: NameTables, name?: string): LocalPartSignals {
  const plus = local.indexOf('+');
  const body = plus > 0 ? local.slice(0, plus) : local;
  const extra = name ? foldNameTokens(name) : undefined;
  const n = body.length;

  let letters = 0, digitCount = 0, digitRun = 0, digitRunMax = 0, nonAscii = 0;
  let vowels = 0, consRun = 0, consonantRunMax = 0;
  let ngramLog2 = 0, ngramSymbols = 0, ngramLetters = 0, tailLogLik = 0;
  let nameCredit = 0, wordChars = 0, serviceChars = 0, uncovered = 0, uncoveredRun = 0, uncoveredRunMax = 0;
  let initialsLetters = 0;
  const chunks: ShapeChunk[] = [];
  /** Name credit of each letter run (parallel to chunks), for the family-name position. */
  const runNameCredit: number[] = [];
  const separators: string[] = [];
  let pendingSep = '';
  let sawDigitsBeforeEnd = false;
  let lastDigitRunEnd = -1;
  /** A digit run with a letter right before it, and then a letter right after it. */
  let digitsAfterLetter = false, interiorDigits = false;
  const segmented = segmentRuns(body, tables, extra);
  let run = 0;

  for (let i = 0; i < n; ) {
    const c = body.charCodeAt(i);
    if (c >= 97 && c <= 122) {
      if (digitsAfterLetter && lastDigitRunEnd === i) interiorDigits = true;
      let j = i;
      while (j < n && body.charCodeAt(j) >= 97 && body.charCodeAt(j) <= 122) j++;
      let pieces = segmented[run++]!;
      // A vowelless run the dictionaries spell whole is a name or word ("lynn", "rhythm"), not initials.
      if (isInitialsRun(body, i, j) && pieces.some((p) => p.kind !== 'token')) {
        // Initials: neither spelling to score nor letters left unexplained. Their length still
        // counts as a consonant run: 5 to 7 initials in a row are possible but unusual.
        initialsLetters += j - i;
        if (j - i > consonantRunMax) consonantRunMax = j - i;
        letters += j - i;
        if (chunks.length > 0) separators.push(pendingSep);
        chunks.push({ length: j - i, pieces });
        runNameCredit.push(0);
        pendingSep = '';
        consRun = 0;
        if (lastDigitRunEnd >= 0) sawDigitsBeforeEnd = true;
        digitRun = 0;
        i = j;
        continue;
      }
      // A Chinese family name with a given name's two initials ("zhangxy": pinyin-initials.ts):
      // the name and two initials, not a name with letters appended.
      const family = pieces.some((p) => p.kind === 'junk') ? familyNameWithInitials(body, i, j, tables.trie) : undefined;
      if (family) pieces = familyPieces(i, j, family);
      // Initials at a run's edge ("j" of "jsmith") are not spelling: score the rest only.
      const from = family ? family[0] : pieces[0]?.kind === 'initial' ? pieces[0].end : i;
      const to = family ? family[1] : pieces.length > 1 && pieces[pieces.length - 1]!.kind === 'initial' ? pieces[pieces.length - 1]!.start : j;
      if (family ? to - from >= TAIL_MIN_RUN : j - i >= TAIL_MIN_RUN) tailLogLik = family ? tailLog2(body, from, to, 2, tables.ngram) : tailLog2(body, i, j, 2, tables.ngram);
      if (to - from >= 2) {
        ngramLog2 += runLog2(body, from, to, tables.ngram);
        ngramSymbols += to - from + 1;
        ngramLetters += to - from;
      }
      const creditBefore = nameCredit;
      for (const p of pieces) {
        const len = p.end - p.start;
        if (p.kind === 'junk') {
          uncovered += len;
          uncoveredRun += len;
          if (uncoveredRun > uncoveredRunMax) uncoveredRunMax = uncoveredRun;
          continue;
        }
        uncoveredRun = 0;
        if (p.kind === 'initial') nameCredit += 0.5;
        else {
          const cls = tokenClass(p.flags);
          if (cls === 'name') nameCredit += len >= 3 ? len : len / 2;
          else if (cls === 'word') wordChars += len;
          else serviceChars += len;
        }
      }
      uncoveredRun = 0;
      for (let k = i; k < j; k++) {
        if (VOWEL[body.charCodeAt(k)]) {
          vowels++;
          consRun = 0;
        } else if (++consRun > consonantRunMax) consonantRunMax = consRun;
      }
      letters += j - i;
      if (chunks.length > 0) separators.push(pendingSep);
      chunks.push({ length: j - i, pieces });
      runNameCredit.push(nameCredit - creditBefore);
      pendingSep = '';
      consRun = 0;
      if (lastDigitRunEnd >= 0) sawDigitsBeforeEnd = true;
      digitRun = 0;
      i = j;
      continue;
    }
    consRun = 0;
    if (c >= 48 && c <= 57) {
      if (digitRun === 0) digitsAfterLetter = i > 0 && isLetter(body.charCodeAt(i - 1));
      digitCount++;
      if (++digitRun > digitRunMax) digitRunMax = digitRun;
      lastDigitRunEnd = i + 1;
    } else {
      digitRun = 0;
      if (lastDigitRunEnd >= 0 && lastDigitRunEnd === i) sawDigitsBeforeEnd = true;
      if (c > 127) nonAscii++;
      // One separator between chunks keeps its character; several, or a non-separator, blur it.
      pendingSep = pendingSep === '' && isSeparator(c) ? body[i]! : '?';
    }
    i++;
  }

  nameCredit += familyPositionCredit(body, chunks, separators, runNameCredit, tables);
  let ngramLogLik = ngramSymbols ? ngramLog2 / ngramSymbols : 0;
  let ngramScored = ngramLetters;
  if (interiorDigits && !ID_CODE.test(body)) {
    // Letters around interior digits read as one run, when that spells worse (generated tokens).
    // Not for one or two letters each side of one number ("qp23ct", "zu387yh"): initials around a
    // staff or student number, as organisations write IDs. Joined, 2-4 letters read as noise, while
    // a generator's 8-12 character token rarely has this shape (no digit at either end).
    const joined = digitJoinedLog2(body, tables.ngram);
    const mean = joined.symbols ? joined.totalLog2 / joined.symbols : 0;
    if (mean < ngramLogLik) {
      ngramLogLik = mean;
      ngramScored = joined.letters;
    }
  }
  const trailingDigits = lastDigitRunEnd === n && digitCount > 0;
  const allDigits = digitCount === n && n > 0;
  const yearSuffix = trailingDigits && !allDigits && yearLike(body);
  const shape = classifyShape(chunks, separators, trailingDigits, sawDigitsBeforeEnd && !allDigits, allDigits);

  return {
    length: n,
    letters,
    nameScore: letters ? Math.min(1, nameCredit / letters) : 0,
    wordShare: letters ? wordChars / letters : 0,
    serviceShare: letters ? serviceChars / letters : 0,
    uncoveredShare: letters ? uncovered / letters : 0,
    uncoveredRunMax,
    shape,
    ngramLogLik,
    ngramLetters: ngramScored,
    tailLogLik,
    entropy: entropy(body),
    digitCount,
    digitRunMax,
    trailingDigits: trailingDigits ? digitRun : 0,
    digitShare: n ? digitCount / n : 0,
    yearSuffix,
    initialsLetters,
    digitRunMaxBeyondYear: yearSuffix ? digitRunBefore(body, trailingYearStart(body)) : digitRunMax,
    keyboardWalk: keyboardWalk(body),
    repeatedChunks: repeatedChunks(body),
    vowelShare: letters ? vowels / letters : 0,
    consonantRunMax,
    nonAscii,
    honorific: hasHonorific(body, tables),
    letterDigitSwitches: letterDigitSwitches(body),
    randomTag: false,
    separated: separators.some((sep) => sep !== '' && sep !== '?'),
  };
}

const isLetter = (c: number): boolean => c >= 97 && c <= 122;

/** The pieces of a run read as a family name beside two initials (familyNameWithInitials). */
function familyPieces(start: number, end: number, [from, to]: readonly [number, number]): Piece[] {
  const family: Piece = { kind: 'token', flags: LAST, start: from, end: to };
  const initials = from === start ? [to, to + 1] : [start, start + 1];
  const [a, b] = initials.map((at): Piece => ({ kind: 'initial', flags: 0, start: at, end: at + 1 }));
  return from === start ? [family, a!, b!] : [a!, b!, family];
}

/** Every a-z run of the body segmented, in order, with a family name's slot read as one (preferFamilyName). */
function segmentRuns(body: string, tables: NameTables, extra: readonly string[] | undefined): readonly (readonly Piece[])[] {
  const runs: Piece[][] = [];
  for (let i = 0; i < body.length; ) {
    if (!isLetter(body.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i;
    while (j < body.length && isLetter(body.charCodeAt(j))) j++;
    runs.push(segmentRun(body, i, j, tables.trie, extra, tables.surnameEndings));
    i = j;
  }
  return preferFamilyName(body, runs, tables);
}

/**
 * Bits per letter (and run end) at which spelling stops reading as a name: the same point at
 * which `ngram_surprise` starts to count (docs/scorecard.md §2).
 */
export const NAME_SPELLING_MAX_BITS = 4.5;
/** The family-name position takes a part of 3+ letters (shorter ones are initials or chance). */
const FAMILY_PART_MIN = 3;

/**
 * Name credit for the last part of a separated name ("anna.kowalczyk", "j.m.okonkwo") that no
 * list holds. In a local part of two or three letter runs joined by '.', '_' or '-', where every
 * run before the last is wholly a name or one initial, the last run stands where a family name
 * stands; when it is spelled as names are spelled (under the n-gram of the name lists alone,
 * no more than NAME_SPELLING_MAX_BITS per symbol) its letters count as name letters, as a listed
 * family name's would. A generated tail ("anna.xkqvwz") spells far worse, and so does a run of
 * service words ("support"). Family names are the long tail no list covers, so this is where lists
 * fall short first. Returns the extra credit (letters of the last run not yet credited as name).
 */
export function familyPositionCredit(
  body: string,
  chunks: readonly ShapeChunk[],
  separators: readonly string[],
  runNameCredit: readonly number[],
  tables: NameTables,
): number {
  const k = chunks.length;
  if (k < 2 || k > 3) return 0;
  for (const sep of separators) if (sep !== '.' && sep !== '_' && sep !== '-') return 0;
  for (let r = 0; r < k - 1; r++) {
    const c = chunks[r]!;
    if (c.length !== 1 && runNameCredit[r]! < c.length) return 0;
  }
  const last = chunks[k - 1]!;
  const missing = last.length - runNameCredit[k - 1]!;
  if (last.length < FAMILY_PART_MIN || missing <= 0) return 0;
  // A service word ("anna.support") speaks for an organisation, never as a family name.
  if (last.pieces.some((x) => x.kind === 'token' && tokenClass(x.flags) === 'service')) return 0;
  const start = last.pieces[0]!.start;
  // A vowelless run read as initials ("anna.jrr") is not a family name.
  if (isInitialsRun(body, start, start + last.length) && last.pieces.some((p) => p.kind !== 'token')) return 0;
  // Spelled as the spelling columns read it: initials at the run's edges left out ("okonkwoj").
  const p = last.pieces;
  const from = p[0]!.kind === 'initial' ? p[0]!.end : start;
  const to = p.length > 1 && p[p.length - 1]!.kind === 'initial' ? p[p.length - 1]!.start : start + last.length;
  if (to - from < 2) return 0;
  const bits = -runLog2(body, from, to, tables.nameNgram) / (to - from + 1);
  return bits <= NAME_SPELLING_MAX_BITS ? missing : 0;
}

