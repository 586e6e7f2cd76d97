/**
 * Real mailbox providers beyond the popular list (src/data/popular-mail-domains.ts) that must
 * never be called disposable, even though some disposable lists name them (checked against
 * mailchecker 6.0.21 and disposable-email-domains 1.0.62: keemail.me, hush.com, consultant.com
 * and myself.com are listed there). They are also treated as free providers.
 *
 * Source: curated by us (Mailsift, Apache-2.0) from the providers' own domain lists as
 * published on their sign-up pages (mail.com, Tuta, Hushmail, Fastmail, Zoho, Posteo,
 * Mailfence, Runbox ...). Deliberately NOT here: cock.li and its sister domains (airmail.cc,
 * 420blaze.it, tfwno.gf ...): real inboxes, but anonymous and without any sign-up check, and
 * listed by both disposable lists; we keep them disposable (docs/signals-policy.md).
 */
export const REAL_MAIL_PROVIDERS: readonly string[] = [
  // mail.com (1&1 / IONOS) vanity domains
  'mail.com', 'email.com', 'usa.com', 'post.com', 'consultant.com', 'myself.com', 'engineer.com', 'techie.com',
  'writeme.com', 'dr.com', 'cheerful.com', 'accountant.com', 'europe.com', 'asia.com', 'iname.com', 'linuxmail.org',
  'gmx.us', 'gmx.co.uk', 'gmx.it', 'gmx.es', 'gmx.eu', 'gmx.ch', 'gmx.at', 'mail.de',
  // Tuta (Tutanota), Hushmail, Proton, Zoho, Fastmail, privacy-focused mailboxes
  'tutanota.com', 'tutanota.de', 'tutamail.com', 'tuta.io', 'tuta.com', 'keemail.me', 'hushmail.com', 'hush.com',
  'hush.ai', 'hushmail.me', 'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me', 'zoho.com', 'zohomail.com',
  'zoho.eu', 'zohomail.eu', 'zoho.in', 'zohomail.in', 'fastmail.com', 'fastmail.fm', 'sent.com', 'messagingengine.com',
  'posteo.de', 'posteo.net', 'mailbox.org', 'mailfence.com', 'runbox.com', 'startmail.com', 'countermail.com',
  'kolabnow.com', 'disroot.org', 'riseup.net', 'hey.com', 'mailo.com', 'netcourrier.com',
  // The mainland mobile operators' consumer mail (mailbox rules in mailbox-rules.ts): China
  // Mobile's 139.com and China Telecom's 189.cn are on the free-mail list already.
  'wo.cn',
  // National operators' consumer mail whose name says "mail" and that no list holds, so that the
  // name alone read them as an unvetted mail service (mail_service_domain): Vodacom's Vodacom
  // Email (vodacom.co.za, "Vodamail terms and conditions": customers of the South African
  // operator only), Vodafone Germany's mail and its cable branch's (Kabel Deutschland) mail, as
  // their mail-server settings name them. docs/signals-policy.md §5a keeps the sources.
  'vodamail.co.za', 'vodafonemail.de', 'kabelmail.de',
];
