import { describe, expect, it } from 'vitest';
import { MISSPELT_CHECKED_WORDS, MISSPELT_DICTIONARY_WORDS } from '../../src/data/misspelt-dictionary-words.ts';
import { SERVICE_WORDS } from '../../src/data/service-words.ts';
import { localPartSignals } from '../../src/signals/local-part.ts';
import { MISSPELT_WORD_MIN, misspeltReadings, oneSlipForms } from '../../src/signals/misspelt.ts';
import { buildNameTables } from '../../src/signals/names.ts';

const tables = buildNameTables();
const sig = (local: string) => localPartSignals(local, tables);

describe('oneSlipForms', () => {
  it('leaves out one letter, swaps a neighbouring pair or doubles a letter, never at the first letter', () => {
    const forms = oneSlipForms('payment');
    for (const f of ['pyment', 'paymnt', 'paymen', 'pyament', 'paymetn', 'paymment', 'paymentt']) expect(forms, f).toContain(f);
    for (const f of ['ayment', 'apyment', 'ppayment', 'payment']) expect(forms, f).not.toContain(f);
  });

  it("does not write a double letter single, nor drop a plural's final s", () => {
    expect(oneSlipForms('support')).not.toContain('suport');
    expect(oneSlipForms('account')).not.toContain('acount');
    expect(oneSlipForms('members')).not.toContain('member');
  });
});

describe('misspeltReadings', () => {
  it.each([
    ['paymnt.dept', ['payment.dept']],
    ['wbemaster', ['webmaster']],
    ['upgrad.team', ['upgrade.team']],
    ['helpdsk.mail', ['helpdesk.mail']],
    ['seccurity.alert', ['security.alert']],
  ])('%s reads as %j', (body, readings) => {
    expect(misspeltReadings(body, tables.misspelt)).toEqual(readings);
  });

  it.each([
    'anna.berg', // made-up people and handles: no slip of a long service word
    'baking.mom', // `baking` is an English word, not `banking` less an n
    'lena.oficial', // Portuguese and Spanish for official
    'jim.sawyer', // a 6-letter word (lawyer) less its first letter: too short to read
    'support.desk', // spelled right
    '',
  ])('%s has no misspelt reading', (body) => {
    expect(misspeltReadings(body, tables.misspelt)).toEqual([]);
  });
});

describe('localPartSignals: a misspelt service word', () => {
  it.each(['paymnt.dept', 'wbemaster', 'upgrad.team', 'helpdsk'])('%s speaks for a service', (local) => {
    expect(sig(local).serviceShare).toBe(1);
  });

  it.each([
    'paymnt.zqxv', // the rest unexplained: the reading explains nothing more than chance
    'anna.berg',
    'baking.mom',
    'lena.oficial',
  ])('%s is not read as a service word', (local) => {
    expect(sig(local).serviceShare).toBe(0);
  });
});

describe('src/data/misspelt-dictionary-words.ts', () => {
  it('was made from every service word of 7+ letters (rerun scripts/misspelt-dictionary-words.ts after adding one)', () => {
    const missing = SERVICE_WORDS.filter((w) => w.length >= MISSPELT_WORD_MIN && !MISSPELT_CHECKED_WORDS.includes(w));
    expect(missing).toEqual([]);
  });

  it('keeps every dictionary word out of the forms', () => {
    expect(MISSPELT_DICTIONARY_WORDS.length).toBeGreaterThan(0);
    for (const w of MISSPELT_DICTIONARY_WORDS) expect(tables.misspelt.word.has(w), w).toBe(false);
  });
});
