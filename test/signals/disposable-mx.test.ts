import { describe, expect, it } from 'vitest';
import { DISPOSABLE_MX_HOSTS } from '../../src/data/disposable-mx.ts';
import { disposableMxService } from '../../src/signals/disposable-mx.ts';

const mx = (...hosts: string[]) => hosts.map((exchange, i) => ({ priority: 10 * (i + 1), exchange }));

describe('disposableMxService', () => {
  it.each([
    [mx('mail.mailinator.com'), 'mailinator'],
    [mx('MAIL2.Mailinator.com.'), 'mailinator'],
    [mx('mx1.acme-corp.com', 'in.mail.tm'), 'mail.tm'], // any preference
    [mx('mx3.generator.email'), 'generator.email'], // a host under a listed service's name
  ])('%j -> %s', (records, service) => {
    expect(disposableMxService(records)).toBe(service);
  });

  it.each([
    [mx('aspmx.l.google.com')],
    [mx('mail.protection.outlook.com')],
    [mx('notmailinator.com')], // dot boundary
    [mx('')], // null MX
    [[]],
  ])('%j -> none', (records) => {
    expect(disposableMxService(records)).toBeUndefined();
  });

  it('lists lowercase host names, each once', () => {
    const hosts = DISPOSABLE_MX_HOSTS.map((h) => h.host);
    expect(new Set(hosts).size).toBe(hosts.length);
    for (const h of hosts) expect(h).toMatch(/^[a-z0-9.-]+\.[a-z]+$/);
  });
});
