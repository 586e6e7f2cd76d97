import { describe, expect, it } from 'vitest';
import { POPULAR_MAIL_DOMAINS } from '../../src/data/popular-mail-domains.ts';
import type { DnsFacts } from '../../src/domain/check.ts';
import { addressSignals, type AddressSignals } from '../../src/signals/address-signals.ts';
import { buildAddressTables } from '../../src/signals/address-tables.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const tables = buildAddressTables();

function signals(input: string, dns?: DnsFacts): AddressSignals {
  const p = parseAddress(input);
  if (!p.ok) throw new Error(`${input}: ${p.error}`);
  return addressSignals(p.address, tables, dns);
}

describe('addressSignals', () => {
  it('returns every field for a folded popular-provider address', () => {
    expect(signals('J.Doe+shop@GoogleMail.com')).toEqual({
      canonical: 'jdoe@gmail.com',
      accountType: 'free',
      roleAccount: false,
      disposable: false,
      relay: false,
      free: true,
      school: false,
      popularProvider: true,
      plusTagged: true,
      dotsFolded: true,
    });
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
