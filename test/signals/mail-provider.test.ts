import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MX_PROVIDER_RULES } from '../../src/data/mx-providers.ts';
import type { MailProvider } from '../../src/domain/check.ts';
import { classifyMailProvider, createMxClassifier } from '../../src/signals/mail-provider.ts';
import { describeShared, sharedPath } from '../helpers/shared.ts';

const mx = (...hosts: string[]) => hosts.map((exchange, i) => ({ priority: 10 * (i + 1), exchange }));

interface Row {
  provider: MailProvider;
  /** brand of the data row; for gateways also the expected gatewayVendor. */
  brand: string;
  hosts: string[];
}

/**
 * One entry per row of providers.md sections 1-2 (keyed by the row's first cell), with
 * example MX hosts for every pattern the row lists. Hosts in angle brackets in the source
 * are filled with made-up tenant labels.
 */
const ROWS: Record<string, Row> = {
  'Google Workspace': {
    provider: 'google',
    brand: 'google_workspace',
    hosts: ['smtp.google.com', 'aspmx.l.google.com', 'alt1.aspmx.l.google.com', 'alt4.aspmx.l.google.com', 'aspmx2.googlemail.com', 'aspmx5.googlemail.com'],
  },
  'Gmail (consumer gmail.com)': { provider: 'google', brand: 'gmail', hosts: ['gmail-smtp-in.l.google.com', 'alt3.gmail-smtp-in.l.google.com'] },
  'Google Postini (legacy)': { provider: 'google', brand: 'google_postini', hosts: ['example.com.s8a1.psmtp.com'] },
  'Microsoft 365 / Exchange Online': {
    provider: 'microsoft',
    brand: 'microsoft_365',
    hosts: ['contoso-com.mail.protection.outlook.com', 'contoso-com.m-v1.mx.microsoft', 'contoso.eo.outlook.com'],
  },
  'Outlook.com / Hotmail (consumer)': {
    provider: 'microsoft',
    brand: 'outlook_consumer',
    hosts: ['hotmail-com.olc.protection.outlook.com', 'mx1.hotmail.com', 'eur.olc.protection.outlook.com'],
  },
  'Yahoo Mail': {
    provider: 'yahoo',
    brand: 'yahoo',
    hosts: ['mta5.am0.yahoodns.net', 'mx-eu.mail.am0.yahoodns.net', 'mx-apac.mail.gm0.yahoodns.net', 'mx-biz.mail.am0.yahoodns.net', 'mx1.mail.yahoo.co.jp'],
  },
  AOL: { provider: 'yahoo', brand: 'aol', hosts: ['mailin-01.mx.aol.com'] },
  'Apple iCloud Mail (incl. iCloud+ custom domains)': { provider: 'apple', brand: 'icloud', hosts: ['mx01.mail.icloud.com', 'mx02.mail.icloud.com'] },
  'Zoho Mail': {
    provider: 'zoho',
    brand: 'zoho',
    hosts: ['mx.zoho.com', 'mx2.zoho.com', 'mx3.zoho.com', 'mx.zoho.eu', 'mx2.zoho.in', 'mx.zoho.com.au', 'mx3.zoho.jp', 'mx.zohomail.com'],
  },
  'Proton Mail': { provider: 'proton', brand: 'proton', hosts: ['mail.protonmail.ch', 'mailsec.protonmail.ch'] },
  Fastmail: { provider: 'other', brand: 'fastmail', hosts: ['in1-smtp.messagingengine.com', 'in2-smtp.messagingengine.com'] },
  'Yandex (Yandex 360 / Yandex Mail)': { provider: 'other', brand: 'yandex', hosts: ['mx.yandex.net', 'mx.yandex.ru'] },
  'GMX / mail.com (1&1 / IONOS)': { provider: 'other', brand: 'gmx_mailcom', hosts: ['mx00.gmx.net', 'mx01.gmx.com', 'mx00.mail.com', 'mx00.1and1.com'] },
  'Rackspace Email': { provider: 'other', brand: 'rackspace', hosts: ['mx1.emailsrvr.com'] },
  'GoDaddy / Microsoft-via-GoDaddy': { provider: 'other', brand: 'godaddy', hosts: ['mx1.secureserver.net'] },
  'Amazon SES inbound / WorkMail': { provider: 'other', brand: 'amazon_ses', hosts: ['inbound-smtp.us-east-1.amazonaws.com', 'inbound-smtp.eu-west-1.amazonaws.com'] },
  'Namecheap Private Email': { provider: 'other', brand: 'namecheap', hosts: ['mx1.privateemail.com'] },
  'Migadu, MXroute, Runbox, Pobox': { provider: 'other', brand: '*', hosts: ['aspmx1.migadu.com', 'arrow.mxrouting.mxroute.com', 'mx.runbox.com', 'mx-1.pobox.com'] },
  'Proofpoint (enterprise / Protection Server cloud)': { provider: 'gateway', brand: 'proofpoint', hosts: ['mx0a-001.pphosted.com', 'mxa-00123.gslb.pphosted.com'] },
  'Proofpoint Essentials': { provider: 'gateway', brand: 'proofpoint', hosts: ['mx1-us1.ppe-hosted.com', 'mx2-eu1.ppe-hosted.com'] },
  Mimecast: {
    provider: 'gateway',
    brand: 'mimecast',
    hosts: ['us-smtp-inbound-1.mimecast.com', 'eu-smtp-inbound-2.mimecast.com', 'za-smtp-inbound-1.mimecast.co.za', 'de-smtp-inbound-1.mimecast-offshore.com'],
  },
  'Barracuda Email Gateway Defense (ex Email Security Service)': { provider: 'gateway', brand: 'barracuda', hosts: ['d123456a.ess.barracudanetworks.com', 'd123.ess.de.barracudanetworks.com'] },
  'Cisco Secure Email Cloud Gateway (ex IronPort / CES)': { provider: 'gateway', brand: 'cisco', hosts: ['mx1.hc5030-60.iphmx.com', 'mx2.hc5030-60.iphmx.com'] },
  'Trend Micro Email Security (ex Hosted Email Security)': { provider: 'gateway', brand: 'trend_micro', hosts: ['acme.in.tmes.trendmicro.com', 'in.hes.trendmicro.eu'] },
  'Sophos Central Email': { provider: 'gateway', brand: 'sophos', hosts: ['mx-01-us-west-2.prod.hydra.sophos.com', 'mx-02-eu-central-1.prod.hydra.sophos.com'] },
  'Forcepoint Email Security Cloud (ex Websense)': { provider: 'gateway', brand: 'forcepoint', hosts: ['acme.in.mailcontrol.com'] },
  'Symantec / Broadcom Email Security.cloud (MessageLabs)': { provider: 'gateway', brand: 'symantec', hosts: ['cluster1.eu.messagelabs.com', 'cluster9.us.messagelabs.com', 'acme.inboundmx.com'] },
  'Trellix / FireEye Email Security Cloud': { provider: 'gateway', brand: 'trellix', hosts: ['acme.email.fireeyecloud.com'] },
  'Trustwave SEG Cloud / MailMarshal Cloud': { provider: 'gateway', brand: 'trustwave', hosts: ['seg.trustwave.com', 'mx.us.mailmarshal.cloud', 'mx.eu.mailmarshal.cloud', 'mx.au.mailmarshal.cloud'] },
  'N-able / SolarWinds Mail Assure (SpamExperts)': { provider: 'gateway', brand: 'n_able', hosts: ['acme.mtaroutes.com', 'mx.spamexperts.com', 'fallbackmx.spamexperts.eu', 'lastmx.spamexperts.net'] },
  'AppRiver (Zix / OpenText)': { provider: 'gateway', brand: 'appriver', hosts: ['mx1-us1.arsmtp.com'] },
  'McAfee MX Logic (legacy)': { provider: 'gateway', brand: 'mcafee', hosts: ['p01c11m024.mxlogic.net'] },
  Cyren: { provider: 'gateway', brand: 'cyren', hosts: ['mx1.ctmail.com', 'mx.expurgate.net'] },
  'Greenview SpamStopsHere': { provider: 'gateway', brand: 'greenview', hosts: ['mx.spamh.com'] },
  SpamHero: { provider: 'gateway', brand: 'spamhero', hosts: ['mx1.mxthunder.net', 'acme.mxthunder.co'] },
  Securence: { provider: 'gateway', brand: 'securence', hosts: ['mx1.securence.com'] },
  'MailGuard (AU)': { provider: 'gateway', brand: 'mailguard', hosts: ['mx1.mailguard.com.au'] },
  // providers.md: MX host names unconfirmed, "add it once verified": no rule, so no host to test.
  'Cloudflare Email Security (ex Area 1)': { provider: 'other', brand: '', hosts: [] },
};

describe('classifyMailProvider: every row of providers.md sections 1-2', () => {
  for (const [label, row] of Object.entries(ROWS)) {
    for (const host of row.hosts) {
      it(`${label}: ${host}`, () => {
        const got = classifyMailProvider(mx(host));
        expect(got.provider).toBe(row.provider);
        if (row.brand !== '*') expect(got.brand).toBe(row.brand);
        expect(got.gatewayVendor).toBe(row.provider === 'gateway' ? row.brand : undefined);
      });
    }
  }

  it('distinguishes the small providers of the shared row', () => {
    expect(['aspmx1.migadu.com', 'x.mxroute.com', 'mx.runbox.com', 'mx-1.pobox.com'].map((h) => classifyMailProvider(mx(h)).brand)).toEqual([
      'migadu',
      'mxroute',
      'runbox',
      'pobox',
    ]);
  });
});

describeShared(['fixtures', 'providers.md'], 'the test table covers providers.md sections 1-2', () => {
  it('has an entry for every row', () => {
    const text = readFileSync(sharedPath('fixtures', 'providers.md'), 'utf8');
    const sections = text.slice(text.indexOf('## 1.'), text.indexOf('## 3.'));
    const labels = sections
      .split('\n')
      .filter((l) => l.startsWith('| ') && !/^\| (Provider|Vendor) /.test(l) && !l.startsWith('|---'))
      .map((l) => (l.split('|')[1] ?? '').replaceAll('**', '').trim());
    expect(labels.length).toBeGreaterThan(30);
    expect(labels.filter((l) => !(l in ROWS))).toEqual([]);
  });
});

describe('classifyMailProvider: suggested test cases and matching rules', () => {
  it.each([
    ['aspmx.l.google.com.', 'google'],
    ['ASPMX.L.GOOGLE.COM.', 'google'],
    ['  Alt2.AspMx.L.Google.Com ', 'google'],
    ['contoso-com.mail.protection.outlook.com', 'microsoft'],
    ['mx0a-001.pphosted.com', 'gateway'],
    ['us-smtp-inbound-1.mimecast.com', 'gateway'],
    ['evilpphosted.com', 'other'],
    ['pphosted.com.evil.example', 'other'],
    ['evilmimecast.com', 'other'],
    ['notzoho.com', 'other'],
    ['mail.google.com', 'other'], // not every *.google.com is Google Workspace MX
    ['google.com', 'other'],
    ['googlemail.com', 'other'],
    ['aspmx9.googlemail.com', 'other'],
    ['inbound-smtp.evil.example.amazonaws.com.attacker.net', 'other'],
    ['mx.example.org', 'other'],
  ] as const)('%s -> %s', (host, provider) => {
    expect(classifyMailProvider(mx(host)).provider).toBe(provider);
  });

  it('reports the vendor only for gateways', () => {
    expect(classifyMailProvider(mx('mx0a-001.pphosted.com'))).toEqual({ provider: 'gateway', gatewayVendor: 'proofpoint', brand: 'proofpoint' });
    expect(classifyMailProvider(mx('us-smtp-inbound-1.mimecast.com')).gatewayVendor).toBe('mimecast');
    expect(classifyMailProvider(mx('smtp.google.com'))).toEqual({ provider: 'google', brand: 'google_workspace' });
  });

  it('is none without a usable MX (empty list, RFC 7505 null MX)', () => {
    expect(classifyMailProvider([])).toEqual({ provider: 'none' });
    expect(classifyMailProvider([{ priority: 0, exchange: '' }])).toEqual({ provider: 'none' });
    expect(classifyMailProvider([{ priority: 0, exchange: '.' }])).toEqual({ provider: 'none' });
  });

  it('classifies the most preferred MX, not the order DNS returned them in', () => {
    const records = [
      { priority: 20, exchange: 'aspmx.l.google.com' },
      { priority: 5, exchange: 'us-smtp-inbound-1.mimecast.com' },
    ];
    expect(classifyMailProvider(records)).toMatchObject({ provider: 'gateway', gatewayVendor: 'mimecast' });
    // A backup MX at a known provider does not make the domain that provider's.
    expect(classifyMailProvider([{ priority: 10, exchange: 'mx.corp.example' }, { priority: 20, exchange: 'smtp.google.com' }]).provider).toBe('other');
  });

  it('uses a known host of the best tier when the tier mixes known and unknown hosts', () => {
    const records = [
      { priority: 10, exchange: 'relay.corp.example' },
      { priority: 10, exchange: 'mx1.hc5030-60.iphmx.com' },
    ];
    expect(classifyMailProvider(records)).toMatchObject({ provider: 'gateway', gatewayVendor: 'cisco' });
    expect(classifyMailProvider([...records].reverse())).toMatchObject({ provider: 'gateway', gatewayVendor: 'cisco' });
  });
});

describe('mx-providers data', () => {
  it('has no duplicate suffix (the classifier refuses them) and only contract provider values', () => {
    expect(() => createMxClassifier(MX_PROVIDER_RULES)).not.toThrow();
    const dup = [MX_PROVIDER_RULES[0]!, MX_PROVIDER_RULES[0]!];
    expect(() => createMxClassifier(dup)).toThrow(/duplicate/);
  });

  it('names its sources for every rule, and every suffix is already lower-case without a trailing dot', () => {
    for (const rule of MX_PROVIDER_RULES) {
      expect(rule.sources.length, rule.brand).toBeGreaterThan(0);
      if ('suffix' in rule.match) expect(rule.match.suffix).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    }
  });

  it('the longest suffix wins', () => {
    const c = createMxClassifier([
      { match: { suffix: 'example.com' }, provider: 'other', brand: 'short', confidence: 'C', sources: ['t'] },
      { match: { suffix: 'mx.example.com' }, provider: 'gateway', brand: 'long', confidence: 'C', sources: ['t'] },
    ]);
    expect(c.matchHost('a.mx.example.com')?.brand).toBe('long');
    expect(c.matchHost('mx.example.com.')?.brand).toBe('long');
    expect(c.matchHost('b.example.com')?.brand).toBe('short');
    expect(c.matchHost('xexample.com')).toBeUndefined();
  });
});
