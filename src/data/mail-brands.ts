/**
 * The brand names of the biggest consumer mailbox providers, as they appear in their mail
 * domains, for recognising domains that imitate them (src/signals/lookalike.ts).
 *
 * - `distinctive`: the string names the provider and nothing else (`gmail`, `hotmail`), so any
 *   domain carrying it that is not the provider's own poses as the provider.
 * - otherwise it is also an everyday word or a common fragment (`outlook`, `live`, `msn`,
 *   `aol`): it counts only at the start or end of a name that also says `mail`
 *   (`outlookmail`, `mail-live`; not `delivermail`), or alone under a suffix that is not a
 *   country code (`outlook.page`). Short fragments that other words contain (`ymail` in
 *   `mymail`) are left out.
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
}

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
  { brand: 'outlook', distinctive: false, regional: true },
  { brand: 'live', distinctive: false, regional: true },
  { brand: 'msn', distinctive: false, regional: true },
  { brand: 'aol', distinctive: false, regional: true },
];

/** The providers' own company domains that carry a brand but are not consumer mail (never imitations). */
export const BRAND_OWNER_DOMAINS: readonly string[] = [
  'yahoo-inc.com', 'yahooinc.com', 'yahoo.net', 'yahoo.co.jp', 'yahoo-corp.jp', 'yandex-team.ru', 'yandex-team.com', 'yandex.net',
  'aol.net', 'msn.net', 'live.net', 'hotmail.net', 'gmail.net',
];
