/**
 * Dots written inside a name at a provider that ignores dots (Gmail): `jo.hn.smi.th@gmail.com`
 * is `johnsmith@gmail.com`. Google delivers every dotted spelling of a mailbox to the one inbox
 * ("Dots don't matter in Gmail addresses", Gmail Help), so a person chooses where dots go only
 * for how the address reads: between the parts of a name (`john.smith`), after an initial
 * (`j.r.smith`). A dot that breaks a name where no part ends reads as nothing; what it buys is a
 * spelling no site has seen for an inbox that already exists, the "Gmail dot trick" of free-trial
 * and sign-up abuse (one inbox, many accounts; docs/signals-policy.md §5). Pure.
 */
import { segmentRun, type NameTables } from './names.ts';
import { lookupToken } from './token-trie.ts';

/** Shortest listed name or word a dot must fall inside: shorter ones ("ann", "lee") join by chance. */
const TOKEN_MIN = 4;
/** Dots inside names it takes: one can be a name the lists split differently (`jean.ette`); two are a choice. */
export const DOTTED_ALIAS_MIN = 2;

/**
 * How many dots of `local` (before any `+` tag; trailing digits left out) fall inside a listed
 * name or word of 4+ letters of the undotted letters, next to a piece that is neither a listed
 * token nor a single initial. 0 unless the rest is letters and dots only.
 */
export function dotsInsideNames(local: string, tables: NameTables): number {
  const plus = local.indexOf('+');
  let body = plus >= 0 ? local.slice(0, plus) : local;
  let end = body.length;
  while (end > 0 && body.charCodeAt(end - 1) >= 48 && body.charCodeAt(end - 1) <= 57) end--;
  body = body.slice(0, end);
  if (!body.includes('.')) return 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c !== 46 && (c < 97 || c > 122)) return 0;
  }
  const parts = body.split('.').filter((p) => p !== '');
  if (parts.length < 2) return 0;
  const joined = parts.join('');
  const pieces = segmentRun(joined, 0, joined.length, tables.trie, undefined, tables.surnameEndings);
  // A piece that stands on its own: an initial, or a listed name, word or service word.
  const whole = (p: string) => p.length === 1 || lookupToken(tables.trie, p) !== 0;
  let at = 0;
  let inside = 0;
  for (let i = 0; i < parts.length - 1; i++) {
    at += parts[i]!.length;
    if (whole(parts[i]!) && whole(parts[i + 1]!)) continue;
    const dot = at;
    if (pieces.some((p) => p.kind === 'token' && p.end - p.start >= TOKEN_MIN && p.start < dot && p.end > dot)) inside++;
  }
  return inside;
}

/** Two or more dots inside names: a dotted spelling of someone's inbox made to look new. */
export function isDottedAlias(local: string, tables: NameTables): boolean {
  return dotsInsideNames(local, tables) >= DOTTED_ALIAS_MIN;
}
