/**
 * Did-you-mean for mistyped mail domains (gmial.com, hotmail.con, yahoo.cm). Pure and fast:
 * known domains return at once, candidates are pre-split and pre-masked, and the edit-distance
 * check only runs on candidates that pass length and character-set filters.
 * Policy and its reasons: docs/signals-policy.md ("Typo suggestions").
 */
import { parse } from 'tldts';
import { boundedOsa, charMask, popcount } from './edit-distance.ts';

/** A suggestion target, pre-split and pre-masked at build time. */
export interface TypoCandidate {
  readonly domain: string;
  /** First label, the brand: "gmail" of gmail.com, "yahoo" of yahoo.co.uk. */
  readonly brand: string;
  /** Everything after the brand: "com", "co.uk". */
  readonly suffix: string;
  readonly mask: number;
  /** Position in the target list: lower is more popular. */
  readonly rank: number;
}

export interface TypoIndex {
  /** Domains that are real and never get a suggestion (targets, real near-neighbours, relays). */
  readonly known: ReadonlySet<string>;
  /** Suggestion targets in popularity order (earlier wins a tie). */
  readonly candidates: readonly TypoCandidate[];
  /** Candidates bucketed by domain length, each bucket in popularity order. */
  readonly byLength: readonly (readonly TypoCandidate[])[];
}

/** At most this many edits in total between the typed domain and the suggestion. */
const MAX_TOTAL = 2;
/** TLDs an unknown last label is repaired to, in preference order (mailcheck-style). */
const REPAIR_TLDS = ['com', 'net', 'org'] as const;

export function buildTypoIndex(targets: Iterable<string>, alsoKnown: Iterable<string>): TypoIndex {
  const known = new Set<string>(alsoKnown);
  const candidates: TypoCandidate[] = [];
  for (const domain of targets) {
    if (candidates.some((c) => c.domain === domain)) continue;
    known.add(domain);
    const dot = domain.indexOf('.');
    candidates.push({ domain, brand: domain.slice(0, dot), suffix: domain.slice(dot + 1), mask: charMask(domain), rank: candidates.length });
  }
  const byLength: TypoCandidate[][] = [];
  for (const c of candidates) (byLength[c.domain.length] ??= []).push(c);
  for (let i = 0; i < byLength.length; i++) byLength[i] ??= [];
  return { known, candidates, byLength };
}

/**
 * How many edits the brand label may take: none for 1-3 letters (aol, gmx, qq: any edit lands on
 * another real name), one for 4 letters, two for 5+ letters only when the first letter is right
 * and the length is the same (gmiol -> gmail, but not small -> gmail, nor info -> inbox).
 */
function brandBudget(typed: string, brand: string): number {
  if (brand.length <= 3) return 0;
  if (brand.length === 4) return 1;
  return typed.length === brand.length && typed.charCodeAt(0) === brand.charCodeAt(0) ? 2 : 1;
}

export interface SuggestOptions {
  /** The caller already knows the domain ends in a real public suffix (parseAddress passed). */
  readonly suffixIsPublic?: boolean;
}

/**
 * Returns the domain the input is probably a typo of, or undefined. `domain` is lowercase
 * ASCII; it need not be syntactically valid (e.g. `gmail.con`), which lets callers suggest a
 * fix for an address the syntax policy rejected.
 */
export function suggestDomain(domain: string, index: TypoIndex, opts: SuggestOptions = {}): string | undefined {
  if (index.known.has(domain)) return undefined;
  const dot = domain.indexOf('.');
  if (dot <= 0 || dot === domain.length - 1) return undefined;
  const brand = domain.slice(0, dot);
  const suffix = domain.slice(dot + 1);
  const mask = charMask(domain);

  // Lazily: is the part after the brand exactly a real public suffix ("co", "cm" are; "con" is not)?
  let icann: string | null | undefined;
  const icannSuffix = (): string | null => (icann === undefined ? (icann = icannSuffixOf(domain)) : icann);

  let best: string | undefined;
  let bestDistance = MAX_TOTAL + 1;
  let bestRank = Infinity;
  const lo = Math.max(0, domain.length - MAX_TOTAL);
  const hi = Math.min(index.byLength.length - 1, domain.length + MAX_TOTAL);
  for (let len = lo; len <= hi; len++) {
    for (const c of index.byLength[len] as readonly TypoCandidate[]) {
      if (popcount(c.mask ^ mask) > 2 * MAX_TOTAL) continue;
      const total = distanceTo(c, brand, suffix, icannSuffix);
      if (total > MAX_TOTAL) continue;
      // Closest wins; among equally close, the more popular (earlier in the target list).
      if (total < bestDistance || (total === bestDistance && c.rank < bestRank)) {
        best = c.domain;
        bestDistance = total;
        bestRank = c.rank;
      }
    }
  }
  if (best !== undefined || opts.suffixIsPublic === true) return best;
  return icannSuffix() === null ? repairTld(domain) : undefined;
}

/**
 * Edits from the typed brand+suffix to candidate c, or MAX_TOTAL + 1 when c is not an
 * acceptable suggestion (too far, identical, or a real regional suffix).
 */
function distanceTo(c: TypoCandidate, brand: string, suffix: string, icannSuffix: () => string | null): number {
  const brandMax = brandBudget(brand, c.brand);
  const brandDistance = brand === c.brand ? 0 : boundedOsa(brand, c.brand, brandMax);
  if (brandDistance > brandMax) return MAX_TOTAL + 1;
  let suffixDistance = 0;
  if (suffix !== c.suffix) {
    suffixDistance = boundedOsa(suffix, c.suffix, MAX_TOTAL);
    if (suffixDistance > MAX_TOTAL) return MAX_TOTAL + 1;
    // A real suffix (yahoo.cm, outlook.cz) only counts as a typo when a character of the
    // target suffix was dropped (com -> co/cm/om); a swap to another real country code is far
    // more often a real regional domain.
    if (icannSuffix() === suffix && !(suffixDistance === 1 && suffix.length < c.suffix.length)) return MAX_TOTAL + 1;
  }
  const total = brandDistance + suffixDistance;
  return total === 0 ? MAX_TOTAL + 1 : total;
}

/** The ICANN public suffix of `domain`, or null when no real PSL rule matches (e.g. `.con`). */
function icannSuffixOf(domain: string): string | null {
  const p = parse(domain, { allowPrivateDomains: false, extractHostname: false, validateHostname: false });
  return p.isIcann === true ? p.publicSuffix : null;
}

/** `randomsmallcompany.cmo` -> `randomsmallcompany.com`: one edit in an unknown last label. */
function repairTld(domain: string): string | undefined {
  const dot = domain.lastIndexOf('.');
  const tld = domain.slice(dot + 1);
  if (!/^[a-z]{1,4}$/.test(tld)) return undefined;
  for (const fix of REPAIR_TLDS) {
    if (boundedOsa(tld, fix, 1) === 1) return `${domain.slice(0, dot)}.${fix}`;
  }
  return undefined;
}
