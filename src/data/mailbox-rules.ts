/**
 * What mailbox names the big consumer providers hand out: the rules their sign-up forms
 * enforce, as data. An address whose mailbox (before the provider's tag separator) breaks its
 * provider's rules cannot exist there (`x@gmail.com`, an emoji at gmail.com); a numeric
 * mailbox that is the provider's own numbering (a QQ number, a Chinese mobile number at
 * NetEase) is how people there are addressed.
 *
 * Rules are written to be certain rather than complete: where a provider's current rule is
 * stricter than what its older accounts may hold (Yahoo before 2010 allowed a leading digit;
 * NetEase allowed hyphens), the older, looser form is what is encoded, so a real old inbox is
 * never called impossible. Sources, in our own words, are listed per rule and in
 * docs/signals-policy.md ("Provider mailbox rules"). Mailsift, Apache-2.0.
 */

export interface MailboxRule {
  /** Short name used in tests and docs. */
  readonly provider: string;
  /** Domains the rule holds for, exactly (brand matching for Microsoft and Yahoo is in `brands`). */
  readonly domains: readonly string[];
  /** Brand labels that hold the rule under any public suffix (hotmail.co.uk, yahoo.com.br). */
  readonly brands?: readonly string[];
  /** Characters a mailbox may contain (tested per character). */
  readonly chars: RegExp;
  /** Length bounds of the mailbox; `lengthOf: 'alnum'` counts letters and digits only (Gmail ignores dots). */
  readonly minLength: number;
  readonly maxLength: number;
  readonly lengthOf?: 'all' | 'alnum';
  /** The mailbox must start with a letter (Outlook.com, iCloud, Yandex). */
  readonly startsWithLetter?: boolean;
  /** The first and last characters must be letters or digits. */
  readonly alnumEnds?: boolean;
  /** No two of . _ - in a row. */
  readonly noDoubleSpecials?: boolean;
  /** At most this many dots. */
  readonly maxDots?: number;
  /** All-digit mailboxes this long or longer must contain a letter instead (Gmail: 8). */
  readonly digitsOnlyBelow?: number;
  /**
   * All-digit mailboxes that are the provider's own numbering: an account number (QQ) or a
   * mobile number (NetEase). Such a mailbox is the normal, person-held address there.
   */
  readonly numericAccount?: RegExp;
  /** When numericAccount is set: is any other all-digit mailbox impossible? (QQ: a number never starts with 0.) */
  readonly otherNumericImpossible?: boolean;
  readonly sources: readonly string[];
}

const LDU = /^[a-z0-9._-]$/;

export const MAILBOX_RULES: readonly MailboxRule[] = [
  {
    // Google Account help "Create a username": 6-30 characters, letters (a-z), numbers and
    // periods only; the sign-up form adds that 8 or more characters must include a letter.
    // Dots do not matter in Gmail addresses, so the length counts letters and digits.
    provider: 'gmail',
    domains: ['gmail.com', 'googlemail.com'],
    chars: /^[a-z0-9.]$/,
    minLength: 6,
    maxLength: 30,
    lengthOf: 'alnum',
    digitsOnlyBelow: 8,
    sources: ['google-username', 'verb-2008'],
  },
  {
    // Microsoft account (Outlook.com, Hotmail, Live, MSN): letters, digits, '.', '-', '_';
    // must start with a letter, cannot end with a period; 64 characters at most.
    provider: 'outlook',
    domains: [],
    brands: ['hotmail', 'outlook', 'live', 'msn', 'windowslive', 'passport'],
    chars: LDU,
    minLength: 1,
    maxLength: 64,
    startsWithLetter: true,
    sources: ['ms-account-name', 'verb-2008'],
  },
  {
    // Yahoo ID: 4-32 characters, letters, digits, underscores and one period, ending with a
    // letter or digit, no two special characters in a row. Current sign-up also wants a
    // leading letter; older IDs (and the Nokia Mail rules on Yahoo) allowed a digit, so not
    // required. '-' starts a Yahoo disposable address: the base before it is checked.
    provider: 'yahoo',
    domains: ['ymail.com', 'rocketmail.com'],
    brands: ['yahoo'],
    chars: /^[a-z0-9._]$/,
    minLength: 3,
    maxLength: 32,
    alnumEnds: true,
    noDoubleSpecials: true,
    maxDots: 1,
    sources: ['yahoo-id', 'nokia-yahoo', 'verb-2008'],
  },
  {
    // AOL Mail accounts live in Yahoo's account system since 2017; older AOL screen names were
    // letters and digits. Only what neither allows is refused: other characters, under 3 or
    // over 32 characters.
    provider: 'aol',
    domains: ['aol.com', 'aim.com', 'aol.co.uk', 'aol.fr', 'aol.de'],
    chars: LDU,
    minLength: 3,
    maxLength: 32,
    sources: ['yahoo-id', 'verb-2008'],
  },
  {
    // Apple: an iCloud Mail address is 3-20 characters of letters, digits, '.', '_' and must
    // start with a letter; me.com and mac.com names (older) also allowed '-'. Hide My Email
    // addresses are longer: the upper bound is kept loose.
    provider: 'icloud',
    domains: ['icloud.com', 'me.com', 'mac.com'],
    chars: LDU,
    minLength: 3,
    maxLength: 40,
    startsWithLetter: true,
    sources: ['apple-icloud-address', 'verb-2008'],
  },
  {
    // Tencent QQ Mail: the QQ number (numbering began at 10000, so never a leading 0; today's
    // numbers have up to 11 digits, 12 allowed for headroom) or an English account name.
    provider: 'qq',
    domains: ['qq.com', 'vip.qq.com', 'foxmail.com'],
    chars: LDU,
    minLength: 3,
    maxLength: 32,
    numericAccount: /^[1-9][0-9]{4,11}$/,
    otherNumericImpossible: true,
    sources: ['qq-mail-help'],
  },
  {
    // NetEase (163, 126, yeah.net, 188): 6-18 characters of letters, digits and '_' starting
    // with a letter today; older names also hold '.' and '-'. A mobile-number mailbox is an
    // 11-digit mainland number (starting with 1).
    provider: 'netease',
    domains: ['163.com', '126.com', 'yeah.net', '188.com', 'vip.163.com', 'vip.126.com'],
    chars: LDU,
    minLength: 3,
    maxLength: 32,
    numericAccount: /^1[3-9][0-9]{9}$/,
    sources: ['netease-format'],
  },
  {
    // The mainland mobile operators' mail services name each subscriber's mailbox after the
    // mobile number (China Mobile's 139 Mail: number@139.com; China Telecom's 189 Mail:
    // number@189.cn; China Unicom's Wo Mail: number@wo.cn). An alias of letters can be added;
    // we have no source for its rules, so anything ASCII stays possible and only the number is
    // encoded.
    provider: 'cn-operators',
    domains: ['139.com', '189.cn', 'wo.cn'],
    chars: /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]$/,
    minLength: 1,
    maxLength: 64,
    numericAccount: /^1[3-9][0-9]{9}$/,
    sources: ['cn-operator-mail'],
  },
  {
    // Yandex ID: Latin letters, digits, a single hyphen or dot between them, starting with a
    // letter and ending with a letter or digit, at most 30 characters.
    provider: 'yandex',
    domains: ['yandex.ru', 'ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'yandex.com.tr'],
    chars: /^[a-z0-9.-]$/,
    minLength: 1,
    maxLength: 30,
    startsWithLetter: true,
    alnumEnds: true,
    noDoubleSpecials: true,
    sources: ['yandex-login'],
  },
  {
    // Mail.ru group mailboxes: Latin letters, digits, '.', '-', '_'; at most 31 characters.
    provider: 'mailru',
    domains: ['mail.ru', 'bk.ru', 'list.ru', 'inbox.ru', 'internet.ru', 'mail.ua'],
    chars: LDU,
    minLength: 1,
    maxLength: 31,
    sources: ['mailru-help'],
  },
  {
    // GMX and WEB.DE (United Internet): letters, digits, '.', '-', '_'.
    provider: 'gmx',
    domains: ['gmx.net', 'gmx.de', 'gmx.at', 'gmx.ch', 'gmx.com', 'gmx.us', 'gmx.co.uk', 'gmx.fr', 'gmx.es', 'gmx.it', 'gmx.eu', 'web.de'],
    chars: LDU,
    minLength: 1,
    maxLength: 64,
    sources: ['gmx-help'],
  },
  {
    // Proton: usernames of 1-40 characters: letters, digits, '.', '-', '_'.
    provider: 'proton',
    domains: ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'],
    chars: LDU,
    minLength: 1,
    maxLength: 40,
    sources: ['proton-username'],
  },
];
