/**
 * Domains whose own name says they are a mail service (`quickmail.example`, `mail-now.example`,
 * `getemail.example`). A company's or a person's own domain is named after the company or the
 * person; a domain named "mail" is a mail service, and a mail service that no list knows (not
 * free mail, not a real provider, not disposable, not a relay) is one nobody has vetted: most
 * often a throwaway service's next domain, which the disposable lists learn of later. The
 * caller decides "no list knows it"; this module only reads the name.
 *
 * Only the registrable domain's own label is read (`mail.example.com` is example.com's mail
 * host, not a mail service), and "mail" inside a listed given or family name (Ismail, Maillard,
 * Mailys) is a name, not the word.
 *
 * Pure: the name trie comes from buildNameTables().
 */
import type { DomainParts } from './account-type.ts';
import { lookupToken, NAME, WORD, type TokenTrie } from './token-trie.ts';

const MAIL = 'mail';

/** Whether the listed name s[from, to) is a name (and not also an everyday word). */
function isNameToken(trie: TokenTrie, s: string, from: number, to: number): boolean {
  const flags = lookupToken(trie, s.slice(from, to));
  return (flags & NAME) !== 0 && (flags & WORD) === 0;
}

/** Whether a listed name longer than "mail" covers s[at, at + 4) ("is|mail", "mail|lard"). */
function insideName(s: string, at: number, trie: TokenTrie): boolean {
  for (let from = 0; from <= at; from++) {
    for (let to = at + MAIL.length; to <= s.length; to++) {
      if (to - from > MAIL.length && isNameToken(trie, s, from, to)) return true;
    }
  }
  return false;
}

/** The registrable domain's label without its public suffix (`quickmail` of `quickmail.co.uk`). */
export function registrableLabel(parts: DomainParts): string {
  const r = parts.registrable;
  return r.length > parts.publicSuffix.length ? r.slice(0, r.length - parts.publicSuffix.length - 1) : r;
}

/** True when the registrable label carries the word "mail" outside any listed name. */
export function namesMailService(parts: DomainParts, trie: TokenTrie): boolean {
  const label = registrableLabel(parts);
  for (let at = label.indexOf(MAIL); at !== -1; at = label.indexOf(MAIL, at + 1)) {
    if (!insideName(label, at, trie)) return true;
  }
  return false;
}
