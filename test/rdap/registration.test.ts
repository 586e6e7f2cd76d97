import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ageInDays, rdapQueryFor, registrationTime } from '../../src/rdap/registration.ts';
import { describeShared, sharedPath } from '../helpers/shared.ts';

const SERVERS = new Map([
  ['com', 'https://rdap.verisign.com/com/v1/'],
  ['uk', 'https://rdap.nominet.uk/uk/'],
  ['fr', 'https://rdap.nic.fr/'],
]);
const DAY = 86_400_000;

describe('rdapQueryFor', () => {
  it("asks the TLD's registry for the registrable domain", () => {
    expect(rdapQueryFor('example.com', SERVERS)).toEqual({ registrable: 'example.com', url: 'https://rdap.verisign.com/com/v1/domain/example.com' });
    expect(rdapQueryFor('Mail.Example.CO.UK', SERVERS)).toEqual({ registrable: 'example.co.uk', url: 'https://rdap.nominet.uk/uk/domain/example.co.uk' });
    expect(rdapQueryFor('mx.lemonde.fr', SERVERS)?.url).toBe('https://rdap.nic.fr/domain/lemonde.fr');
  });

  it('prefers the longest matching suffix', () => {
    const withSuffix = new Map([...SERVERS, ['co.uk', 'https://co-uk.example/']]);
    expect(rdapQueryFor('example.co.uk', withSuffix)?.url).toBe('https://co-uk.example/domain/example.co.uk');
  });

  it('nothing for an unknown TLD or a domain without a registrable part', () => {
    expect(rdapQueryFor('example.io', SERVERS)).toBeUndefined();
    expect(rdapQueryFor('com', SERVERS)).toBeUndefined();
    expect(rdapQueryFor('localhost', SERVERS)).toBeUndefined();
  });
});

describe('registrationTime', () => {
  it('reads the registration event, wherever it is, with or without fractional seconds', () => {
    const doc = (events: object[]) => ({ objectClassName: 'domain', ldhName: 'x.fr', events });
    expect(registrationTime(doc([{ eventAction: 'last changed', eventDate: '2024-06-12T22:09:39.881923Z' }, { eventAction: 'registration', eventDate: '2005-08-02T14:16:36Z' }]))).toBe(Date.UTC(2005, 7, 2, 14, 16, 36));
    expect(registrationTime(doc([{ eventAction: 'registration', eventDate: '2014-11-12T19:15:55.283Z' }]))).toBe(Date.UTC(2014, 10, 12, 19, 15, 55, 283));
  });

  it('nothing from an error object, another object class, or no usable registration event', () => {
    expect(registrationTime({ errorCode: 404, title: 'Not Found' })).toBeUndefined();
    expect(registrationTime({ objectClassName: 'entity', events: [{ eventAction: 'registration', eventDate: '2005-08-02T14:16:36Z' }] })).toBeUndefined();
    expect(registrationTime({ objectClassName: 'domain', events: [{ eventAction: 'expiration', eventDate: '2030-01-01T00:00:00Z' }] })).toBeUndefined();
    expect(registrationTime({ objectClassName: 'domain', events: [{ eventAction: 'registration', eventDate: 'yesterday' }] })).toBeUndefined();
    expect(registrationTime(null)).toBeUndefined();
    expect(registrationTime('domain')).toBeUndefined();
  });
});

describe('ageInDays', () => {
  it('whole days, never negative', () => {
    expect(ageInDays(0, 10 * DAY + 5)).toBe(10);
    expect(ageInDays(0, DAY - 1)).toBe(0);
    expect(ageInDays(5 * DAY, 0)).toBe(0);
  });
});

describeShared(['fixtures', 'rdap'], 'registrationTime on real registry answers', () => {
  const read = (f: string): unknown => JSON.parse(readFileSync(sharedPath('fixtures', 'rdap', f), 'utf8'));
  it('lemonde.fr (AFNIC) and microsoft.click (gTLD); the RIPE error object is no data', () => {
    expect(new Date(registrationTime(read('example-domain-lemonde.fr.json'))!).toISOString()).toBe('2005-08-02T14:16:36.000Z');
    expect(new Date(registrationTime(read('example-domain-microsoft.click.json'))!).toISOString()).toBe('2014-11-12T19:15:55.283Z');
    expect(registrationTime(read('example-error-ripe.json'))).toBeUndefined();
  });
});
