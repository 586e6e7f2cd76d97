/**
 * Allow/review/block rules (CONTRACT.md, Customer controls): what a rule is, how its value is
 * written down, and which slot it takes (one rule per account, type and value: a new rule for
 * the same value replaces the old one). An email rule keeps only the keyed hash of its
 * canonical inbox, so it matches every spelling and never holds the address. Pure.
 */
import { parse } from 'tldts';
import { MAIL_PROVIDERS } from '../domain/check.ts';
import { checkDomain } from '../signals/syntax-domain.ts';

export const RULE_ACTIONS = ['allow', 'review', 'block'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** In order of precedence: the most specific first. */
export const RULE_TYPES = ['email', 'domain', 'mail_provider', 'tld'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export const MAX_RULES_PER_ACCOUNT = 10_000;
export const MAX_RULE_NOTE = 500;
export const RULE_ID_RANDOM_BYTES = 12;
export const RULE_ID_FORM = /^rule_[A-Za-z0-9_-]{16}$/;

export interface Rule {
  readonly id: string;
  readonly account: string;
  readonly action: RuleAction;
  readonly type: RuleType;
  /** The normalised domain, mail provider or TLD; null for an email rule. */
  readonly value: string | null;
  /** Email rules: the keyed hash of the canonical inbox (16 bytes). */
  readonly inboxHash: Buffer | null;
  readonly note: string | null;
  readonly createdAt: number;
}

export const isRuleAction = (s: string): s is RuleAction => (RULE_ACTIONS as readonly string[]).includes(s);
export const isRuleType = (s: string): s is RuleType => (RULE_TYPES as readonly string[]).includes(s);

export function ruleId(random: Buffer): string {
  return `rule_${random.toString('base64url')}`;
}

/** The slot a rule takes in its account: one rule per type and value. */
export function ruleSlot(type: RuleType, value: string | null, inboxHash: Buffer | null): string {
  return type === 'email' ? `email:${inboxHash!.toString('hex')}` : `${type}:${value}`;
}

type Normalised = { ok: true; value: string } | { ok: false; error: string };

/**
 * The value of a domain, mail_provider or tld rule in the form checks are matched in (ASCII,
 * lowercase); an email rule's value is canonicalised by the caller (it needs DNS, like a check).
 */
export function normaliseRuleValue(type: Exclude<RuleType, 'email'>, raw: string): Normalised {
  const v = raw.trim().toLowerCase();
  switch (type) {
    case 'domain': {
      const d = checkDomain(v.endsWith('.') ? v.slice(0, -1) : v);
      if (!d.ok) return { ok: false, error: `value: must be a domain name such as example.com (${d.error.replace(/^email: (domain )?/, '')})` };
      return { ok: true, value: d.ascii };
    }
    case 'mail_provider':
      if (!(MAIL_PROVIDERS as readonly string[]).includes(v)) return { ok: false, error: `value: must be a mail_provider value (one of ${MAIL_PROVIDERS.join(', ')})` };
      return { ok: true, value: v };
    case 'tld': {
      const tld = v.startsWith('.') ? v.slice(1) : v;
      const rule = 'value: must be a top-level domain without the dot, such as xyz';
      if (tld === '' || tld.includes('.')) return { ok: false, error: rule };
      // The same conversion and label rules as a check's domain, then the suffix must be a real
      // ICANN top-level domain: a rule for one that no address can have would never match.
      const d = checkDomain(`example.${tld}`);
      const unknown = `${rule} (not a known top-level domain)`;
      if (!d.ok) return { ok: false, error: /public suffix/.test(d.error) ? unknown : `${rule} (${d.error.replace(/^email: (domain )?/, '')})` };
      const ascii = d.ascii.slice('example.'.length);
      if (parse(d.ascii, { allowPrivateDomains: false, extractHostname: false, validateHostname: false }).publicSuffix !== ascii) return { ok: false, error: unknown };
      return { ok: true, value: ascii };
    }
  }
}

/** A rule as the API shows it: an email rule's value is null (the address is not kept). */
export interface RuleView {
  id: string;
  action: RuleAction;
  type: RuleType;
  value: string | null;
  note: string | null;
  created_at: string;
}

export function ruleView(r: Rule): RuleView {
  return { id: r.id, action: r.action, type: r.type, value: r.value, note: r.note, created_at: new Date(r.createdAt).toISOString() };
}
