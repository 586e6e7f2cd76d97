/**
 * A `+` tag of random letters and digits. RFC 5233's subaddress is a filing label a person
 * writes so that mail from one sender sorts itself (`+news`, `+shop`, `+github2024`); it is
 * spelled, or a word with a number. A tag of letters and digits scattered (`+k7f1z1ov`), or of
 * letters that spell nothing (`+kxbq`), files nothing: it is how one inbox is made into many
 * accounts, a new tag per sign-up, which is what bulk sign-up tools do at the providers that
 * deliver tagged mail to the base mailbox.
 *
 * Pure: reads the tag's own local-part signals, which the caller computes with the same tables.
 */
import type { LocalPartSignals } from './local-part.ts';

/** Tags shorter than this are initials or a short code a person types ("+nl", "+x1"). */
export const RANDOM_TAG_MIN_LENGTH = 4;
/** Letter/digit alternations from which a string reads as generated (as mixed_alnum counts them). */
const SCATTERED_SWITCHES = 2;
/** Bits per letter above which letters read as not spelled (where ngram_surprise starts to count). */
const SPELLED_MAX_BITS = 4.5;

/** The tag of a local part: what follows the first `+` after the mailbox, or undefined. */
export function plusTag(local: string): string | undefined {
  const at = local.indexOf('+');
  return at > 0 && at < local.length - 1 ? local.slice(at + 1) : undefined;
}

/** Whether a tag, read with its own signals, is random: digits scattered among letters, or letters no list explains that spell badly. */
export function isRandomTag(tag: string, s: Pick<LocalPartSignals, 'letterDigitSwitches' | 'letters' | 'uncoveredShare' | 'ngramLogLik'>): boolean {
  if (tag.length < RANDOM_TAG_MIN_LENGTH) return false;
  if (s.letterDigitSwitches >= SCATTERED_SWITCHES) return true;
  return s.letters >= RANDOM_TAG_MIN_LENGTH && s.uncoveredShare >= 0.5 && -s.ngramLogLik > SPELLED_MAX_BITS;
}
