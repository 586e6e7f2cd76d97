/**
 * A local part that ends in an institution's domain name (`helpdesk.qzu.edu`, `it.eastvale.ac.uk`):
 * it speaks for a school or a government body from an address that is not theirs. Only accredited schools can register under `edu` (the
 * EDUCAUSE eligibility policy) and under the `ac`/`edu` second levels of country codes, only
 * governments under `gov`, `mil` and their country forms (government.ts), so a person's own site
 * never has such a name (their `annaberg.net` or `cfy.info` does): written before a free-mail or
 * unknown domain, the institution's name is its impersonation, the "mailbox quota" and "account
 * upgrade" lure that universities' IT security pages warn their people of, sent from and answered
 * at free mail. Pure.
 */
import { lookupToken, NAME, SERVICE, type TokenTrie } from './token-trie.ts';

/** Suffixes only schools or governments can register: edu, gov, mil at the top... */
const TOP = new Set(['edu', 'gov', 'mil']);
/** ...and these second levels under a country code (`ac.uk`, `edu.au`, `gouv.fr`), or gc.ca. */
const SECOND = new Set(['ac', 'edu', 'gov', 'gouv', 'gob', 'govt', 'mil']);
/** The longest name a bare `edu` follows alone that is read as a school's initials (`qzu`, `tvcc`). */
const INITIALS_MAX = 4;

const isLetters = (s: string): boolean => /^[a-z]+$/.test(s);
/** Shortest name read glued to an initial or to another name in a label before the school's name. */
const GLUED_NAME_MIN = 3;

/** A listed given or family name that is no service word. */
const isName = (names: TokenTrie, s: string): boolean => {
  const f = lookupToken(names, s);
  return (f & NAME) !== 0 && (f & SERVICE) === 0;
};

/**
 * A label that reads as a person's name: a listed name, an initial glued to one (`jdoe`), or two
 * glued (`annaberg`), each of 3+ letters. A student or an official writing their own school or
 * office address into a free-mail handle (`jdoe.qzu.edu`) names themselves before it, a desk lure
 * names a desk (`helpdesk`, `webmail`, `it`).
 */
function personLabel(names: TokenTrie, label: string): boolean {
  if (isName(names, label)) return true;
  if (label.length > GLUED_NAME_MIN && isName(names, label.slice(1))) return true;
  for (let k = GLUED_NAME_MIN; k <= label.length - GLUED_NAME_MIN; k++) if (isName(names, label.slice(0, k)) && isName(names, label.slice(k))) return true;
  return false;
}
const SEPARATOR = /[._-]/;

/**
 * Letters of the institution's name and suffix that end the body (`qzu.edu`: 6), 0 when it ends
 * in none. Not when the name before the suffix is a listed given or family name. A bare `edu` is
 * also Eduardo's short name, written after a family name (`silva.edu`, `czerwiak.edu`), so there
 * it counts only after a school's initials (`qzu.edu`, 2-4 letters) or after a desk (labels before
 * the school's name, none of them a listed name: `webmail.northfield.edu`, not `anna.czerwiak.edu`).
 * String scans from the end, no regular expression over the whole body: this runs on every check.
 */
export function institutionTailLetters(body: string, names: TokenTrie): number {
  const lastDot = body.lastIndexOf('.');
  if (lastDot < 2 || body.length < 6) return 0;
  const top = body.slice(lastDot + 1);
  let suffixStart: number;
  if (TOP.has(top)) suffixStart = lastDot;
  else {
    if (top.length !== 2 || !isLetters(top)) return 0;
    const dot = body.lastIndexOf('.', lastDot - 1);
    if (dot < 0) return 0;
    const second = body.slice(dot + 1, lastDot);
    if (!SECOND.has(second) && !(second === 'gc' && top === 'ca')) return 0;
    suffixStart = dot;
  }
  // The institution's name: the letters before the suffix, back to a separator or the start.
  let from = suffixStart;
  while (from > 0 && !SEPARATOR.test(body[from - 1]!)) from--;
  const label = body.slice(from, suffixStart);
  if (label.length < 2 || !isLetters(label)) return 0;
  const tail = body.slice(from);
  const bareEdu = top === 'edu';
  if (lookupToken(names, label) & NAME) return 0;
  const before = body.slice(0, body.length - tail.length).split(/[^a-z]+/).filter((l) => l.length > 0);
  // A person's own name before the institution's: their school or office address, written in.
  if (before.length > 0 && before.every((l) => personLabel(names, l))) return 0;
  if (bareEdu) {
    const read = before.length > 0 ? before.every((l) => !personLabel(names, l)) : label.length <= INITIALS_MAX;
    if (!read) return 0;
  }
  let letters = 0;
  for (let i = 0; i < tail.length; i++) if (tail.charCodeAt(i) !== 46) letters++;
  return letters;
}
