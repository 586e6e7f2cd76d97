import { beforeAll, describe, expect, it } from 'vitest';
import type { DnsFacts, MailProvider } from '../../src/domain/check.ts';
import { addressSignals } from '../../src/signals/address-signals.ts';
import { buildAddressTables } from '../../src/signals/address-tables.ts';
import { canonicalInbox } from '../../src/signals/canonical.ts';
import { parseAddress } from '../../src/signals/syntax.ts';
import { describeShared, readSharedJson } from '../helpers/shared.ts';

const tables = buildAddressTables();

function signals(input: string, dns?: DnsFacts) {
  const p = parseAddress(input);
  if (!p.ok) throw new Error(`${input}: ${p.error}`);
  return addressSignals(p.address, tables, dns);
}

describe('canonicalInbox applies one folding rule', () => {
  it.each([
    ['j.doe+shop', 'gmail.com', { canonicalDomain: 'gmail.com', tagSeparator: '+', ignoreDots: true } as const, 'jdoe@gmail.com', true, true],
    ['jdoe', 'gmail.com', { canonicalDomain: 'gmail.com', tagSeparator: '+', ignoreDots: true } as const, 'jdoe@gmail.com', false, false],
    ['+tag', 'gmail.com', { tagSeparator: '+' } as const, '+tag@gmail.com', false, false],
    ['a+b+c', 'x.com', { tagSeparator: '+' } as const, 'a@x.com', true, false],
    ['base-kw', 'yahoo.com', { tagSeparator: '-' } as const, 'base@yahoo.com', true, false],
    ['j.doe+x', 'x.com', undefined, 'j.doe+x@x.com', false, false],
  ])('%s@%s', (local, domain, rule, canonical, plusTagged, dotsFolded) => {
    expect(canonicalInbox(local, domain, rule)).toEqual({ canonical, plusTagged, dotsFolded });
  });
});

describe('provider-aware canonical inbox', () => {
  it.each([
    // Gmail: dots and +tags, googlemail -> gmail
    ['J.Doe+Shop@GoogleMail.com', 'jdoe@gmail.com', true, true],
    ['j.o.h.n@gmail.com', 'john@gmail.com', false, true],
    // Microsoft consumer: +tags only, dots kept, any regional domain of the brands
    ['john.doe+news@outlook.com', 'john.doe@outlook.com', true, false],
    ['a.b+x@hotmail.co.uk', 'a.b@hotmail.co.uk', true, false],
    ['a+x@live.com.mx', 'a@live.com.mx', true, false],
    ['a+x@msn.com', 'a@msn.com', true, false],
    // Apple: +tags; me.com and mac.com are the same name at icloud.com
    ['a.b+x@icloud.com', 'a.b@icloud.com', true, false],
    ['ab+x@me.com', 'ab@icloud.com', true, false],
    ['ab@mac.com', 'ab@icloud.com', false, false],
    // Proton: +tags, all Proton domains are one namespace
    ['ab+x@protonmail.com', 'ab@proton.me', true, false],
    ['ab+x@pm.me', 'ab@proton.me', true, false],
    // Fastmail, Yandex
    ['a.b+x@fastmail.com', 'a.b@fastmail.com', true, false],
    ['ab+x@ya.ru', 'ab@yandex.ru', true, false],
    // Yahoo: "-" keyword addresses; "+" is not a separator there
    ['base-shopping@yahoo.com', 'base@yahoo.com', true, false],
    ['a+b@yahoo.com', 'a+b@yahoo.com', false, false],
    ['a.b@yahoo.co.uk', 'a.b@yahoo.co.uk', false, false],
    // Providers without subaddressing evidence: nothing folds
    ['a+b@gmx.de', 'a+b@gmx.de', false, false],
    ['a+b@aol.com', 'a+b@aol.com', false, false],
    ['a.b+c@zoho.com', 'a.b+c@zoho.com', false, false],
    ['a-b@outlook.com', 'a-b@outlook.com', false, false],
    // Unknown custom domain without DNS: lowercase only
    ['A.B+c@Example-Corp.com', 'a.b+c@example-corp.com', false, false],
    // IDN domain is canonical in its ASCII form
    ['Jeff@臺網中心.tw', 'jeff@xn--fiqq24b10vi0d.tw', false, false],
  ])('%s -> %s', (input, canonical, plusTagged, dotsFolded) => {
    const s = signals(input);
    expect({ canonical: s.canonical, plusTagged: s.plusTagged, dotsFolded: s.dotsFolded }).toEqual({ canonical, plusTagged, dotsFolded });
  });

  it.each([
    ['google', 'a.b@acme.com'],
    ['microsoft', 'a.b@acme.com'],
    ['apple', 'a.b@acme.com'],
    ['proton', 'a.b@acme.com'],
    ['zoho', 'a.b+tag@acme.com'],
    ['yahoo', 'a.b+tag@acme.com'],
    ['gateway', 'a.b+tag@acme.com'],
    ['other', 'a.b+tag@acme.com'],
    ['none', 'a.b+tag@acme.com'],
  ] as const)('custom domain hosted by %s -> %s (dots never fold off gmail.com)', (provider, canonical) => {
    expect(signals('A.B+tag@acme.com', { deliverable: true, mailProvider: provider as MailProvider }).canonical).toBe(canonical);
  });

  it('the consumer-domain rule wins over DNS (gmail.com is not just "google")', () => {
    expect(signals('a.b+x@gmail.com', { deliverable: true, mailProvider: 'google' }).canonical).toBe('ab@gmail.com');
  });
});

interface NormalizeRow {
  id: string;
  input: string;
  expected: string | false;
  scope: string;
  options: Record<string, unknown>;
  source: string;
  asserted: boolean;
}

describeShared(['corpora', 'normalize.json'], 'canonical agreement with ../shared/corpora/normalize.json', () => {
  // Loaded in beforeAll so that a skipped suite (no ../shared) never touches the file.
  let rows: NormalizeRow[] = [];
  beforeAll(() => {
    rows = readSharedJson<NormalizeRow[]>('corpora', 'normalize.json').filter(
      // De-duplicating canonicalisers only (python-email-validator normalises representation),
      // whole addresses, library defaults, asserted by an upstream test.
      (r) => r.source !== 'JoshData/python-email-validator' && r.scope === 'address' && Object.keys(r.options).length === 0 && r.asserted,
    );
  });
  const outcome = (r: NormalizeRow): string | false => {
    const p = parseAddress(r.input);
    return p.ok ? addressSignals(p.address, tables).canonical : false;
  };

  it('agrees on >= 85% of the addresses both sides accept, and differs only where documented', () => {
    const accepted = rows.filter((r) => r.expected !== false && parseAddress(r.input).ok);
    const misses = accepted.filter((r) => outcome(r) !== r.expected).map((r) => r.id);
    // Measured 29/34 (85.3%).
    expect(accepted.length).toBe(34);
    expect(1 - misses.length / accepted.length).toBeGreaterThanOrEqual(0.85);
    expect(misses.sort()).toEqual(
      [
        'validatorjs-normalizeEmail-001', // me.com folds to icloud.com (same Apple ID name)
        'validatorjs-normalizeEmail-011', // canonical keeps the domain in ASCII (punycode) form
        'normalize-email-johno-016', // johno removes dots at live.com; Microsoft does not ignore dots
        'normalize-email-johno-017',
        'normalize-email-johno-018',
      ].sort(),
    );
  });

  it('rejects, rather than repairs, the inputs our syntax policy refuses', () => {
    const rejected = rows.filter((r) => !parseAddress(r.input).ok).map((r) => r.id);
    // consecutive dots, a quoted local part, a trailing dot on the domain, no @, empty local part
    expect(rejected.length).toBe(11);
    expect(rows.filter((r) => r.expected === false).every((r) => !parseAddress(r.input).ok)).toBe(true);
  });
});
