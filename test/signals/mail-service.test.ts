import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { parseLabelledJsonl } from '../../src/eval/labelled.ts';
import { registrableThrowaways } from '../../src/eval/synthetic-unseen.ts';
import { addressSignals, domainParts } from '../../src/signals/address-signals.ts';
import { buildAddressTables } from '../../src/signals/address-tables.ts';
import { buildNameTables } from '../../src/signals/local-part.ts';
import { namesMailService, registrableLabel } from '../../src/signals/mail-service.ts';
import { parseAddress } from '../../src/signals/syntax.ts';
import { describeShared, hasShared, sharedPath } from '../helpers/shared.ts';

const trie = buildNameTables().trie;

describe('registrableLabel', () => {
  it.each([
    ['quickmail.com', 'quickmail'],
    ['mx1.quickmail.co.uk', 'quickmail'],
    ['a-b.example.org', 'example'],
  ])('%s -> %s', (domain, label) => {
    expect(registrableLabel(domainParts(domain))).toBe(label);
  });
});

describe('namesMailService', () => {
  it.each([
    ['quickmail.com', true],
    ['mailzone7.net', true],
    ['my-e-mail.de', true],
    ['emailbox.io', true],
    // the word after a name still says mail ("anna" + "mail")
    ['annamail.org', true],
    // a given or family name that holds the letters, and the word elsewhere in the same label
    ['ismail.com', false],
    ['ismailweb.com', false],
    ['mailysdesign.fr', false],
    ['ismail-mail.com', true],
    // only the registrable label is read
    ['mail.example.com', false],
    ['example.mail', false],
    ['example.com', false],
  ])('%s -> %s', (domain, expected) => {
    expect(namesMailService(domainParts(domain), trie)).toBe(expected);
  });
});

describe('namesMailService on the disposable lists (docs/signals-policy.md §5a)', () => {
  it('says "mail" for about a tenth of their registrable domains, the share the docs give', () => {
    const throwaways = registrableThrowaways(buildAddressTables().disposable);
    const share = throwaways.filter((d) => namesMailService(domainParts(d), trie)).length / throwaways.length;
    expect(share).toBeGreaterThan(0.095);
    expect(share).toBeLessThan(0.115);
  });
});

describeShared(['eval', 'dev-labelled.jsonl'], 'mailService on the development files\' people (docs/signals-policy.md §5a)', () => {
  it('is said of no person at a custom domain in either file', () => {
    const tables = buildJudgeTables();
    let people = 0, said = 0;
    for (const file of ['dev-labelled.jsonl', 'dev-labelled-v2.jsonl']) {
      if (!hasShared('eval', file)) continue;
      for (const row of parseLabelledJsonl(readFileSync(sharedPath('eval', file), 'utf8'))) {
        const p = parseAddress(row.email);
        if (row.label !== 'human' || !p.ok) continue;
        const a = addressSignals(p.address, tables.address, undefined, tables.names.trie);
        if (a.free || a.school || a.government || a.disposable || a.relay || a.imitates !== undefined || a.lookalikeOf !== undefined) continue;
        people++;
        if (a.mailService) said++;
      }
    }
    expect(people).toBeGreaterThan(400);
    expect(said).toBe(0);
  });
});
