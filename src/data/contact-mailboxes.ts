/**
 * Mailboxes a person publishes on their own website to be written to: a greeting or the word
 * for "contact" or "mail" (hello@, hi@, mail@, contact@, kontakt@, info@). The role-account
 * lists (src/data/role-accounts.ts) hold them all, since at a company they are a desk; at a
 * domain named after a person they are that person's inbox (src/signals/own-site.ts). Words that
 * name a function or a department (support, webmaster, billing, admin, sales, office) are left
 * out: a person's site has no department, and those are the words fraud impersonates.
 *
 * Our own list (Mailsift, Apache-2.0), from the contact words of the role lists' languages;
 * the entries are those of the role lists, so nothing here makes a new role account. No row of
 * any eval file.
 */
export const CONTACT_MAILBOXES: readonly string[] = [
  // greetings
  'hello', 'hi', 'hola',
  // "write to me"
  'mail', 'email', 'post', 'inbox', 'mailbox', 'info', 'contact', 'kontakt', 'contacto', 'contato',
];
