/**
 * The most used consumer mail domains, most popular first (global webmail, then national
 * webmail portals and ISPs). Used as the typo-suggestion targets and as the "popular provider"
 * flag; each one is also a domain that must never receive a suggestion itself.
 *
 * Source: curated by us (Mailsift, Apache-2.0) from public market-share knowledge of webmail
 * providers and ISPs, cross-checked against the maintained `free-email-domains` npm package
 * (Kikobeats, MIT): test/data/popular-mail-domains.test.ts asserts that nearly all entries are
 * in that package (the rest are ISP or provider domains it omits, listed there). Order matters
 * only to break ties between equally close suggestions.
 */
export const POPULAR_MAIL_DOMAINS: readonly string[] = [
  // Global webmail
  'gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com', 'aol.com', 'live.com', 'msn.com',
  'googlemail.com', 'me.com', 'mac.com', 'ymail.com', 'rocketmail.com', 'protonmail.com', 'proton.me', 'pm.me',
  'protonmail.ch', 'zoho.com', 'zohomail.com', 'gmx.com', 'gmx.net', 'mail.com', 'email.com', 'yandex.com',
  'tutanota.com', 'tuta.io', 'fastmail.com', 'hey.com', 'aim.com', 'hushmail.com', 'mailbox.org',
  // North America ISPs
  'comcast.net', 'att.net', 'verizon.net', 'sbcglobal.net', 'cox.net', 'charter.net', 'bellsouth.net',
  'earthlink.net', 'optonline.net', 'juno.com', 'frontier.com', 'windstream.net', 'centurylink.net', 'roadrunner.com',
  'shaw.ca', 'rogers.com', 'sympatico.ca', 'videotron.ca', 'telus.net', 'yahoo.ca', 'hotmail.ca', 'live.ca',
  // United Kingdom, Ireland
  'yahoo.co.uk', 'hotmail.co.uk', 'live.co.uk', 'btinternet.com', 'sky.com', 'virginmedia.com',
  'talktalk.net', 'ntlworld.com', 'blueyonder.co.uk', 'aol.co.uk', 'eircom.net',
  // France, Belgium, Switzerland
  'orange.fr', 'wanadoo.fr', 'free.fr', 'sfr.fr', 'laposte.net', 'neuf.fr', 'hotmail.fr', 'yahoo.fr', 'live.fr',
  'outlook.fr', 'gmx.fr', 'aol.fr', 'bbox.fr', 'telenet.be', 'skynet.be', 'hotmail.be', 'live.be', 'bluewin.ch',
  'gmx.ch', 'hispeed.ch',
  // Germany, Austria
  'web.de', 'gmx.de', 't-online.de', 'freenet.de', 'arcor.de', 'hotmail.de', 'yahoo.de', 'outlook.de', 'live.de',
  'posteo.de', 'gmx.at', 'aon.at',
  // Southern Europe
  'libero.it', 'virgilio.it', 'alice.it', 'tin.it', 'tiscali.it', 'fastwebnet.it', 'hotmail.it', 'yahoo.it',
  'live.it', 'outlook.it', 'email.it', 'hotmail.es', 'yahoo.es', 'outlook.es', 'live.com.pt', 'sapo.pt',
  'telefonica.net', 'terra.es',
  // Northern Europe
  'ziggo.nl', 'kpnmail.nl', 'planet.nl', 'home.nl', 'hetnet.nl', 'live.nl', 'hotmail.nl', 'telia.com', 'online.no',
  'hotmail.se', 'live.se', 'yahoo.se', 'hotmail.dk', 'live.dk', 'mail.dk',
  // Central and Eastern Europe
  'wp.pl', 'o2.pl', 'onet.pl', 'interia.pl', 'op.pl', 'gazeta.pl', 'seznam.cz', 'centrum.cz', 'email.cz', 'azet.sk',
  'freemail.hu', 'citromail.hu', 'abv.bg', 'mail.bg',
  // Russia, Ukraine, Central Asia
  'mail.ru', 'yandex.ru', 'ya.ru', 'rambler.ru', 'list.ru', 'bk.ru', 'inbox.ru', 'ukr.net', 'i.ua', 'meta.ua',
  'yandex.ua', 'yandex.by', 'yandex.kz', 'inbox.lv', 'inbox.lt',
  // Asia
  'qq.com', '163.com', '126.com', 'sina.com', 'sohu.com', 'yeah.net', '139.com', 'aliyun.com', 'foxmail.com',
  'sina.cn', 'naver.com', 'daum.net', 'hanmail.net', 'nate.com', 'yahoo.co.jp', 'docomo.ne.jp', 'ezweb.ne.jp',
  'softbank.ne.jp', 'i.softbank.jp', 'nifty.com', 'biglobe.ne.jp', 'ocn.ne.jp', 'rediffmail.com', 'yahoo.co.in',
  'yahoo.in', 'hotmail.com.tw', 'yahoo.com.tw', 'yahoo.com.hk', 'yahoo.com.sg', 'yahoo.com.ph', 'yahoo.co.id',
  'yahoo.com.vn',
  // Latin America
  'uol.com.br', 'bol.com.br', 'terra.com.br', 'ig.com.br', 'globo.com', 'hotmail.com.br', 'yahoo.com.br',
  'outlook.com.br', 'live.com.mx', 'hotmail.com.mx', 'yahoo.com.mx', 'prodigy.net.mx', 'hotmail.com.ar',
  'yahoo.com.ar', 'live.com.ar', 'hotmail.cl',
  // Oceania, Africa, Middle East
  'bigpond.com', 'bigpond.net.au', 'optusnet.com.au', 'yahoo.com.au', 'hotmail.com.au', 'outlook.com.au',
  'xtra.co.nz', 'yahoo.co.nz', 'mweb.co.za', 'webmail.co.za', 'yahoo.co.za', 'walla.com', 'walla.co.il',
];
