import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../src/signals/syntax.ts';

const ok = (input: string) => {
  const r = parseAddress(input);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(input)} to parse, got ${r.error}`);
  return r.address;
};
const err = (input: string): string => {
  const r = parseAddress(input);
  if (r.ok) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return r.error;
};

describe('parseAddress accepts practical addresses', () => {
  it.each([
    ['Jane.Doe@Example.COM', { email: 'jane.doe@example.com', local: 'jane.doe', domain: 'example.com' }],
    ['  jane@example.com\t', { email: 'jane@example.com', local: 'jane', domain: 'example.com' }],
    ['\u00a0jane@example.com\u2003\u3000\ufeff', { email: 'jane@example.com', local: 'jane', domain: 'example.com' }],
    ['İsmail.kaya@gmail.com', { email: 'i\u0307smail.kaya@gmail.com', local: 'i\u0307smail.kaya', domain: 'gmail.com' }],
    ["!#$%&'*+-/=?^_`{|}~@example.org", { email: "!#$%&'*+-/=?^_`{|}~@example.org", local: "!#$%&'*+-/=?^_`{|}~", domain: 'example.org' }],
    ['user+tag@sub.mail.example.co.uk', { email: 'user+tag@sub.mail.example.co.uk', local: 'user+tag', domain: 'sub.mail.example.co.uk' }],
    ['jeff@臺網中心.tw', { email: 'jeff@臺網中心.tw', local: 'jeff', domain: 'xn--fiqq24b10vi0d.tw' }],
    ['юзер@екзампл.рф', { email: 'юзер@екзампл.рф', local: 'юзер', domain: 'xn--80ajglhfv.xn--p1ai' }],
    ['me@Ｄｏｍａｉｎ.com', { email: 'me@ｄｏｍａｉｎ.com', local: 'me', domain: 'domain.com' }],
    ['test@g--a.com', { email: 'test@g--a.com', local: 'test', domain: 'g--a.com' }],
    ['xn--test@iana.org', { email: 'xn--test@iana.org', local: 'xn--test', domain: 'iana.org' }],
    ['a@b.io', { email: 'a@b.io', local: 'a', domain: 'b.io' }],
  ])('%j', (input, expected) => {
    expect(ok(input)).toEqual(expected);
  });

  it('normalises the local part to NFC (s + dot below + dot above -> one character)', () => {
    expect(ok('s\u0323\u0307@example.com').local).toBe('\u1e69');
  });

  it('accepts a 64-octet local part and a 254-octet address', () => {
    const local = 'a'.repeat(64);
    expect(ok(`${local}@example.com`).local).toBe(local);
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`; // 185 chars
    const addr = `${local}@${domain}`;
    expect(addr.length).toBe(254);
    expect(ok(addr).domain).toBe(domain);
  });
});

describe('parseAddress refuses invisible characters in the local part', () => {
  const INVISIBLE = 'email: local part must not contain invisible characters (zero-width, joiners, fillers, variation selectors)';
  it.each([
    ['zero-width space', '\u200b'],
    ['zero-width non-joiner', '\u200c'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['soft hyphen', '\u00ad'],
    ['combining grapheme joiner', '\u034f'],
    ['Hangul filler', '\u3164'],
    ['Hangul choseong filler', '\u115f'],
    ['Hangul jungseong filler', '\u1160'],
    ['halfwidth Hangul filler', '\uffa0'],
    ['Braille pattern blank', '\u2800'],
    ['variation selector 16', '\ufe0f'],
    ['variation selector 17 (supplementary)', '\u{e0100}'],
    ['Mongolian vowel separator', '\u180e'],
    ['tag letter', '\u{e0041}'],
    ['invisible times', '\u2062'],
    ['byte-order mark inside', '\ufeff'],
  ])('%s', (_name, ch) => {
    for (const input of [`an${ch}na@example.com`, `anna${ch}@example.com`, `x.${ch}anna@example.com`, `❤${ch}@example.com`]) {
      expect(parseAddress(input)).toEqual({ ok: false, error: INVISIBLE });
    }
  });

  it('still accepts visible non-ASCII letters and emoji without selectors', () => {
    for (const input of ['josé@example.com', 'δοκιμή@example.com', '用户@example.com', '❤@example.com']) {
      expect(parseAddress(input).ok, input).toBe(true);
    }
  });
});

describe('parseAddress rejects with an error naming the field and the rule', () => {
  it.each([
    ['', 'email: must not be empty'],
    ['   ', 'email: must not be empty'],
    ['janeexample.com', 'email: must contain exactly one @'],
    ['a@b@example.com', 'email: must contain exactly one @'],
    ['@example.com', 'email: local part must not be empty'],
    ['jane@', 'email: domain must not be empty'],
    ['.jane@example.com', 'email: local part must not start or end with a dot'],
    ['jane.@example.com', 'email: local part must not start or end with a dot'],
    ['ja..ne@example.com', 'email: local part must not contain two dots in a row'],
    ['ja,ne@example.com', 'email: local part contains a character that is not allowed'],
    ['mailto:jane@example.com', 'email: local part contains a character that is not allowed'],
    ['\u200bjane@example.com', 'email: local part must not contain invisible characters (zero-width, joiners, fillers, variation selectors)'],
    ['\u202ejane@example.com', 'email: local part must not contain invisible characters (zero-width, joiners, fillers, variation selectors)'],
    ['ja\u0085ne@example.com', 'email: must not contain control characters'],
    ['\ue000@example.com', 'email: local part contains an unsafe Unicode character'],
    ['ja\u0600ne@example.com', 'email: local part contains an unsafe Unicode character'],
    ['\u0300x@example.com', 'email: local part must not start a segment with a combining mark'],
    [`${'a'.repeat(65)}@example.com`, 'email: local part must be at most 64 characters'],
    [`${'é'.repeat(33)}@example.com`, 'email: local part must be at most 64 octets in UTF-8 (RFC 5321)'],
    ['aİb@ex_ample.com', 'email: domain labels may contain only letters, digits and inner hyphens'],
    ['aİb@@example.com', 'email: must contain exactly one @'],
    ['"jane"@example.com', 'email: quoted local parts are not accepted'],
    ['Jane <jane@example.com>', 'email: must be a bare address, without a display name or angle brackets'],
    ['(c)jane@example.com', 'email: comments are not accepted'],
    ['ja ne@example.com', 'email: must not contain spaces'],
    ['jane@example.com\n', 'email: must not contain control characters'],
    ['\r\njane@example.com', 'email: must not contain control characters'],
    ['jane@exam\u00a0ple.com', 'email: must not contain spaces'],
    ['jane@[127.0.0.1]', 'email: IP-literal domains are not accepted'],
    ['jane@127.0.0.1', 'email: domain must be a host name, not an IP address'],
    ['jane@localhost', 'email: domain must contain a dot'],
    ['jane@example.com.', 'email: domain must not end with a dot'],
    ['jane@.example.com', 'email: domain must not contain an empty label (leading dot or two dots in a row)'],
    ['jane@example..com', 'email: domain must not contain an empty label (leading dot or two dots in a row)'],
    ['jane@-example.com', 'email: domain labels may contain only letters, digits and inner hyphens'],
    ['jane@exam_ple.com', 'email: domain labels may contain only letters, digits and inner hyphens'],
    ['jane@example.com#', 'email: domain labels may contain only letters, digits and inner hyphens'],
    ['jane@example.com/path', 'email: domain labels may contain only letters, digits and inner hyphens'],
    ['jane@yy--0.com', 'email: domain label must not have "--" in the third and fourth positions'],
    ['jane@xn--0.com', 'email: domain is not a valid internationalised domain name'],
    ['jane@⒈x.com', 'email: domain is not a valid internationalised domain name'],
    [`jane@${'a'.repeat(64)}.com`, 'email: domain labels must be at most 63 characters'],
    ['jane@example.test', 'email: domain uses the special-use top-level domain .test'],
    ['jane@printer.local', 'email: domain uses the special-use top-level domain .local'],
    ['jane@host.localhost', 'email: domain uses the special-use top-level domain .localhost'],
    ['jane@x.invalid', 'email: domain uses the special-use top-level domain .invalid'],
    ['jane@x.example', 'email: domain uses the special-use top-level domain .example'],
    ['jane@x.onion', 'email: domain uses the special-use top-level domain .onion'],
    ['jane@x.in-addr.arpa', 'email: domain uses the special-use top-level domain .arpa'],
    ['jane@example.con', 'email: domain has no known public suffix'],
    ['jane@iana.123', 'email: domain has no known public suffix'],
    ['jane@co.uk', 'email: domain is a public suffix, not a mail domain'],
  ])('%j -> %s', (input, message) => {
    expect(err(input)).toBe(message);
  });

  it('a domain policy may accept an unknown public suffix, and only that: every other rule still holds', () => {
    const seen: string[] = [];
    const policy = { acceptUnknownSuffix: (ascii: string) => (seen.push(ascii), ascii !== 'other.con') };
    expect(parseAddress('Jane@Example.CON', policy)).toEqual({ ok: true, address: { email: 'jane@example.con', local: 'jane', domain: 'example.con' } });
    expect(seen).toEqual(['example.con']);
    expect(parseAddress('jane@other.con', policy)).toEqual({ ok: false, error: 'email: domain has no known public suffix' });
    expect(parseAddress('jane@example.com', policy).ok).toBe(true);
    expect(seen).toEqual(['example.con', 'other.con']); // asked only when the suffix is unknown
    expect(parseAddress('jane@example.test', policy)).toEqual({ ok: false, error: 'email: domain uses the special-use top-level domain .test' });
    expect(parseAddress('jane..doe@example.con', policy).ok).toBe(false);
    expect(parseAddress(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.con`, policy)).toEqual({ ok: false, error: 'email: must be at most 254 characters' });
  });

  it('rejects over 254 characters after trimming, before any other rule', () => {
    expect(err(`${'a'.repeat(250)}@example.com`)).toBe('email: must be at most 254 characters');
    expect(err(' '.repeat(10) + 'x'.repeat(300_000))).toBe('email: must be at most 254 characters');
  });

  it('counts the ASCII form of an internationalised domain towards the 254 limit', () => {
    const local = 'a'.repeat(60);
    // 14 distinct CJK characters: a 14-character U-label whose A-label is 33 characters.
    const label = Array.from({ length: 14 }, (_, i) => String.fromCharCode(0x4e00 + i * 37)).join('');
    const input = `${local}@${Array(7).fill(label).join('.')}.com`; // 173 characters
    expect(input.length).toBeLessThanOrEqual(254);
    expect(err(input)).toBe('email: must be at most 254 octets as sent (local part in UTF-8, domain in ASCII form)');
  });
});

describe('parseAddress never throws', () => {
  it('on arbitrary strings, including lone surrogates and control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        const r = parseAddress(s);
        return r.ok ? typeof r.address.domain === 'string' : r.error.startsWith('email: ');
      }),
      { numRuns: 3000 },
    );
  });

  it('on address-shaped strings built from risky pieces', () => {
    const piece = fc.constantFrom('a', '.', '@', '-', '"', '\\', ' ', '\ud800', '\udc00', '\u0000', 'é', 'xn--', '臺', '．', '＠', '[', ']', '+', 'com');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const r = parseAddress(parts.join(''));
        if (r.ok) {
          // Whatever is accepted satisfies the invariants others rely on.
          expect(r.address.email).toBe(r.address.email.toLowerCase());
          expect(r.address.domain).toMatch(/^[a-z0-9.-]+$/);
          expect(r.address.domain.length).toBeLessThanOrEqual(253);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('on non-string input passed through untyped JSON', () => {
    expect(parseAddress(42 as unknown as string)).toEqual({ ok: false, error: 'email: must be a string' });
  });
});
