import { describe, expect, it } from 'vitest';
import type { DnsFacts } from '../../src/domain/check.ts';
import { classifyDomain, schoolMatch } from '../../src/signals/account-type.ts';
import { domainParts } from '../../src/signals/address-signals.ts';
import { buildAddressTables } from '../../src/signals/address-tables.ts';

const tables = buildAddressTables();
const classify = (domain: string, dns?: DnsFacts) => classifyDomain(domainParts(domain), tables, dns);
const deliverable: DnsFacts = { deliverable: true, mailProvider: 'other' };

describe('classifyDomain: account type with precedence relay > disposable > school > free > work > unknown', () => {
  it.each([
    // relay (providers.md section 3), never disposable even though mailchecker lists some
    ['privaterelay.appleid.com', 'relay'],
    ['mozmail.com', 'relay'],
    ['jane.mozmail.com', 'relay'],
    ['relay.firefox.com', 'relay'],
    ['duck.com', 'relay'],
    ['aleeas.com', 'relay'],
    ['myname.simplelogin.com', 'relay'],
    ['slmail.me', 'relay'],
    ['passinbox.com', 'relay'],
    ['anonaddy.me', 'relay'],
    ['johndoe.anonaddy.com', 'relay'],
    // disposable (mailchecker + the maintained disposable-email-domains list), including subdomains of a listed service
    ['mailinator.com', 'disposable'],
    ['yopmail.com', 'disposable'],
    ['guerrillamail.com', 'disposable'],
    ['sub.mailinator.com', 'disposable'],
    // school: dataset (with subdomains) and academic suffixes
    ['fho.edu.br', 'school'],
    ['alunos.fho.edu.br', 'school'],
    ['stanford.edu', 'school'],
    ['cs.ox.ac.uk', 'school'],
    ['unimelb.edu.au', 'school'],
    ['lausd.k12.ca.us', 'school'],
    ['agh.edu.pl', 'school'],
    ['nus.edu.sg', 'school'],
    // free
    ['gmail.com', 'free'],
    ['outlook.com', 'free'],
    ['yahoo.co.jp', 'free'],
    ['gmx.de', 'free'],
    ['mail.ru', 'free'],
    ['proton.me', 'free'],
    ['zoho.com', 'free'],
    ['icloud.com', 'free'],
    ['yandex.ru', 'free'],
    ['keemail.me', 'free'],
  ])('%s -> %s', (domain, type) => {
    expect(classify(domain).accountType).toBe(type);
  });

  it('work needs DNS to say the domain is deliverable; otherwise unknown', () => {
    expect(classify('acme-corp.com', deliverable).accountType).toBe('work');
    expect(classify('acme-corp.com', { deliverable: false }).accountType).toBe('unknown');
    expect(classify('acme-corp.com', { deliverable: null }).accountType).toBe('unknown');
    expect(classify('acme-corp.com').accountType).toBe('unknown');
  });

  it('free, school, relay and disposable do not need DNS, and DNS does not change them', () => {
    for (const d of ['gmail.com', 'stanford.edu', 'duck.com', 'mailinator.com']) {
      expect(classify(d, { deliverable: false }).accountType).toBe(classify(d).accountType);
    }
  });

  it('keeps real providers out of disposable even when a list names them (allow-list)', () => {
    for (const d of ['gmail.com', 'outlook.com', 'yahoo.com', 'zoho.com', 'proton.me', 'icloud.com', 'gmx.net', 'yandex.ru', 'mail.ru', 'duck.com', 'keemail.me', 'hush.com', 'consultant.com']) {
      expect(classify(d).disposable, d).toBe(false);
    }
  });

  it('takes the operator\'s corrections: never disposable, or disposable although no list has it (subdomains too)', () => {
    const corrected = buildAddressTables({ notDisposable: ['yopmail.com'], disposable: ['fresh-throwaway.example.net'] });
    const c = (domain: string) => classifyDomain(domainParts(domain), corrected);
    expect(classify('yopmail.com').disposable).toBe(true);
    expect(c('yopmail.com').disposable).toBe(false);
    expect(c('sub.yopmail.com').disposable).toBe(false);
    expect(c('mailinator.com').disposable).toBe(true); // the lists still hold for everything else
    expect(classify('fresh-throwaway.example.net').disposable).toBe(false);
    expect(c('fresh-throwaway.example.net')).toMatchObject({ disposable: true, accountType: 'disposable' });
    expect(c('a.fresh-throwaway.example.net').disposable).toBe(true);
  });

  it('calls a domain no list knows disposable when DNS shows a disposable service receives its mail', () => {
    const viaMx: DnsFacts = { deliverable: true, mailProvider: 'other', disposableService: 'mailinator' };
    expect(classify('fresh-throwaway.example.net', deliverable).accountType).toBe('work');
    expect(classify('fresh-throwaway.example.net', viaMx)).toMatchObject({ disposable: true, accountType: 'disposable' });
    expect(classify('gmail.com', viaMx).disposable).toBe(false); // never a real provider
    const corrected = buildAddressTables({ notDisposable: ['fresh-throwaway.example.net'] });
    expect(classifyDomain(domainParts('fresh-throwaway.example.net'), corrected, viaMx).disposable).toBe(false);
  });

  it('does not let a disposable-list entry that is a public suffix swallow the namespace (edu.pl)', () => {
    expect(classify('some-unlisted-school.edu.pl').disposable).toBe(false);
  });

  it('sets flags independently of the chosen type', () => {
    expect(classify('gmail.com')).toMatchObject({ free: true, popularProvider: true, disposable: false, relay: false, school: false });
    expect(classify('duck.com')).toMatchObject({ relay: true, disposable: false, popularProvider: false });
    expect(classify('mailinator.com')).toMatchObject({ disposable: true, free: false });
    expect(classify('nus.edu.sg')).toMatchObject({ school: true, disposable: false });
  });
});

describe('schoolMatch', () => {
  const match = (d: string) => schoolMatch(domainParts(d), tables);
  it('matches the dataset on a dot boundary only', () => {
    expect(match('fho.edu.br')).toBe('dataset');
    expect(match('aluno.fho.edu.br')).toBe('dataset');
    // evilfho.edu.br is not fho.edu.br; it is a school only by the .edu.br suffix rule
    expect(match('evilfho.edu.br')).toBe('suffix');
    // a dataset domain outside academic suffixes: the dot boundary is all that protects it
    expect(match('125su.com')).toBe('dataset');
    expect(match('evil125su.com')).toBeUndefined();
  });

  it('honours the dataset exclusions (stoplist, abused, blacklist)', () => {
    expect(match('2014.cqut.edu.cn')).toBeUndefined();
    expect(match('si.edu')).toBeUndefined();
  });
});
