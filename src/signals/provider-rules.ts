/**
 * Provider mailbox rules: could this provider have handed out this mailbox, and is an
 * all-digit mailbox the provider's own numbering? Pure; rules are data
 * (src/data/mailbox-rules.ts), indexed once by buildMailboxRuleIndex().
 */
import { MAILBOX_RULES, type MailboxRule } from '../data/mailbox-rules.ts';

export interface MailboxRuleIndex {
  readonly byDomain: ReadonlyMap<string, MailboxRule>;
  readonly byBrand: ReadonlyMap<string, MailboxRule>;
}

export function buildMailboxRuleIndex(rules: readonly MailboxRule[] = MAILBOX_RULES): MailboxRuleIndex {
  const byDomain = new Map<string, MailboxRule>();
  const byBrand = new Map<string, MailboxRule>();
  for (const r of rules) {
    for (const d of r.domains) byDomain.set(d, r);
    for (const b of r.brands ?? []) byBrand.set(b, r);
  }
  return { byDomain, byBrand };
}

/**
 * The rule of a domain: listed exactly, or a brand label directly under the public suffix
 * (hotmail.co.uk, yahoo.com.br; not hotmail.example.com).
 */
export function mailboxRuleFor(domain: string, publicSuffix: string, index: MailboxRuleIndex): MailboxRule | undefined {
  const exact = index.byDomain.get(domain);
  if (exact !== undefined) return exact;
  const dot = domain.indexOf('.');
  if (dot > 0 && domain.slice(dot + 1) === publicSuffix) return index.byBrand.get(domain.slice(0, dot));
  return undefined;
}

export interface MailboxVerdict {
  /** The provider's rules allow this mailbox. */
  readonly possible: boolean;
  /** An all-digit mailbox that is the provider's own numbering (a QQ number). */
  readonly numericAccount: boolean;
}

const isAlnum = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
const isLetter = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Each rule's character class as a table over ASCII (anything else is never allowed): this runs on every check. */
const ALLOWED = new WeakMap<MailboxRule, Uint8Array>();
function allowedChars(rule: MailboxRule): Uint8Array {
  let t = ALLOWED.get(rule);
  if (t === undefined) {
    t = new Uint8Array(128);
    for (let c = 0; c < 128; c++) t[c] = rule.chars.test(String.fromCharCode(c)) ? 1 : 0;
    ALLOWED.set(rule, t);
  }
  return t;
}

/**
 * Checks a mailbox (the lowercased local part with the provider's tag already removed:
 * `john` of `john+news@gmail.com`) against its provider's rule.
 */
export function checkMailbox(box: string, rule: MailboxRule): MailboxVerdict {
  const n = box.length;
  const allowed = allowedChars(rule);
  let alnum = 0, digits = 0, dots = 0;
  let prevSpecial = false;
  for (let i = 0; i < n; i++) {
    const c = box.charCodeAt(i);
    if (c >= 128 || allowed[c] === 0) return IMPOSSIBLE;
    if (isAlnum(c)) {
      alnum++;
      if (isDigit(c)) digits++;
      prevSpecial = false;
    } else {
      if (c === 46) dots++;
      if (rule.noDoubleSpecials && prevSpecial) return IMPOSSIBLE;
      prevSpecial = true;
    }
  }
  const length = rule.lengthOf === 'alnum' ? alnum : n;
  if (length < rule.minLength || length > rule.maxLength) return IMPOSSIBLE;
  if (rule.startsWithLetter && !isLetter(box.charCodeAt(0))) return IMPOSSIBLE;
  if (rule.alnumEnds && !(isAlnum(box.charCodeAt(0)) && isAlnum(box.charCodeAt(n - 1)))) return IMPOSSIBLE;
  if (rule.maxDots !== undefined && dots > rule.maxDots) return IMPOSSIBLE;
  const allDigits = digits === n;
  if (allDigits && rule.digitsOnlyBelow !== undefined && n >= rule.digitsOnlyBelow) return IMPOSSIBLE;
  if (allDigits && rule.numericAccount !== undefined) {
    if (rule.numericAccount.test(box)) return NUMERIC_ACCOUNT;
    if (rule.otherNumericImpossible) return IMPOSSIBLE;
  }
  return POSSIBLE;
}

const IMPOSSIBLE: MailboxVerdict = Object.freeze({ possible: false, numericAccount: false });
const POSSIBLE: MailboxVerdict = Object.freeze({ possible: true, numericAccount: false });
const NUMERIC_ACCOUNT: MailboxVerdict = Object.freeze({ possible: true, numericAccount: true });
