import { describe, expect, it } from 'vitest';
import { institutionTailLetters } from '../../src/signals/institution-local.ts';
import { localPartSignals } from '../../src/signals/local-part.ts';
import { buildNameTables } from '../../src/signals/names.ts';

const tables = buildNameTables();

describe('institutionTailLetters', () => {
  // Made-up schools and agencies; made-up people.
  it.each([
    ['qzu.edu', 6], // a school's initials alone
    ['helpdesk.qzu.edu', 6],
    ['webmail.northfield.edu', 13], // a desk before the school's name
    ['helpdesk_qzu.edu', 6],
    ['it.eastvale.ac.uk', 12],
    ['support.dorvik.gov', 9],
    ['quota.tarnby.edu.au', 11],
    ['mailbox.qzu.edu', 6], // a desk word is no person's name
    ['support.qzu.edu', 6],
  ])('%s ends in an institution (%i letters)', (body, letters) => {
    expect(institutionTailLetters(body, tables.trie)).toBe(letters);
  });

  it.each([
    'annaberg.net', // a person's own site: anyone can register these
    'zorvak.info',
    'silva.edu', // `edu` is Eduardo's short name after a family name
    'czerwiak.edu', // ... also one the lists do not hold: 5+ letters alone are no initials
    'anna.czerwiak.edu', // a given name before it: a person
    'maria.edu',
    'ana.edu.br', // a name before a country's edu
    'edu', // no school's name
    'x.gov', // one letter is no name
    'qzu.edu.mail', // the suffix must end the body
    'annaberg',
    'jsmith.ucla.edu', // a person's initial and family name before their school: their own address written in
    'annaberg.mit.edu', // two names glued
    'anna.berg.dorvik.gov', // an official's name before the agency
    'jsmith.eastvale.ac.uk',
  ])('%s ends in no institution', (body) => {
    expect(institutionTailLetters(body, tables.trie)).toBe(0);
  });
});

describe('localPartSignals: an institution speaking from another address', () => {
  it.each(['qzu.edu', 'helpdesk.qzu.edu', 'support.dorvik.gov'])('%s speaks for a service', (local) => {
    expect(localPartSignals(local, tables).serviceShare).toBe(1);
  });

  it('counts only the institution letters beside a person', () => {
    const s = localPartSignals('quota.tarnby.edu.au', tables);
    expect(s.serviceShare).toBe(1); // quota is a service word too
    expect(localPartSignals('jdoe.tarnby.edu.au', tables).serviceShare).toBeCloseTo(11 / 15, 6);
    expect(localPartSignals('it.eastvale.ac.uk', tables).serviceShare).toBeCloseTo(12 / 14, 6);
  });

  it.each(['silva.edu', 'annaberg.net', 'anna.czerwiak.edu'])('%s is not read as one', (local) => {
    expect(localPartSignals(local, tables).serviceShare).toBe(0);
  });
});
