/**
 * Role accounts (info@, support@, no-reply@): mailboxes for a function rather than a person.
 * Pure; the word list is src/data/role-accounts.ts, turned into a RoleTable once at start.
 */

export interface RoleTable {
  /** Whole local parts that are role accounts. */
  readonly exact: ReadonlySet<string>;
}

export function buildRoleTable(localParts: Iterable<string>): RoleTable {
  return { exact: new Set([...localParts].map((s) => s.toLowerCase())) };
}

const SEPARATORS = /[._-]/;
const DIGITS = /^\d+$/;
const TRAILING_DIGITS = /^(.*?[^\d])\d+$/;
/** Listed words this short read as initials when a number of ID_DIGITS+ digits follows. */
const SHORT_STEM = 3;
const ID_DIGITS = 3;
/** Automated senders however they are spelled around: noreply-billing, do_not_reply.eu ... */
const NO_REPLY = /^(?:no[._-]?reply|do[._-]?not[._-]?reply|mailer[._-]?daemon|postmaster)(?:$|[._+-])/;

/**
 * True when `local` (lowercase, as ParsedAddress.local) is a role account. Matching, in order:
 * the part before any "+tag" is listed; or it is a listed word plus digits (sales2, info2024),
 * unless the word has 1-3 letters and 3+ digits follow (initials and a number: md1952, rh0146);
 * or it starts with a no-reply/daemon prefix; or every separator-split token is a listed word
 * or a number, with at least one listed word of 3+ letters (info.sales, it-support, billing_2).
 * A single listed token next to anything else (john.sales) is a person, not a role.
 */
export function isRoleAccount(local: string, table: RoleTable): boolean {
  const plus = local.indexOf('+');
  const base = plus > 0 ? local.slice(0, plus) : local;
  if (table.exact.has(base)) return true;
  const last = base.charCodeAt(base.length - 1);
  if (last >= 0x30 && last <= 0x39) {
    const stem = TRAILING_DIGITS.exec(base)?.[1];
    // A listed word of 1-3 letters before 3+ digits is initials and a number ("md1952", "rh0146"):
    // how people and staff directories write a person, not a role desk numbered ("hr2").
    const initials = stem !== undefined && stem.length <= SHORT_STEM && base.length - stem.length >= ID_DIGITS;
    if (stem !== undefined && !initials && table.exact.has(stem)) return true;
  }
  if (NO_REPLY.test(base)) return true;
  if (!SEPARATORS.test(base)) return false;
  let strong = false;
  for (const token of base.split(SEPARATORS)) {
    if (token === '' || DIGITS.test(token)) continue;
    if (!table.exact.has(token)) return false;
    if (token.length >= 3) strong = true;
  }
  return strong;
}
