/**
 * Recent phishing and scam senders at the big free-mail providers (issue 16 names them as a kind
 * neither development file holds), for `npm run eval -- --synthetic`, and a contrast of people
 * whose own addresses hold the same words or letters innocently. Every mailbox is one its
 * provider accepts (Gmail: letters, digits and dots; Yahoo: one dot or underscore), so what is
 * measured is the words and shapes, not a broken provider rule.
 *
 * The patterns, from public descriptions of campaigns (no address from any feed or eval file):
 *
 * - group `brand`: the brands Check Point Research's Brand Phishing Reports rank highest
 *   (2023-2024: Microsoft, Apple, Google, LinkedIn, Amazon, Alibaba, WhatsApp, Facebook, Adobe,
 *   Netflix, PayPal, DHL, Walmart, Wells Fargo), written in a free-mail local part the way abuse
 *   desks and consumer warnings (PayPal community, bank fraud pages) show them: `brand-desk` (the
 *   brand with a support or billing desk: `netflix.billing`, `amazonrefunds.help`), `brand-lookalike`
 *   (the brand with one look-alike letter or digit, the homoglyph trick of phishing domains
 *   applied to the local part: `rn` for `m`, `vv` for `w`, `cl` for `d`, `0` for `o`, `1` for `l`
 *   or `i`, a doubled or dropped letter: `rnicrosoft`, `paypa1`, `arnazon`) alone or with a desk.
 * - group `lure`: the lures of APWG's Phishing Activity Trends Reports and Agari's/Barracuda's
 *   business-email-compromise reports (Barracuda 2020: Gmail accounts sent 47% of BEC; payroll
 *   diversion and invoice fraud; gift cards): `invoice-payroll` (`accounts.payable`, `payroll.update`),
 *   `delivery-notice` (carrier and parcel notices: `parcel.tracking.desk`), `crypto-recovery`
 *   ("recovery" scams that follow a crypto theft: `crypto.recovery.expert`), `prize-dept`
 *   (lottery, compensation and grant departments of advance-fee fraud: `compensation.unit`),
 *   `institution-desk` (a school's or an agency's IT desk with its made-up domain name written in,
 *   the "mailbox quota" and "account upgrade" lures universities warn of: `helpdesk.qzu.edu`,
 *   `it.eastvale.ac.uk`; a provider with one separator gets a one-label suffix).
 * - group `persona`: advance-fee and romance personas: `honorific-name` (a title before a made-up
 *   name, separated: `mrs.helen.carter`, `barrister_james_wood`, often with digits),
 *   `honorific-glued` (glued: `drpaulmoore77`), `name-long-digits` (a made-up name with 4-6 digits,
 *   the shape of bulk-created sending accounts: the contrast no local-part signal can win, since
 *   people write the same).
 *
 * The contrast (rows are people): `word-surname` (a given name with a family name that is also a
 * word the scorecard knows as a service word or lure, or holds one: Banks, Price, Cash, Winner,
 * Officer, Courier, Carey, Webster, Mailer; family names of the US Census 2010 surname file), `trade-handle` (a freelancer's
 * name with a trade: `anna.design`, `tomconsulting`), `leet-handle` (a name stylised with digits:
 * `k4t1e`), `lookalike-letters` (names that hold `rn`, `cl` or `vv` anyway: Arnold, Bjorn,
 * Clara), `title-like` (given names that begin as a title does: Drew, Mrinal, Revathi, Princeton),
 * `site-handle` (a person's own site written as the handle, `annaberg.net`, and Eduardo's `edu` after
 * a given or family name, `silva.edu`: what `institution-desk`'s signal must leave alone).
 *
 * Names come from faker-js (several locales). A guard on shapes, not a measure of how common each
 * kind is. Every address is made up; no labelled row is read. Pure: the same seed and size give
 * the same rows.
 */
import type { Faker } from '@faker-js/faker';
import type { HumanRow } from './humans.ts';
import { fit, foldForAddress, gmail, p, patternFakers, type ProviderStyle, yahoo } from './synthetic.ts';

export const PHISH_SEED = 18;
export const PHISH_PER_PATTERN = 300;
export const PHISH_GROUPS = {
  brand: ['brand-desk', 'brand-lookalike', 'brand-lookalike-desk'],
  lure: ['invoice-payroll', 'delivery-notice', 'crypto-recovery', 'prize-dept', 'institution-desk'],
  persona: ['honorific-name', 'honorific-glued', 'name-long-digits'],
} as const;
export const PHISH_CONTRAST_PATTERNS = ['word-surname', 'trade-handle', 'leet-handle', 'lookalike-letters', 'title-like', 'site-handle'] as const;
type PhishGroup = keyof typeof PHISH_GROUPS;
type PhishPattern = (typeof PHISH_GROUPS)[PhishGroup][number];
type ContrastPattern = (typeof PHISH_CONTRAST_PATTERNS)[number];

const FREE: readonly ProviderStyle[] = [gmail(50), p('outlook.com', 20), p('hotmail.com', 15), yahoo('yahoo.com', 15)];
/** Microsoft's mailboxes start with a letter. */
const LETTER_FIRST = new Set(['outlook.com', 'hotmail.com']);
const LOCALES = ['en_US', 'en_GB', 'en_AU', 'de', 'fr', 'es', 'it', 'nl', 'pl'] as const;

/** Most-impersonated brands (Check Point Research, Brand Phishing Reports 2023-2024), as written in a local part. */
const BRANDS = [
  'microsoft', 'apple', 'google', 'linkedin', 'amazon', 'alibaba', 'whatsapp', 'facebook', 'adobe', 'netflix', 'paypal', 'dhl',
  'walmart', 'wellsfargo', 'office365', 'outlook', 'icloud', 'docusign', 'coinbase', 'geeksquad', 'norton', 'mcafee',
];
/** The desks a brand's mail speaks from. */
const DESKS = ['support', 'billing', 'help', 'helpdesk', 'service', 'security', 'team', 'care', 'refunds', 'account', 'verify', 'renewal', 'subscription', 'center', 'desk', 'online'];
/** Look-alike rewrites of one spot in a word: letters and digits that read as the original at a glance. */
const LOOKALIKE: readonly [RegExp, string][] = [
  [/m/, 'rn'], [/w/, 'vv'], [/d/, 'cl'], [/o/, '0'], [/l/, '1'], [/i/, '1'], [/e/, '3'], [/a/, '4'], [/s/, '5'],
  [/([a-z])/, '$1$1'], [/([aeiou])(?=[a-z])/, ''],
];
const INVOICE = ['invoice', 'invoices', 'payroll', 'accounts.payable', 'accountspayable', 'remittance', 'hr.benefits', 'hr.payroll', 'direct.deposit', 'purchase.order', 'billing.statement', 'w2.forms', 'payment.advice'];
const INVOICE_TAIL = ['', 'dept', 'update', 'team', 'office', 'desk', 'notice', 'department', 'admin'];
const DELIVERY = ['parcel', 'package', 'delivery', 'shipment', 'tracking', 'redelivery', 'dhl.express', 'usps', 'fedex', 'ups.parcel', 'customs.clearance', 'courier'];
const DELIVERY_TAIL = ['notice', 'notification', 'tracking', 'desk', 'center', 'service', 'info', 'status', 'update', 'alert'];
const CRYPTO = ['crypto', 'bitcoin', 'btc', 'wallet', 'funds', 'asset', 'scam', 'blockchain', 'binance', 'metamask', 'trustwallet', 'usdt'];
const CRYPTO_TAIL = ['recovery', 'recovery.expert', 'recovery.agent', 'recoveryteam', 'retrieval', 'support', 'recovery.desk', 'hack.recovery', 'refund.unit'];
const PRIZE = ['lottery', 'lotto', 'compensation', 'award', 'promo', 'grant', 'claims', 'prize', 'jackpot', 'sweepstakes', 'un.compensation', 'atm.card', 'inheritance', 'beneficiary'];
const PRIZE_TAIL = ['dept', 'department', 'unit', 'office', 'desk', 'board', 'committee', 'claims', 'winner', 'agent', 'payout', 'foundation'];
/** Desks of a school's or a government's IT, as the "mailbox quota" and "account upgrade" lures sign (university IT security warnings). */
const INSTITUTION_DESKS = ['', '', 'helpdesk', 'webmail', 'it', 'itservices', 'mailadmin', 'admin', 'support', 'account', 'upgrade', 'quota', 'staff.portal', 'security'];
/** Suffixes only schools or governments register; the one-label ones fit a provider that allows one separator. */
const INSTITUTION_SUFFIXES = ['edu', 'edu', 'edu', 'gov', 'ac.uk', 'edu.au', 'ac.za', 'gov.uk', 'edu.ng', 'ac.in'];
/** A person's own site's suffixes (people write their site as their handle: `annaberg.net`). */
const SITE_SUFFIXES = ['com', 'net', 'org', 'info', 'me', 'io', 'dev'];
/** Titles of scam personas (419 and romance scams; FTC and Action Fraud warnings). */
const TITLES = ['mr', 'mrs', 'ms', 'dr', 'barrister', 'barr', 'rev', 'pastor', 'agent', 'prof', 'sir', 'engr', 'chief', 'madam', 'capt', 'gen', 'sgt', 'hon', 'lady', 'prince'];

/** Family names that are also words the scorecard reads as service or lure words (US Census 2010 surnames). */
const WORD_SURNAMES = [
  'banks', 'bankston', 'bankhead', 'price', 'cash', 'winner', 'officer', 'courier', 'deskins', 'payne', 'post', 'noble', 'grant',
  'carey', 'careaga', 'staffieri', 'portalatin', 'webber', 'webster', 'mailer',
];
const TRADES = ['design', 'designs', 'consulting', 'photo', 'photography', 'studio', 'music', 'art', 'tutor', 'coach', 'bakes', 'builds', 'writes', 'travels', 'fitness', 'yoga', 'garden', 'law'];
const LEET: Readonly<Record<string, string>> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7', l: '1' };
const TITLE_LIKE = ['drew', 'drake', 'dragan', 'draven', 'mrinal', 'mrunal', 'revathi', 'reva', 'princeton', 'genevieve', 'gene', 'ladonna', 'honor', 'sirius', 'chiefa', 'capri', 'agnes', 'profira', 'engracia', 'madame'];

const between = (f: Faker, min: number, max: number): number => f.number.int({ min, max });
const numeric = (f: Faker, length: number): string => f.string.numeric({ length, allowLeadingZeros: false });
/** Digits phishing accounts carry often (a year, a counter), or none. */
const maybeDigits = (f: Faker): string => f.helpers.arrayElement(['', '', '', String(between(f, 1, 99)), String(between(f, 2023, 2026))]);

/** One look-alike rewrite that changes the word (the first of a shuffled list that applies). */
function lookalike(word: string, f: Faker): string {
  for (const [re, to] of f.helpers.shuffle([...LOOKALIKE])) {
    const next = word.replace(re, to);
    if (next !== word) return next;
  }
  return word;
}

/** Words joined with the style's separators (or none), dots inside a word kept only where the style takes them. */
function joined(parts: readonly string[], style: ProviderStyle, f: Faker): string {
  const sep = f.helpers.arrayElement([...style.separators, '']);
  return parts.map((w) => w.replace(/\./g, sep)).join(sep);
}

function phishRow(pattern: PhishPattern, f: Faker, style: ProviderStyle): string {
  const first = foldForAddress(f.person.firstName()) || 'alex';
  const last = foldForAddress(f.person.lastName()) || 'smith';
  const brand = f.helpers.arrayElement(BRANDS);
  switch (pattern) {
    case 'brand-desk': return joined([brand, ...f.helpers.arrayElements(DESKS, between(f, 1, 2))], style, f) + maybeDigits(f);
    case 'brand-lookalike': return lookalike(brand, f) + maybeDigits(f);
    case 'brand-lookalike-desk': return joined([lookalike(brand, f), f.helpers.arrayElement(DESKS)], style, f) + maybeDigits(f);
    case 'invoice-payroll': return joined([f.helpers.arrayElement(INVOICE), f.helpers.arrayElement(INVOICE_TAIL)].filter(Boolean), style, f) + maybeDigits(f);
    case 'delivery-notice': return joined([f.helpers.arrayElement(DELIVERY), f.helpers.arrayElement(DELIVERY_TAIL)], style, f) + maybeDigits(f);
    case 'crypto-recovery': return joined([f.helpers.arrayElement(CRYPTO), f.helpers.arrayElement(CRYPTO_TAIL)], style, f) + maybeDigits(f);
    case 'prize-dept': return joined([f.helpers.arrayElement(PRIZE), f.helpers.arrayElement(PRIZE_TAIL)], style, f) + maybeDigits(f);
    case 'honorific-name': return joined([f.helpers.arrayElement(TITLES), first, ...(f.datatype.boolean() ? [last] : [])], style, f) + maybeDigits(f);
    case 'honorific-glued': return f.helpers.arrayElement(TITLES) + first + (f.datatype.boolean() ? last : '') + maybeDigits(f);
    case 'institution-desk': {
      // A made-up school or agency: a town's name, its initials or a `u` before them; a desk or none.
      const town = foldForAddress(f.location.city()).replace(/[^a-z]/g, '') || 'riverton';
      const initials = f.string.alpha({ length: between(f, 2, 4), casing: 'lower' });
      const name = f.helpers.arrayElement([town, `${town}college`, initials, `u${initials}`, `${initials}u`]);
      const oneSeparator = style.maxSeparators !== undefined && style.maxSeparators <= 1;
      const suffix = f.helpers.arrayElement(oneSeparator ? INSTITUTION_SUFFIXES.filter((x) => !x.includes('.')) : INSTITUTION_SUFFIXES);
      const desk = f.helpers.arrayElement(INSTITUTION_DESKS).replace('.', oneSeparator ? '' : '.');
      const box = (desk === '' ? '' : oneSeparator ? desk : `${desk}.`) + `${name}.${suffix}`;
      // A long town's name would be cut at the provider's length and lose the suffix: its initials then.
      return box.length <= style.max ? box : `${desk === '' ? '' : oneSeparator ? desk : `${desk}.`}${initials}.${suffix}`;
    }
    case 'name-long-digits': return joined(f.datatype.boolean() ? [first, last] : [first + last], style, f) + numeric(f, between(f, 4, 6));
  }
}

function contrastRow(pattern: ContrastPattern, f: Faker, style: ProviderStyle): string {
  const first = foldForAddress(f.person.firstName()) || 'alex';
  const last = foldForAddress(f.person.lastName()) || 'smith';
  const tail = f.helpers.arrayElement(['', '', '', String(between(f, 1, 99)), String(between(f, 1955, 2005))]);
  switch (pattern) {
    case 'word-surname': {
      const family = f.helpers.arrayElement(WORD_SURNAMES);
      return (f.datatype.boolean() ? joined([first, family], style, f) : first[0] + family) + tail;
    }
    case 'trade-handle': return joined(f.datatype.boolean() ? [first, f.helpers.arrayElement(TRADES)] : [first + last, f.helpers.arrayElement(TRADES)], style, f) + tail;
    case 'leet-handle': {
      // A given name with a letter inside that has a digit (drawn until one has: "ava" has none), at
      // least one such letter written as its digit (the first, then any other at random).
      const stylable = (n: string) => [...n].findIndex((c, i) => i > 0 && i < n.length - 1 && LEET[c] !== undefined);
      let given = first;
      for (let i = 0; i < 20 && stylable(given) < 0; i++) given = foldForAddress(f.person.firstName());
      if (stylable(given) < 0) given = 'katie';
      const inner = stylable(given);
      const name = [...given].map((c, i) => (i > 0 && i < given.length - 1 && LEET[c] !== undefined && (i === inner || f.datatype.boolean()) ? LEET[c] : c)).join('');
      return name + (f.datatype.boolean() ? '' : joined(['', last], style, f)) + tail;
    }
    case 'lookalike-letters': {
      // Names that hold the letters a look-alike rewrite writes: drawn until one does.
      for (let i = 0; i < 50; i++) {
        const n = foldForAddress(f.datatype.boolean() ? f.person.firstName() : f.person.lastName());
        if (/rn|cl|vv/.test(n)) return joined(f.datatype.boolean() ? [n, last] : [first, n], style, f) + tail;
      }
      return joined([first, 'arnold'], style, f) + tail;
    }
    case 'site-handle': {
      // A person's own site written as the handle, and Eduardo's `edu` after a family name (pt, es).
      // A provider with one separator keeps it for the suffix's dot.
      const separated = style.maxSeparators !== undefined && style.maxSeparators <= 1 ? first + last : joined([first, last], style, f);
      const site = f.helpers.arrayElement([first + last, last, first[0] + last, separated]);
      return f.helpers.weightedArrayElement([
        { value: `${site}.${f.helpers.arrayElement(SITE_SUFFIXES)}`, weight: 4 },
        { value: `${last}.edu`, weight: 1 },
        { value: `${first}.edu`, weight: 1 },
      ]);
    }
    case 'title-like': return joined(f.datatype.boolean() ? [f.helpers.arrayElement(TITLE_LIKE), last] : [f.helpers.arrayElement(TITLE_LIKE) + last], style, f) + tail;
  }
}

/** The row's mailbox fitted to a provider drawn by weight, starting with a letter where the provider requires it. */
function rowsOf(seed: number, perPattern: number, pattern: string, write: (f: Faker, style: ProviderStyle) => string): string[] {
  const { fakers, meta } = patternFakers(seed, pattern, LOCALES);
  const out: string[] = [];
  for (let i = 0; i < perPattern; i++) {
    const f = meta.helpers.arrayElement(fakers);
    const style = meta.helpers.weightedArrayElement(FREE.map((s) => ({ value: s, weight: s.weight })));
    let box = fit(write(f, style).replace(/^[._-]+|[._-]+$/g, '').replace(/([._-])[._-]+/g, '$1'), style, f);
    if (LETTER_FIRST.has(style.domain) && !/^[a-z]/.test(box)) box = `x${box}`.slice(0, style.max);
    out.push(`${box}@${style.domain}`);
  }
  return out;
}

/** `perPattern` fakes of every pattern; group = the kind of campaign. */
export function syntheticPhish(seed: number, perPattern: number): HumanRow[] {
  const rows: HumanRow[] = [];
  for (const [group, patterns] of Object.entries(PHISH_GROUPS) as [PhishGroup, readonly PhishPattern[]][]) {
    for (const pattern of patterns) {
      for (const email of rowsOf(seed, perPattern, pattern, (f, s) => phishRow(pattern, f, s))) rows.push({ email, group, pattern });
    }
  }
  return rows;
}

/** `perPattern` people of every contrast pattern; group = the pattern (one group each). */
export function phishContrast(seed: number, perPattern: number): HumanRow[] {
  const rows: HumanRow[] = [];
  for (const pattern of PHISH_CONTRAST_PATTERNS) {
    for (const email of rowsOf(seed, perPattern, `contrast-${pattern}`, (f, s) => contrastRow(pattern, f, s))) rows.push({ email, group: pattern, pattern });
  }
  return rows;
}
