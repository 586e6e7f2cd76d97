/**
 * Which mailbox providers deliver several spellings of an address to one inbox, and how.
 * Used to compute the canonical inbox (src/signals/canonical.ts). Rule: never fold what the
 * provider does not; docs/signals-policy.md ("Canonical inbox") records the evidence and where
 * other libraries disagree.
 *
 * Sources (facts, written in our own words; Mailsift, Apache-2.0):
 * - Gmail ignores dots and everything after "+", and googlemail.com is the same namespace
 *   (Google help "dots don't matter"; validator.js normalizeEmail and every corpus source agree).
 * - Outlook.com/Hotmail/Live/MSN, iCloud, Proton, Fastmail, Yandex support "+" subaddressing;
 *   dots are significant there (validator.js, go-email-normalizer; Wikipedia "Email address,
 *   Subaddressing" list of providers; iCloud "address tags", receive-only).
 * - Yahoo uses "-" for its disposable addresses (base name + "-" + keyword; Yahoo Mail Plus);
 *   Yahoo IDs cannot contain "-", and "+" is not a separator there (validator.js).
 * - Same account under several domains: me.com/mac.com are aliases of the icloud.com name;
 *   protonmail.com/.ch and pm.me of the proton.me name; ya.ru and yandex.* of yandex.ru.
 * - Custom domains: Google Workspace always honours "+"; Exchange Online enables plus addressing
 *   by default since 2022; Proton and iCloud+ custom domains use the same servers as their
 *   consumer domains. Zoho and Yahoo custom domains: no evidence, so no folding.
 */
import type { MailProvider } from '../domain/check.ts';

export interface FoldingRule {
  /** Domain the canonical form uses (e.g. gmail.com for googlemail.com). */
  readonly canonicalDomain?: string;
  /** Character that starts a subaddress to drop, if the provider has one. */
  readonly tagSeparator?: '+' | '-';
  /** Dots in the local part are ignored by the provider. */
  readonly ignoreDots?: boolean;
}

const GMAIL: FoldingRule = { canonicalDomain: 'gmail.com', tagSeparator: '+', ignoreDots: true };
const PLUS: FoldingRule = { tagSeparator: '+' };
const YAHOO: FoldingRule = { tagSeparator: '-' };

/** Rules for consumer domains, by exact domain. */
export const DOMAIN_FOLDING: ReadonlyMap<string, FoldingRule> = new Map<string, FoldingRule>([
  ['gmail.com', GMAIL],
  ['googlemail.com', GMAIL],
  ['icloud.com', PLUS],
  ['me.com', { canonicalDomain: 'icloud.com', tagSeparator: '+' }],
  ['mac.com', { canonicalDomain: 'icloud.com', tagSeparator: '+' }],
  ['proton.me', PLUS],
  ['protonmail.com', { canonicalDomain: 'proton.me', tagSeparator: '+' }],
  ['protonmail.ch', { canonicalDomain: 'proton.me', tagSeparator: '+' }],
  ['pm.me', { canonicalDomain: 'proton.me', tagSeparator: '+' }],
  ['yandex.ru', PLUS],
  ...['ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua'].map(
    (d): [string, FoldingRule] => [d, { canonicalDomain: 'yandex.ru', tagSeparator: '+' }],
  ),
  ...[
    'fastmail.com', 'fastmail.fm', 'fastmail.cn', 'fastmail.co.uk', 'fastmail.com.au', 'fastmail.de', 'fastmail.es',
    'fastmail.fr', 'fastmail.im', 'fastmail.in', 'fastmail.jp', 'fastmail.mx', 'fastmail.net', 'fastmail.nl',
    'fastmail.org', 'fastmail.se', 'fastmail.to', 'fastmail.tw', 'fastmail.uk', 'fastmail.us', 'messagingengine.com',
    'sent.com',
  ].map((d): [string, FoldingRule] => [d, PLUS]),
  ...[
    'yahoo.com', 'yahoo.ca', 'yahoo.co.uk', 'yahoo.de', 'yahoo.fr', 'yahoo.in', 'yahoo.co.in', 'yahoo.it', 'yahoo.es',
    'yahoo.com.br', 'yahoo.com.mx', 'yahoo.com.ar', 'yahoo.com.au', 'yahoo.co.nz', 'yahoo.co.jp', 'yahoo.com.sg',
    'yahoo.com.ph', 'yahoo.com.hk', 'yahoo.com.tw', 'yahoo.co.id', 'yahoo.com.vn', 'yahoo.se', 'yahoo.co.za',
    'yahoo.gr', 'yahoo.ie', 'yahoo.pl', 'yahoo.ro', 'yahoo.dk', 'yahoo.no', 'yahoo.fi', 'yahoo.at', 'yahoo.be',
    'yahoo.ch', 'yahoo.nl', 'yahoo.pt', 'ymail.com', 'rocketmail.com',
  ].map((d): [string, FoldingRule] => [d, YAHOO]),
]);

/**
 * Microsoft consumer domains are many (hotmail.*, outlook.*, live.*, msn.com ...): match the
 * brand label followed by a public suffix (hotmail.co.uk, live.com.mx) instead of listing them.
 */
export const MICROSOFT_CONSUMER_BRANDS: ReadonlySet<string> = new Set(['hotmail', 'outlook', 'live', 'msn', 'windowslive', 'passport']);

/** Custom domains hosted by these providers (from DNS) fold "+" tags; nothing else. */
export const PROVIDER_FOLDING: Readonly<Partial<Record<MailProvider, FoldingRule>>> = {
  google: PLUS,
  microsoft: PLUS,
  apple: PLUS,
  proton: PLUS,
};
