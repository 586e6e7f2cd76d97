/**
 * Real, distinct domains that sit within typo distance of a popular mail domain: a user who
 * types one of these meant it, so the typo suggester must stay silent.
 *
 * Source: curated by us (Mailsift, Apache-2.0). Found by running the suggester over every domain
 * of the `free-email-domains` npm package (Kikobeats, MIT) and over the mail providers and
 * regional variants we know, then keeping those that are real services, not misspellings.
 * Misspellings that the package also lists (yahoo.co, hotmail.co, vahoo.com, hitmail.com ...)
 * are deliberately NOT here: they still get a suggestion. Regional variants of the big brands
 * (hotmail.cz, outlook.cl, yahoo.gr, gmx.it, aol.de ...) need no entry: the suffix rule in
 * src/signals/typo.ts only treats a dropped character (com -> co) as a typo, and
 * test/signals/typo.test.ts checks a sample of them.
 */
export const TYPO_NEAR_NEIGHBOURS: readonly string[] = [
  // Independent mail services close to gmail/email/mail/ymail/hotmail/fastmail/foxmail/hanmail
  'email.ru', 'gmail.ru', 'imail.ru', 'zmail.ru', 'e-mail.com', 'emil.com', 'amail.com', 'cmail.com', 'qmail.com',
  'tmail.com', 'y7mail.com', 'eastmail.com', 'lastmail.com', 'lastmail.co', 'hiemail.net', 'prontomail.com',
  'edmail.com', 'ehmail.com', 'fibmail.com', 'fizmail.com', 'fboxmail.com', 'famamail.com', 'fanymail.com',
  'uymail.com', '5ymail.com', 'hmamail.com', 'gotmail.com', '3email.com', '4email.com', 'hanmail2.net',
  // Companies and portals close to live/nate/juno/earthlink/walla/zoho/icloud/telia/tutanota/daum
  'name.com', 'nafe.com', 'note.com', 'date.com', 'duno.com', 'xuno.com', 'earthling.net', 'yalla.com', 'wallm.com',
  'terra.com', 'tatanova.com', 'soho.com', 'cloud.com', 'life.com', 'love.com', 'line.com', 'lime.com', 'duam.net',
  // Regional variant whose suffix is one dropped label away from another target's (com.cl vs cl)
  'yahoo.com.cl',
];
