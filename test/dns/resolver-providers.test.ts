/**
 * Every mailbox provider and gateway vendor, end to end: MX records served by the loopback
 * DNS server -> createDnsResolver -> DnsFacts. (All host patterns are covered in
 * test/signals/mail-provider.test.ts; here the point is the wiring and MX ordering.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver, type DnsResolver } from '../../src/dns/resolver.ts';
import type { DnsFacts } from '../../src/domain/check.ts';
import { startDnsServer, type TestDnsServer, type Zone } from '../helpers/dns-server.ts';

/** domain -> [MX records, expected facts] */
const CASES: Record<string, [Array<[number, string]>, DnsFacts]> = {
  'workspace.test': [[[1, 'smtp.google.com']], { deliverable: true, mailProvider: 'google' }],
  'legacy-workspace.test': [
    [[10, 'aspmx3.googlemail.com'], [5, 'alt2.aspmx.l.google.com'], [1, 'ASPMX.L.GOOGLE.COM.']],
    { deliverable: true, mailProvider: 'google' },
  ],
  'm365.test': [[[0, 'm365-test.mail.protection.outlook.com']], { deliverable: true, mailProvider: 'microsoft' }],
  'm365-dane.test': [[[0, 'm365-test.l-v1.mx.microsoft']], { deliverable: true, mailProvider: 'microsoft' }],
  'yahoo.test': [[[1, 'mta5.am0.yahoodns.net']], { deliverable: true, mailProvider: 'yahoo' }],
  'icloud.test': [[[10, 'mx01.mail.icloud.com'], [10, 'mx02.mail.icloud.com']], { deliverable: true, mailProvider: 'apple' }],
  'zoho.test': [[[10, 'mx.zoho.eu'], [20, 'mx2.zoho.eu'], [50, 'mx3.zoho.eu']], { deliverable: true, mailProvider: 'zoho' }],
  'proton.test': [[[10, 'mail.protonmail.ch'], [20, 'mailsec.protonmail.ch']], { deliverable: true, mailProvider: 'proton' }],
  'fastmail.test': [[[10, 'in1-smtp.messagingengine.com']], { deliverable: true, mailProvider: 'other' }],
  // a throwaway domain no list knows, whose mail a disposable service receives
  'fresh-throwaway.test': [[[10, 'mail.mailinator.com'], [20, 'mail2.mailinator.com']], { deliverable: true, mailProvider: 'other', disposableService: 'mailinator' }],
  'backup-at-disposable.test': [[[10, 'mx.acme-corp.test'], [20, 'in.mail.tm']], { deliverable: true, mailProvider: 'other', disposableService: 'mail.tm' }],
  'pp.test': [[[10, 'mx0a-001.pphosted.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'proofpoint' }],
  'ppe.test': [[[10, 'mx1-us1.ppe-hosted.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'proofpoint' }],
  'mimecast.test': [[[10, 'us-smtp-inbound-1.mimecast.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'mimecast' }],
  'barracuda.test': [[[10, 'd1.ess.barracudanetworks.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'barracuda' }],
  'cisco.test': [[[10, 'mx1.hc5030-60.iphmx.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'cisco' }],
  'sophos.test': [[[10, 'mx-01-eu-west-1.prod.hydra.sophos.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'sophos' }],
  'trend.test': [[[10, 'acme.in.tmes.trendmicro.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'trend_micro' }],
  'forcepoint.test': [[[10, 'acme.in.mailcontrol.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'forcepoint' }],
  'symantec.test': [[[10, 'cluster1.eu.messagelabs.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'symantec' }],
  'trellix.test': [[[10, 'acme.email.fireeyecloud.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'trellix' }],
  // The gateway is preferred over a backup at Google: the gateway receives the mail.
  'gw-first.test': [[[20, 'aspmx.l.google.com'], [10, 'eu-smtp-inbound-1.mimecast.com']], { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'mimecast' }],
  'evil.test': [[[10, 'evilpphosted.com']], { deliverable: true, mailProvider: 'other' }],
};

let dns: TestDnsServer;
let resolver: DnsResolver;

beforeAll(async () => {
  const zone: Zone = {};
  for (const [domain, [mx]] of Object.entries(CASES)) {
    zone[domain] = { mx };
    for (const [, host] of mx) zone[host] = { a: ['192.0.2.25'] };
  }
  dns = await startDnsServer(zone);
  resolver = createDnsResolver({ servers: [dns.server], lookupTimeoutMs: 200 });
});
afterAll(async () => {
  resolver.close();
  await dns.close();
});

describe('mail_provider through DNS', () => {
  it.each(Object.entries(CASES))('%s', async (domain, [, want]) => {
    expect(await resolver.domainFacts(domain)).toEqual(want);
  });
});
