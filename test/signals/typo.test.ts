import { beforeAll, describe, expect, it } from 'vitest';
import { POPULAR_MAIL_DOMAINS } from '../../src/data/popular-mail-domains.ts';
import { TYPO_NEAR_NEIGHBOURS } from '../../src/data/typo-near-neighbours.ts';
import { addressSignals } from '../../src/signals/address-signals.ts';
import { buildAddressTables } from '../../src/signals/address-tables.ts';
import { parseAddress } from '../../src/signals/syntax.ts';
import { buildTypoIndex, suggestDomain } from '../../src/signals/typo.ts';
import { describeShared, readSharedJson } from '../helpers/shared.ts';

const tables = buildAddressTables();
const suggest = (domain: string) => suggestDomain(domain, tables.typo);

describe('suggestDomain: typos of popular mail domains', () => {
  it.each([
    ['gmial.com', 'gmail.com'],
    ['gmal.com', 'gmail.com'],
    ['gmai.com', 'gmail.com'],
    ['gmaill.com', 'gmail.com'],
    ['gnail.com', 'gmail.com'],
    ['gmiol.com', 'gmail.com'],
    ['gmailc.om', 'gmail.com'],
    ['gmail.co', 'gmail.com'],
    ['gmail.cm', 'gmail.com'],
    ['gmail.con', 'gmail.com'],
    ['gmail.c', 'gmail.com'],
    ['hotmial.com', 'hotmail.com'],
    ['hotmial.con', 'hotmail.com'],
    ['homail.con', 'hotmail.com'],
    ['hotmail.co', 'hotmail.com'],
    ['yahooo.com', 'yahoo.com'],
    ['yahooo.cmo', 'yahoo.com'],
    ['yhoo.com', 'yahoo.com'],
    ['yajoo.com', 'yahoo.com'],
    ['yahoo.co', 'yahoo.com'],
    ['yahoo.cm', 'yahoo.com'],
    ['outlok.com', 'outlook.com'],
    ['oultook.com', 'outlook.com'],
    ['iclod.com', 'icloud.com'],
    ['comcats.net', 'comcast.net'],
    ['yandex.rru', 'yandex.ru'],
    ['aol.co', 'aol.com'],
    ['zopo.com', 'zoho.com'],
    ['yaho.co.uk', 'yahoo.co.uk'],
  ])('%s -> %s', (typed, expected) => {
    expect(suggest(typed)).toBe(expected);
  });

  it('repairs an unknown last label of an unknown domain (mailcheck-style)', () => {
    expect(suggest('randomsmallcompany.cmo')).toBe('randomsmallcompany.com');
    expect(suggest('emaildomain.con')).toBe('emaildomain.com');
    // ...but never when the caller says the suffix is a real public suffix
    expect(suggestDomain('emaildomain.con', tables.typo, { suffixIsPublic: true })).toBeUndefined();
  });
});

describe('suggestDomain: no suggestion for real, distinct domains', () => {
  it('the popular mail domains themselves (all targets)', () => {
    expect(POPULAR_MAIL_DOMAINS.length).toBeGreaterThanOrEqual(200);
    expect(POPULAR_MAIL_DOMAINS.filter((d) => suggest(d) !== undefined)).toEqual([]);
  });

  it('the listed real near-neighbours', () => {
    expect(TYPO_NEAR_NEIGHBOURS.filter((d) => suggest(d) !== undefined)).toEqual([]);
    // ...which the list is really needed for: without it, most of them would get one
    const bare = buildTypoIndex(POPULAR_MAIL_DOMAINS, []);
    expect(TYPO_NEAR_NEIGHBOURS.filter((d) => suggestDomain(d, bare) !== undefined).length).toBe(TYPO_NEAR_NEIGHBOURS.length);
  });

  it.each([
    'hey.com', 'mail.com', 'email.com', 'ymail.com', 'gmx.de', 'gmx.net', 'gmx.fr', 'live.it', 'live.fr', 'bol.com.br',
    'yahoo.co.jp', 'yahoo.co.uk', 'libero.it', 'aol.de', 'hotmail.cz', 'outlook.cz', 'outlook.cl', 'yahoo.gr', 'gmx.it',
    'hotmail.com.tr', 'live.com.au', '163.net', 'sina.com.cn', 'mail.de', 'cloud.com', 'name.com', 'duck.com',
    'mozmail.com', 'keemail.me', 'kicksend.com', 'nothing.com', 'example.com', 'stanford.edu',
  ])('%s', (domain) => {
    expect(suggest(domain)).toBeUndefined();
  });

  it('gives nothing for a dotless or empty name', () => {
    expect(suggest('gmai')).toBeUndefined();
    expect(suggest('gmail.')).toBeUndefined();
    expect(suggest('')).toBeUndefined();
  });

  it('needs the first letter for two brand edits: small.com is not gmail.com', () => {
    expect(suggest('small.com')).toBeUndefined();
  });
});

describe('addressSignals exposes the suggestion as a full address', () => {
  it('keeps the local part as typed and names the target domain', () => {
    const p = parseAddress('Jane.Doe+x@gmial.com');
    if (!p.ok) throw new Error(p.error);
    const s = addressSignals(p.address, tables);
    expect(s.didYouMean).toBe('jane.doe+x@gmail.com');
    expect(s.typoOf).toBe('gmail.com');
  });
});

interface TypoRow {
  id: string;
  kind: string;
  input: string;
  input_kind: string;
  expected_suggestion: string | null;
  options?: Record<string, unknown>;
}

/**
 * Counted: `suggest` rows under the library's default options. Not counted (docs/signals-policy.md):
 * email-misspelled rows run with non-default lengthDiffMax/maxMisspelled, the README-documented
 * mailcheck splitter quirk (mailcheck-023) and AfterShip's bare-domain rows with test-only TLDs
 * (gmail.edd -> gmail.edu, homail.aftership -> hotmail.aftership).
 */
const UPSTREAM_QUIRKS = new Set(['mailcheck-023', 'aftership-005', 'aftership-006']);

function domainOf(row: TypoRow): string {
  const input = row.input.trim().toLowerCase();
  if (input.includes('@')) return input.slice(input.lastIndexOf('@') + 1);
  return row.input_kind === 'domain' ? input : '';
}

describeShared(['corpora', 'typos.json'], 'typo agreement with ../shared/corpora/typos.json', () => {
  // Loaded in beforeAll so that a skipped suite (no ../shared) never touches the file.
  let rows: TypoRow[] = [];
  beforeAll(() => {
    rows = readSharedJson<TypoRow[]>('corpora', 'typos.json').filter((r) => r.kind === 'suggest');
  });
  const outcome = (r: TypoRow) => {
    const d = domainOf(r);
    return (d === '' ? undefined : suggest(d)) ?? null;
  };

  it('agrees with >= 90% of the counted suggest cases', () => {
    const counted = rows.filter(
      (r) => (r.options === undefined || Object.keys(r.options).length === 0) && !UPSTREAM_QUIRKS.has(r.id),
    );
    const misses = counted.filter((r) => outcome(r) !== r.expected_suggestion).map((r) => r.id);
    // Measured 52/53 (98.1%); the miss is emaildomain.co, a real .co name that mailcheck's test
    // only "fixes" because its own candidate list holds emaildomain.com.
    expect(counted.length).toBe(53);
    expect(misses).toEqual(['mailcheck-009']);
    expect(1 - misses.length / counted.length).toBeGreaterThanOrEqual(0.9);
  });

  it('finds every suggestion the counted cases expect for popular domains, and invents none', () => {
    const all = rows.filter((r) => !UPSTREAM_QUIRKS.has(r.id));
    const falseSuggestions = all.filter((r) => r.expected_suggestion === null && outcome(r) !== null).map((r) => r.id);
    // Only rows run with restrictive non-default options (maxMisspelled: 1) expect silence where we suggest.
    expect(falseSuggestions.every((id) => rows.find((r) => r.id === id)?.options?.maxMisspelled === 1)).toBe(true);
  });
});
