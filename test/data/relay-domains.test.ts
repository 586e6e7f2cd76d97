import { describe, expect, it } from 'vitest';
import { RELAY_SERVICES } from '../../src/data/relay-domains.ts';

const all = RELAY_SERVICES.flatMap((s) => [...s.domains, ...s.subdomainsOf]);

describe('RELAY_SERVICES', () => {
  it('covers the services in providers.md section 3', () => {
    for (const d of ['privaterelay.appleid.com', 'mozmail.com', 'relay.firefox.com', 'duck.com', 'simplelogin.com', 'aleeas.com', 'slmail.me', 'passmail.net', 'passmail.com', 'passinbox.com', 'anonaddy.me', 'anonaddy.com']) {
      expect(all).toContain(d);
    }
  });

  it('does not list privacy mailbox providers or generic forwarders ("Do not use as-is")', () => {
    for (const d of ['mailbox.org', 'startmail.com', 'countermail.com', 'kolabnow.com', 'mailfence.com', 'mf.me', 'safemail.se', 'soverin.net', 'privateemail.com', 'forwardemail.net', 'improvmx.com']) {
      expect(all).not.toContain(d);
    }
  });

  it('does not accept arbitrary subdomains of Apple relay', () => {
    expect(RELAY_SERVICES.flatMap((s) => s.subdomainsOf)).not.toContain('privaterelay.appleid.com');
  });
});
