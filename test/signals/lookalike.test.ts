import { describe, expect, it } from 'vitest';
import { buildAddressTables } from '../../src/signals/address-tables.ts';
import { homographOf, imitatedBrand, loadConfusables, skeleton } from '../../src/signals/lookalike.ts';
import { domainParts } from '../../src/signals/address-signals.ts';
import { checkDomain } from '../../src/signals/syntax-domain.ts';

const t = buildAddressTables();
const ascii = (d: string) => {
  const c = checkDomain(d);
  if (!c.ok) throw new Error(c.error);
  return c.ascii;
};
const imitation = (domain: string) => {
  const p = domainParts(domain);
  return imitatedBrand(domain, domain.slice(0, -p.publicSuffix.length - 1).split('.'), p.publicSuffix, t.lookalike);
};

describe('skeleton (UTS #39)', () => {
  const c = loadConfusables();
  it.each([
    ['gmаil.com', 'gmail.com'], // Cyrillic а
    ['gmail.com', 'gmail.com'],
    ['yаhоо.com', 'yahoo.com'], // Cyrillic а and о
    ['grnail.com', 'gmail.com'], // rn reads as m
    ['g00gle.com', 'google.com'],
  ])('%s reads as %s', (a, b) => {
    expect(skeleton(a, c)).toBe(skeleton(b, c));
  });

  it('keeps different words apart', () => {
    expect(skeleton('gmail.com', c)).not.toBe(skeleton('email.com', c));
  });
});

describe('homographOf', () => {
  it.each([
    ['gmаil.com', 'gmail.com'], // Cyrillic а
    ['оutlook.com', 'outlook.com'], // Cyrillic о
    ['hotmaіl.com', 'hotmail.com'], // Ukrainian і
    ['grnail.com', 'gmail.com'],
    ['gmаil.co', 'gmail.com'], // a homograph of a typo of gmail.com
  ])('%s -> %s', (domain, target) => {
    expect(homographOf(ascii(domain), t.lookalike)).toBe(target);
  });

  it.each(['gmail.com', 'googlemail.com', 'outlook.com', 'acme-corp.com', 'münchen.de', 'email.com', 'mail.ru', 'bücher.example.com'])(
    '%s is nobody\'s homograph',
    (domain) => {
      expect(homographOf(ascii(domain), t.lookalike)).toBeUndefined();
    },
  );
});

describe('imitatedBrand', () => {
  it.each([
    ['examplehotmail.ca', 'hotmail'],
    ['gmail-support.com', 'gmail'],
    ['mygmail.net', 'gmail'],
    ['outlook.top', 'outlook'],
    ['gmail.xyz', 'gmail'],
    ['outlookmail.com', 'outlook'],
    ['yahoo.support', 'yahoo'],
    ['mail.icloud-login.net', 'icloud'],
    // An everyday-word brand beside words that say what the provider is, not who a company is.
    ['live-inbox.shop', 'live'],
    ['postlive.xyz', 'live'],
    ['outlook-web.top', 'outlook'],
    ['myoutlook.site', 'outlook'],
    ['aolonline.com', 'aol'],
    ['aol-box.click', 'aol'],
    ['msnhub.store', 'msn'],
    ['loginmsn.info', 'msn'],
    ['secure-id-aol.net', 'aol'],
  ])('%s imitates %s', (domain, brand) => {
    expect(imitation(domain)).toBe(brand);
  });

  it.each([
    'hotmail.com', 'outlook.fr', 'yahoo.co.uk', 'gmail.com', // the providers' own
    'yahoo-inc.com', 'europe.yahoo-inc.com', // a provider's company domain and its subdomains
    'mx.hotmail.com',
    'outlookindia.com', 'deliverylive.com', 'olivemail.com', 'kaolin.com', 'msnbc.com', // everyday words
    'livenation.com', 'live-help.io', 'liveonline.net', 'liverpool.ac.uk', 'oliveinbox.com', // live: only beside a mailbox word
    'outlookgroup.com', 'outlook-nebraska.org', 'aoltoronto.com', 'aolnews-today.com', 'boxmsnbc.com', // an organisation's own word beside the brand
    'inboxoutlookpro.com', 'mywebinboxloginaol.com', // the brand not at an edge, or more than three companion words
    'hotmail.cz', 'yandex.kz', // a regional provider domain under a country code may be real
    'acme-corp.com',
  ])('%s imitates nothing', (domain) => {
    expect(imitation(domain)).toBeUndefined();
  });
});
