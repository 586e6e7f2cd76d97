/**
 * A contact mailbox at a person's own domain (`hello@annaberg.example`, `mail@jan-kowalski.example`):
 * the person's inbox, not a desk. A role address is no unique person at a company, where
 * info@ and contact@ are read by whoever has the shift; a person's own website publishes the
 * same words for the one person who owns the domain, and developers, writers and freelancers
 * sign up with it. A domain named after a person is the fact that tells them apart: its
 * registrable label reads as names throughout (names cover 90% of its letters or more, the
 * rest initials; no word, no service word, nothing uncovered).
 *
 * Only contact words count (src/data/contact-mailboxes.ts): a department's word (support@,
 * webmaster@, billing@) at such a domain is what a phishing reply impersonates. The caller
 * decides that the domain is someone's own (not free mail, disposable, a relay, a school, a
 * government, nor posing as a provider); this module reads the mailbox and the label.
 *
 * Measured before adoption (docs/scorecard.md §4, round 17). Pure: the name tables come from
 * buildNameTables().
 */
import { CONTACT_MAILBOXES } from '../data/contact-mailboxes.ts';
import { localPartSignals, NAME_SPELLING_MAX_BITS, type NameTables } from './local-part.ts';

const CONTACT = new Set(CONTACT_MAILBOXES);

/** Share of the label's letters names must cover: a label of a name and a word (`annabakery`) is a business. */
export const OWN_SITE_MIN_NAME = 0.9;

/** Whether the mailbox (the local part before any `+tag`) is a contact word. */
export function isContactMailbox(local: string): boolean {
  const plus = local.indexOf('+');
  return CONTACT.has(plus > 0 ? local.slice(0, plus) : local);
}

/**
 * Whether a registrable label (without its public suffix) reads as a person's name. Hyphens
 * separate the parts as a local part's dots do (`jan-kowalski`), so the family-name position
 * reads the last part as it would in `jan.kowalski`.
 */
export function labelNamesPerson(label: string, names: NameTables): boolean {
  if (label.length === 0 || label.startsWith('xn--')) return false;
  const s = localPartSignals(label.replace(/-/g, '.'), names);
  return s.letters > 0 && s.nameScore >= OWN_SITE_MIN_NAME && s.uncoveredShare === 0 && s.wordShare === 0 && s.serviceShare === 0;
}

/** Fewest letters a mailbox and a label must share for one to name the other's owner: two letters are chance. */
export const OWNER_MIN_LETTERS = 3;

/**
 * Whether the mailbox names the owner of a domain whose label reads as a person's name: its
 * letters (the mailbox before any `+tag`, separators and digits dropped) stand inside the
 * label's, or the label's inside its own (`anna@annaberg.example`, `anna.berg@annaberg.example`,
 * `aberg@aberg.example`, `anna.berg@berg.example`). People who buy a domain in their own name
 * write from a mailbox in that name; a temporary-mail service or a farm hands out mailboxes
 * unrelated to its domain's label, and a generated name matches a label's name by chance about
 * as often as two strangers share a name. The caller decides that the label reads as a person's
 * name (labelNamesPerson, or labelSpelledAsName beside such a mailbox); this reads only the
 * mailbox and the label. Pure.
 */
export function mailboxNamesOwner(local: string, label: string): boolean {
  const plus = local.indexOf('+');
  const box = lettersOf(plus > 0 ? local.slice(0, plus) : local);
  const site = lettersOf(label);
  if (box.length < OWNER_MIN_LETTERS || site.length < OWNER_MIN_LETTERS) return false;
  return site.includes(box) || box.includes(site) || initialOf(box, site) || initialOf(site, box);
}

/** `short` is the first letter of `long` and then a tail of `long` (`aberg` of `annaberg`). */
function initialOf(short: string, long: string): boolean {
  return short.length > OWNER_MIN_LETTERS && short.length < long.length && short[0] === long[0] && long.endsWith(short.slice(1));
}

const lettersOf = (s: string): string => s.toLowerCase().replace(/[^a-z]/g, '');

/**
 * Whether a label is spelled as names are, read as a local part: 3+ letters the spelling n-grams
 * score at no more than NAME_SPELLING_MAX_BITS per letter (the family-name position's bound), no
 * vowelless run read as initials, no service word, under half of it common words. Family names
 * are the long tail no list covers (`zorvaktindel`, a Thai or Yoruba name); a generator's letters
 * (`xkqzvw`), a brand of words (`quietfield`, `mailfast`) and a desk fail. Weaker than
 * labelNamesPerson: only beside a mailbox that names the label (the caller's rule). Pure.
 */
export function labelSpelledAsName(label: string, names: NameTables): boolean {
  if (label.length === 0 || label.startsWith('xn--') || /[0-9]/.test(label)) return false;
  const s = localPartSignals(label.replace(/-/g, '.'), names);
  return s.letters >= OWNER_MIN_LETTERS && s.ngramLetters > 0 && s.initialsLetters === 0 && s.serviceShare === 0 && s.wordShare < 0.5 && -s.ngramLogLik <= NAME_SPELLING_MAX_BITS;
}
