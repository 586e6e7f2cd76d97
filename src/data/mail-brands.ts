/**
 * The brand names of the biggest consumer mailbox providers, as they appear in their mail
 * domains, for recognising domains that imitate them (src/signals/lookalike.ts).
 *
 * - `distinctive`: the string names the provider and nothing else (`gmail`, `hotmail`), so any
 *   domain carrying it that is not the provider's own poses as the provider.
 * - otherwise it is also an everyday word or a common fragment (`outlook`, `live`, `msn`,
 *   `aol`): it counts only at the start or end of a name, and only when the rest of that name
 *   says what the provider is: `mail` anywhere in it (`outlookmail`, `mail-live`; not
 *   `delivermail`), or nothing but `companions` words (`live-inbox`, `aolpost`, `outlook-web`),
 *   or alone under a suffix that is not a country code (`outlook.top`). Short fragments that
 *   other words contain (`ymail` in `mymail`) are left out.
 * - `companions`: which words may make up the rest of such a name. `mailbox` (words that say
 *   mailbox, MAILBOX_WORDS) for a brand that is an ordinary word in business names (`live`:
 *   LiveChat, LiveNation and live-help products name themselves `live` + a service word);
 *   `service` (those and the words that name a web service's doors, SERVICE_WORDS) for a
 *   brand that outside mail names the provider's own products (`outlook` web/online/app,
 *   MSN's and AOL's portals) and is otherwise an organisation's initials beside a word of its
 *   own (`aoltoronto`, `msnbc`), never beside a service word.
 * - `regional`: the provider runs the brand under many country codes (hotmail.co.uk,
 *   yahoo.com.br, yandex.kz), so the bare brand under a country code we do not list may
 *   still be the provider's and is left alone.
 *
 * Source: curated by us (Mailsift, Apache-2.0) from the providers' own domain lists (the
 * consumer domains in src/data/popular-mail-domains.ts and provider-folding.ts).
 */
export interface MailBrand {
  readonly brand: string;
  readonly distinctive: boolean;
  readonly regional: boolean;
  /** For a brand that is not distinctive: the words the rest of a name may consist of. */
  readonly companions?: 'mailbox' | 'service';
}

/**
 * Words that say mailbox (`mail` itself counts anywhere, see above). Folded, a-z only.
 * Curated by us; a name made of a brand and these names nothing but a mailbox there.
 */
export const MAILBOX_WORDS: readonly string[] = ['inbox', 'box', 'post', 'postbox', 'letter', 'letters', 'message', 'messages', 'msg'];

/**
 * The words a web service names its doors and tiers with (`outlook-web`, `aolonline`,
 * `msn-login`, `myaol`), plus MAILBOX_WORDS. Curated by us; none is a place, a trade or a
 * product that a company would name itself after beside a brand.
 */
export const SERVICE_WORDS: readonly string[] = [
  ...MAILBOX_WORDS,
  'online', 'web', 'net', 'cloud', 'app', 'apps', 'hub', 'plus', 'pro', 'premium', 'service', 'services', 'support', 'help',
  'center', 'centre', 'portal', 'account', 'accounts', 'login', 'signin', 'secure', 'verify', 'id', 'us', 'my', 'go', 'me', 'connect',
  'access', 'user', 'users', 'free', 'vip',
];

export const MAIL_BRANDS: readonly MailBrand[] = [
  { brand: 'gmail', distinctive: true, regional: false },
  { brand: 'googlemail', distinctive: true, regional: false },
  { brand: 'hotmail', distinctive: true, regional: true },
  { brand: 'yahoo', distinctive: true, regional: true },
  { brand: 'icloud', distinctive: true, regional: false },
  { brand: 'protonmail', distinctive: true, regional: false },
  { brand: 'yandex', distinctive: true, regional: true },
  { brand: 'rediffmail', distinctive: true, regional: false },
  { brand: 'hanmail', distinctive: true, regional: false },
  { brand: 'outlook', distinctive: false, regional: true, companions: 'service' },
  { brand: 'live', distinctive: false, regional: true, companions: 'mailbox' },
  { brand: 'msn', distinctive: false, regional: true, companions: 'service' },
  { brand: 'aol', distinctive: false, regional: true, companions: 'service' },
];

/** The providers' own company domains that carry a brand but are not consumer mail (never imitations). */
export const BRAND_OWNER_DOMAINS: readonly string[] = [
  'yahoo-inc.com', 'yahooinc.com', 'yahoo.net', 'yahoo.co.jp', 'yahoo-corp.jp', 'yandex-team.ru', 'yandex-team.com', 'yandex.net',
  'aol.net', 'msn.net', 'live.net', 'hotmail.net', 'gmail.net',
];
