import { describe, expect, it } from 'vitest';
import { POPULAR_MAIL_DOMAINS } from '../../src/data/popular-mail-domains.ts';
import type { DnsFacts } from '../../src/domain/check.ts';
import { addressSignals, type AddressSignals } from '../../src/signals/address-signals.ts';
import { buildAddressTables } from '../../src/signals/address-tables.ts';
import { buildNameTables } from '../../src/signals/local-part.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const tables = buildAddressTables();

function signals(input: string, dns?: DnsFacts): AddressSignals {
  const p = parseAddress(input);
  if (!p.ok) throw new Error(`${input}: ${p.error}`);
  return addressSignals(p.address, tables, dns);
}

describe('addressSignals', () => {
  it('returns every field for a folded popular-provider address', () => {
    expect(signals('J.Doe.Smith+shop@GoogleMail.com')).toEqual({
      canonical: 'jdoesmith@gmail.com',
      accountType: 'free',
      roleAccount: false,
      ownSiteMailbox: false,
      disposable: false,
      relay: false,
      free: true,
      school: false,
      popularProvider: true,
      plusTagged: true,
      dotsFolded: true,
      impossibleMailbox: false,
      numericAccount: false,
      government: false,
      mailService: false,
      generatedName: false,
      bulkSuffix: false,
      dottedAlias: false,
      unknownSuffix: false,
      documentationDomain: false,
    });
  });

  it('a domain reserved for documentation, or under one, takes no mail', () => {
    expect(signals('jane.doe@example.com').documentationDomain).toBe(true);
    expect(signals('jane.doe@mail.example.org').documentationDomain).toBe(true);
    expect(signals('jane.doe@example-firm.com').documentationDomain).toBe(false);
  });

  it('a mistyped top-level name (accepted only as a typo) is nobody\'s domain, with the suggestion', () => {
    const s = addressSignals({ email: 'jo.bloggs@outlook.con', local: 'jo.bloggs', domain: 'outlook.con' }, tables);
    expect(s).toMatchObject({ unknownSuffix: true, accountType: 'unknown', typoOf: 'outlook.com', didYouMean: 'jo.bloggs@outlook.com' });
    expect(signals('jo.bloggs@outlook.co').unknownSuffix).toBe(false);
  });

  it.each([
    ['info@acme-corp.com', { deliverable: true, mailProvider: 'google' } as DnsFacts, { accountType: 'work', roleAccount: true, canonical: 'info@acme-corp.com' }],
    ['sales+leads@acme-corp.com', { deliverable: true, mailProvider: 'microsoft' } as DnsFacts, { accountType: 'work', roleAccount: true, plusTagged: true, canonical: 'sales@acme-corp.com' }],
    ['x7kq2@mailinator.com', undefined, { accountType: 'disposable', disposable: true, free: false }],
    ['abc123@mozmail.com', undefined, { accountType: 'relay', relay: true, disposable: false }],
    ['someone@fho.edu.br', undefined, { accountType: 'school', school: true }],
    ['jane@gmial.com', undefined, { didYouMean: 'jane@gmail.com', typoOf: 'gmail.com' }],
    ['jane@acme-corp.com', undefined, { accountType: 'unknown' }],
    ['jane@acme-corp.com', { deliverable: false, mailProvider: 'none' } as DnsFacts, { accountType: 'unknown' }],
    // a domain no list knows whose mail a disposable service receives (DNS)
    ['jane@fresh-throwaway.com', { deliverable: true, mailProvider: 'other', disposableService: 'mailinator' } as DnsFacts, { accountType: 'disposable', disposable: true }],
    // provider mailbox rules, on the mailbox without its tag
    ['x@gmail.com', undefined, { impossibleMailbox: true }],
    ['jane.doe+x@gmail.com', undefined, { impossibleMailbox: false }],
    ['1jane@outlook.com', undefined, { impossibleMailbox: true }],
    ['jane@hotmail.co.uk', undefined, { impossibleMailbox: false }],
    ['123456789@qq.com', undefined, { numericAccount: true, impossibleMailbox: false }],
    ['012345678@qq.com', undefined, { numericAccount: false, impossibleMailbox: true }],
    ['13912345678@163.com', undefined, { numericAccount: true }],
    ['123456789@gmail.com', undefined, { numericAccount: false, impossibleMailbox: true }],
    ['jane@acme-corp.com', undefined, { numericAccount: false, impossibleMailbox: false }],
    // homographs: judged as the real domain, with its did-you-mean
    ['jane.doe@gm\u0430il.com', undefined, { lookalikeOf: 'gmail.com', didYouMean: 'jane.doe@gmail.com', free: true, accountType: 'unknown' }],
    ['x@gm\u0430il.com', undefined, { lookalikeOf: 'gmail.com', impossibleMailbox: true }],
    ['jane@grnail.com', undefined, { lookalikeOf: 'gmail.com' }],
    // brand imitations are never work, even when DNS says they take mail
    ['jane@examplehotmail.ca', { deliverable: true, mailProvider: 'other' } as DnsFacts, { imitates: 'hotmail', accountType: 'unknown' }],
    ['jane@outlook.top', undefined, { imitates: 'outlook' }],
    ['jane@outlookindia.com', { deliverable: true, mailProvider: 'other' } as DnsFacts, { accountType: 'work' }],
    // government domains
    ['jane@house.example.gov', undefined, { government: true }],
    ['jane@dwp.gov.uk', undefined, { government: true }],
    ['jane@state.nh.us', undefined, { government: true }],
    ['jane@example.us', undefined, { government: false }],
  ])('%s', (input, dns, expected) => {
    expect(signals(input, dns)).toMatchObject(expected);
  });

  it('omits didYouMean and typoOf when there is no typo', () => {
    const s = signals('jane@gmail.com');
    expect('didYouMean' in s).toBe(false);
    expect('typoOf' in s).toBe(false);
  });

  it('suggests nothing for any of the popular mail domains', () => {
    const suggested = POPULAR_MAIL_DOMAINS.filter((d) => signals(`jane.doe@${d}`).didYouMean !== undefined);
    expect(POPULAR_MAIL_DOMAINS.length).toBeGreaterThanOrEqual(200);
    expect(suggested).toEqual([]);
  });

  it('is deterministic and does not mutate its inputs', () => {
    const p = parseAddress('a.b+c@gmail.com');
    if (!p.ok) throw new Error(p.error);
    const before = JSON.stringify(p.address);
    expect(addressSignals(p.address, tables)).toEqual(addressSignals(p.address, tables));
    expect(JSON.stringify(p.address)).toBe(before);
  });
});

describe('addressSignals: unlisted domains named as a mail service', () => {
  const trie = buildNameTables().trie;
  const mailService = (input: string, dns?: DnsFacts): boolean => {
    const p = parseAddress(input);
    if (!p.ok) throw new Error(`${input}: ${p.error}`);
    return addressSignals(p.address, tables, dns, trie).mailService;
  };

  it.each([
    ['anna@quickmailbox-demo.com', true],
    ['anna@mail-now-demo.net', true],
    ['anna@getemail4u-demo.xyz', true],
    ['anna@demo-mail.co.uk', true], // the registrable label, under a two-level suffix
    ['anna@zzqmail7-demo.com', true],
    // a subdomain named mail is a company's mail host
    ['anna@mail.acme-demo.com', false],
    ['anna@webmail.acme-demo.co.uk', false],
    // mail inside a listed name is the name (Ismail, Maillard)
    ['anna@ismail-demo.com', false],
    ['anna@maillard-demo.fr', false],
    // no "mail" in the name
    ['anna@acme-demo.com', false],
    // lists and other signals say more
    ['anna@gmail.com', false], // free mail
    ['anna@mail.com', false], // a real provider
    ['anna@mailinator.com', false], // disposable
    ['anna@examplehotmail-demo.ca', false], // a brand imitation
    ['anna@townmail.gov', false], // government
  ])('%s -> %s', (input, expected) => {
    expect(mailService(input)).toBe(expected);
  });

  it('is said the same with DNS saying the domain takes mail, and not when its MX is a disposable service', () => {
    expect(mailService('anna@quickmailbox-demo.com', { deliverable: true, mailProvider: 'other' })).toBe(true);
    expect(mailService('anna@quickmailbox-demo.com', { deliverable: true, disposableService: 'mailinator' })).toBe(false);
  });

  it('is never said without the name trie (a name could hold the letters)', () => {
    const p = parseAddress('anna@quickmailbox-demo2.com');
    if (!p.ok) throw new Error(p.error);
    expect(addressSignals(p.address, tables).mailService).toBe(false);
  });
});

describe('addressSignals: a contact mailbox at a person\'s own domain', () => {
  const people = buildNameTables();
  const ownSite = (input: string, dns?: DnsFacts): AddressSignals => {
    const p = parseAddress(input);
    if (!p.ok) throw new Error(`${input}: ${p.error}`);
    return addressSignals(p.address, tables, dns, people.trie, people);
  };

  it.each([
    ['hello@jan-kowalski.dev', true],
    ['mail@annalindqvist.net', true],
    ['info@marta-oliveira.pt', true],
    ['kontakt@jonas-pettersen.no', true],
    ['contact+site@annalindqvist.net', true], // a filing tag on the same mailbox
    // a department's word at the same domain: what a phishing reply impersonates
    ['support@jan-kowalski.dev', false],
    ['webmaster@annalindqvist.net', false],
    ['billing@marta-oliveira.pt', false],
    // a person's own address there is no role address at all
    ['jan@jan-kowalski.dev', false],
    // a domain that is a business's words, a service, or a machine's name
    ['info@quickbakery.com', false],
    ['hello@supportdesk.net', false],
    ['info@k7f2xq9z.com', false],
    // lists and other signals say more: free mail, a school, a government, a typo
    ['hello@gmail.com', false],
    ['info@annalindqvist.gov', false],
    ['info@fho.edu.br', false],
  ])('%s -> %s', (input, expected) => {
    expect(ownSite(input).ownSiteMailbox).toBe(expected);
  });

  it('keeps the role flag: SPEC\'s role_account still says it is a role address', () => {
    expect(ownSite('hello@jan-kowalski.dev')).toMatchObject({ roleAccount: true, ownSiteMailbox: true });
  });

  it('is never said without the name tables', () => {
    const p = parseAddress('hello@jan-kowalski.dev');
    if (!p.ok) throw new Error(p.error);
    expect(addressSignals(p.address, tables, undefined, people.trie).ownSiteMailbox).toBe(false);
  });
});

describe('addressSignals: unlisted domains whose name a machine generated', () => {
  it.each([
    ['anna@k7f2xq9z.com', true],
    ['anna@x9q2m7.co.uk', true],
    ['anna@mx.k7f2xq9z.net', true],
    // people's and organisations' names, words, initialisms and numbers that mean something
    ['anna@quietfield-works.com', false],
    ['anna@abc2018.de', false],
    ['anna@7eleven-store.com', false],
    // listed or explained by another signal, or nobody's domain
    ['anna@gmail.com', false],
    ['anna@mailinator.com', false],
    ['anna@k7f2xq9z.gov', false],
    // an internationalised label's ASCII form is an encoding
    ['anna@xn--80ak6aa92e.com', false],
  ] as const)('%s -> %s', (input, expected) => {
    expect(signals(input).generatedName).toBe(expected);
  });
});

describe('addressSignals: unlisted domains under a top-level name sold in bulk', () => {
  const people = buildNameTables();
  const withNames = (input: string): AddressSignals => {
    const p = parseAddress(input);
    if (!p.ok) throw new Error(`${input}: ${p.error}`);
    return addressSignals(p.address, tables, undefined, people.trie, people);
  };

  it.each([
    ['anna@quietfield.top', true],
    ['anna@mx.quietfield.xyz', true],
    ['anna@quietfield-works.shop', true],
    ['anna@quietfield.sbs', true],
    // other suffixes, cheap or not
    ['anna@quietfield-works.com', false],
    ['anna@quietfield.site', false],
    ['anna@quietfield.tk', false],
    // listed (a throwaway service's own, already disposable) or explained by another signal
    ['anna@aacxb.xyz', false],
    ['anna@outlook.top', false],
    ['anna@gmail.com', false],
    // a person's own mailbox at a domain in their name: bought to keep, whatever it cost
    ['anna@annaberg.top', false],
    ['anna.berg@annaberg.xyz', false],
    ['aberg@anna-berg.shop', false],
    ['hello@annaberg.top', false],
    // the name's domain, someone else's mailbox (a throwaway service hands out any name there)
    ['jonas.weber@annaberg.top', true],
    ['xk7qzt@annaberg.top', true],
    ['support@annaberg.top', true],
    // a mailbox that names the label, at a label that is no person's name
    ['quiet@quietfield.top', true],
    ['hello@quietfield.top', true],
    // a name the lists lack, spelled as names are: the mailbox that names it is the owner's
    ['zorvak@zorvaktindel.xyz', false],
    ['zorvak.tindel@zorvaktindel.top', false],
    // ...but a contact word needs a label the lists read as a name
    ['hello@zorvaktindel.top', true],
    // a generator's label, whatever the mailbox
    ['xkqzvw@xkqzvw.top', true],
  ] as const)('%s -> %s', (input, expected) => {
    expect(withNames(input).bulkSuffix).toBe(expected);
  });

  it('without the name tables no mailbox is read as the owner\'s', () => {
    expect(signals('anna@annaberg.top').bulkSuffix).toBe(true);
  });

  it.each([
    // Gmail delivers every dotted spelling to one inbox: dots that break names there
    ['mic.hael.wal.ker@gmail.com', true],
    ['mic.hael.wal.ker@googlemail.com', true],
    ['mic.hael.wal.ker+news@gmail.com', true],
    // dots between names, after initials: how people write theirs
    ['michael.walker@gmail.com', false],
    ['m.j.walker@gmail.com', false],
    // providers where a dot makes another mailbox: the spelling is that mailbox's own
    ['mic.hael.wal.ker@outlook.com', false],
    ['mic.hael.wal.ker@quietfield.com', false],
  ] as const)('dotted alias: %s -> %s', (input, expected) => {
    expect(withNames(input).dottedAlias).toBe(expected);
  });

  it('without the name tables no dot is read as inside a name', () => {
    expect(signals('mic.hael.wal.ker@gmail.com').dottedAlias).toBe(false);
  });
});
