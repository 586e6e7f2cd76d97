import { beforeAll, describe, expect, it } from 'vitest';
import { buildNameTables, type NameTables } from '../../src/signals/local-part.ts';
import { isContactMailbox, labelNamesPerson, labelSpelledAsName, mailboxNamesOwner } from '../../src/signals/own-site.ts';

let names: NameTables;
beforeAll(() => {
  names = buildNameTables();
});

describe('isContactMailbox', () => {
  it.each([
    ['hello', true],
    ['hi', true],
    ['mail', true],
    ['contact', true],
    ['kontakt', true],
    ['info', true],
    ['hello+newsletter', true], // the mailbox before a tag
    ['support', false],
    ['webmaster', false],
    ['admin', false],
    ['billing', false],
    ['hello.world', false],
    ['anna', false],
  ])('%s -> %s', (local, expected) => {
    expect(isContactMailbox(local)).toBe(expected);
  });
});

describe('labelNamesPerson', () => {
  it.each([
    ['janekowalski', true],
    ['jan-kowalski', true], // hyphens separate the parts as a local part's dots do
    ['annalindqvist', true],
    ['jonas-pettersen', true],
    ['olafsdottir', true], // a family name made of a given name and an ending
    ['quickbakery', false], // words
    ['berlinbakery', false],
    ['supportdesk', false], // service words
    ['mailservice', false],
    ['k7f2xq9z', false], // a machine's name
    ['xn--80ak6aa92e', false], // an internationalised label's encoding is no spelling
    ['', false],
  ])('%s -> %s', (label, expected) => {
    expect(labelNamesPerson(label, names)).toBe(expected);
  });
});

describe('mailboxNamesOwner', () => {
  it.each([
    // the mailbox inside the label, the label inside the mailbox
    ['anna', 'annaberg', true],
    ['anna.berg', 'annaberg', true],
    ['anna-berg', 'anna-berg', true],
    ['berg', 'annaberg', true],
    ['anna.berg', 'berg', true],
    ['anna.berg+shop', 'annaberg', true],
    ['anna.berg1990', 'annaberg', true],
    // an initial and the rest: either side
    ['aberg', 'annaberg', true],
    ['a.berg', 'annaberg', true],
    ['anna.berg', 'aberg', true],
    // unrelated mailboxes: a temporary-mail service's or a farm's
    ['jonas.weber', 'annaberg', false],
    ['xk7qzt', 'annaberg', false],
    ['anna', 'jonasweber', false],
    ['bberg', 'annaberg', false],
    // too few letters to tell
    ['an', 'annaberg', false],
    ['a1', 'annaberg', false],
    ['anna', 'an', false],
  ] as const)('%s at %s -> %s', (local, label, expected) => {
    expect(mailboxNamesOwner(local, label)).toBe(expected);
  });
});

describe('labelSpelledAsName', () => {
  it.each([
    // names the lists lack, spelled as names are
    ['zorvaktindel', true],
    ['srisawat', true],
    ['adebayo-okonkwo', true],
    ['jweber', true],
    // words, service words, a generator's letters, initials, digits
    ['quietfield', false],
    ['mailfast', false],
    ['support-desk', false],
    ['xkqzvw', false],
    ['bcdfgh', false],
    ['qwerty', false],
    ['k7f2xq', false],
    ['xn--80ak6aa92e', false],
    ['ab', false],
  ] as const)('%s -> %s', (label, expected) => {
    expect(labelSpelledAsName(label, names)).toBe(expected);
  });
});
