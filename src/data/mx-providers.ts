/**
 * MX host patterns -> mailbox provider or security-gateway vendor, as data.
 * Source: `../shared/fixtures/providers.md` sections 1 (mailbox providers) and 2 (gateways);
 * the source keys ([mxsniff], [g-help], ...) and confidence levels (A/B/C) are those of that file.
 *
 * Matching (see signals/mail-provider.ts): the MX host is lower-cased with its trailing dot
 * stripped; `suffix` matches the host itself or any name under it (dot boundary, so
 * `evilpphosted.com` is not `pphosted.com`); the longest matching suffix wins. `contains`
 * (a plain substring) and `pattern` are used only where providers.md says so.
 *
 * `provider` is one of the contract's values: the six named mailbox providers, `gateway`,
 * or `other` for mailbox providers the contract has no value for (Fastmail, Yandex, ...).
 * `brand` names the row (for gateways it is the vendor reported as `gatewayVendor`).
 */
import type { MailProvider } from '../domain/check.ts';

export type MxMatch =
  | { readonly suffix: string }
  | { readonly contains: string }
  | { readonly pattern: RegExp };

export interface MxProviderRule {
  readonly match: MxMatch;
  readonly provider: MailProvider;
  readonly brand: string;
  readonly confidence: 'A' | 'B' | 'C';
  readonly sources: readonly string[];
}

type Row = Omit<MxProviderRule, 'match'>;
const suffixes = (row: Row, ...list: string[]): MxProviderRule[] => list.map((suffix) => ({ ...row, match: { suffix } }));
const contains = (row: Row, text: string): MxProviderRule => ({ ...row, match: { contains: text } });

/** Section 1: mailbox providers. */
const MAILBOX: MxProviderRule[] = [
  // Google: only the documented hosts, never every *.google.com.
  ...suffixes(
    { provider: 'google', brand: 'google_workspace', confidence: 'A', sources: ['g-help', 'mxsniff', 'tf14021'] },
    'smtp.google.com',
    'aspmx.l.google.com', // also alt1..alt4.aspmx.l.google.com
    'aspmx2.googlemail.com',
    'aspmx3.googlemail.com',
    'aspmx4.googlemail.com',
    'aspmx5.googlemail.com',
  ),
  ...suffixes({ provider: 'google', brand: 'gmail', confidence: 'B', sources: ['tf14021', 'mxsniff'] }, 'gmail-smtp-in.l.google.com'),
  ...suffixes({ provider: 'google', brand: 'google_postini', confidence: 'C', sources: ['mxsniff'] }, 'psmtp.com'),
  ...suffixes(
    { provider: 'microsoft', brand: 'microsoft_365', confidence: 'A', sources: ['ms-dane', 'recon'] },
    'mail.protection.outlook.com',
    'mx.microsoft',
    'eo.outlook.com',
  ),
  // Consumer Outlook.com/Hotmail; providers.md: classify all of protection.outlook.com as Microsoft.
  ...suffixes(
    { provider: 'microsoft', brand: 'outlook_consumer', confidence: 'C', sources: ['mxsniff'] },
    'olc.protection.outlook.com',
    'protection.outlook.com',
    'hotmail.com',
  ),
  ...suffixes({ provider: 'yahoo', brand: 'yahoo', confidence: 'B', sources: ['mxsniff'] }, 'yahoodns.net', 'mail.yahoo.co.jp'),
  // AOL mail runs on Yahoo's platform (providers.md, confidence C).
  ...suffixes({ provider: 'yahoo', brand: 'aol', confidence: 'C', sources: ['mxsniff'] }, 'mx.aol.com'),
  ...suffixes({ provider: 'apple', brand: 'icloud', confidence: 'B', sources: ['mxsniff'] }, 'mail.icloud.com'),
  ...suffixes(
    { provider: 'zoho', brand: 'zoho', confidence: 'A', sources: ['zoho', 'mxsniff'] },
    'zoho.com',
    'zoho.eu',
    'zoho.in',
    'zoho.com.au',
    'zoho.jp',
    'zohomail.com',
  ),
  ...suffixes({ provider: 'proton', brand: 'proton', confidence: 'B', sources: ['mxsniff'] }, 'protonmail.ch'),
  // Mailbox providers the contract has no value for: `other`, with the brand as evidence.
  ...suffixes({ provider: 'other', brand: 'fastmail', confidence: 'B', sources: ['mxsniff'] }, 'messagingengine.com'),
  ...suffixes({ provider: 'other', brand: 'yandex', confidence: 'B', sources: ['mxsniff'] }, 'mx.yandex.net', 'mx.yandex.ru'),
  ...suffixes({ provider: 'other', brand: 'gmx_mailcom', confidence: 'B', sources: ['mxsniff'] }, 'gmx.net', 'gmx.com', 'mail.com', '1and1.com'),
  ...suffixes({ provider: 'other', brand: 'rackspace', confidence: 'B', sources: ['mxsniff', 'recon'] }, 'emailsrvr.com'),
  ...suffixes({ provider: 'other', brand: 'godaddy', confidence: 'C', sources: ['mxsniff'] }, 'secureserver.net'),
  {
    match: { pattern: /^inbound-smtp\.[a-z0-9-]+\.amazonaws\.com$/ },
    provider: 'other',
    brand: 'amazon_ses',
    confidence: 'B',
    sources: ['mxsniff', 'recon'],
  },
  ...suffixes({ provider: 'other', brand: 'namecheap', confidence: 'C', sources: ['mxsniff'] }, 'privateemail.com'),
  ...suffixes({ provider: 'other', brand: 'migadu', confidence: 'C', sources: ['mxsniff'] }, 'migadu.com'),
  ...suffixes({ provider: 'other', brand: 'mxroute', confidence: 'C', sources: ['mxsniff'] }, 'mxroute.com'),
  ...suffixes({ provider: 'other', brand: 'runbox', confidence: 'C', sources: ['mxsniff'] }, 'mx.runbox.com'),
  ...suffixes({ provider: 'other', brand: 'pobox', confidence: 'C', sources: ['mxsniff'] }, 'pobox.com'),
];

const gw = (brand: string, confidence: 'A' | 'B' | 'C', sources: string[]): Row => ({ provider: 'gateway', brand, confidence, sources });

/** Section 2: security gateways. The mailbox provider behind them is hidden, so `gateway`. */
const GATEWAYS: MxProviderRule[] = [
  ...suffixes(gw('proofpoint', 'B', ['mxsniff', 'recon', 'pp']), 'pphosted.com', 'ppe-hosted.com'),
  ...suffixes(gw('mimecast', 'B', ['mimecast-dig', 'recon', 'mxsniff']), 'mimecast.com', 'mimecast.co.za', 'mimecast-offshore.com'),
  ...suffixes(gw('barracuda', 'B', ['barracuda', 'recon']), 'barracudanetworks.com'),
  ...suffixes(gw('cisco', 'B', ['cisco', 'recon']), 'iphmx.com'),
  // providers.md: exact Trend Micro host shapes are unconfirmed; the open-source lists match the substring.
  contains(gw('trend_micro', 'B', ['trend', 'recon']), 'trendmicro'),
  ...suffixes(gw('sophos', 'B', ['sophos', 'recon']), 'hydra.sophos.com'),
  ...suffixes(gw('forcepoint', 'B', ['mxsniff', 'recon']), 'mailcontrol.com'),
  ...suffixes(gw('symantec', 'B', ['mxsniff', 'recon']), 'messagelabs.com', 'inboundmx.com'),
  ...suffixes(gw('trellix', 'B', ['mxsniff', 'recon']), 'email.fireeyecloud.com'),
  ...suffixes(gw('trustwave', 'C', ['recon']), 'seg.trustwave.com', 'mailmarshal.cloud'),
  ...suffixes(
    gw('n_able', 'B', ['recon', 'mxsniff']),
    'mtaroutes.com',
    'mx.spamexperts.com',
    'fallbackmx.spamexperts.eu',
    'lastmx.spamexperts.net',
  ),
  ...suffixes(gw('appriver', 'C', ['mxsniff']), 'arsmtp.com'),
  ...suffixes(gw('mcafee', 'C', ['mxsniff']), 'mxlogic.net'),
  ...suffixes(gw('cyren', 'C', ['mxsniff']), 'ctmail.com', 'expurgate.net'),
  ...suffixes(gw('greenview', 'B', ['mxsniff', 'recon']), 'spamh.com'),
  contains(gw('spamhero', 'C', ['recon']), 'mxthunder'),
  contains(gw('securence', 'C', ['recon']), 'securence'),
  contains(gw('mailguard', 'C', ['recon']), 'mailguard'),
  // Cloudflare Email Security: MX host names unconfirmed in providers.md, deliberately absent.
];

export const MX_PROVIDER_RULES: readonly MxProviderRule[] = [...MAILBOX, ...GATEWAYS];
