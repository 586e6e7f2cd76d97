/**
 * Every setting, in one table: name, default, parser (which is also the validation rule) and
 * the documentation README's configuration table is checked against. Parsers throw a message
 * naming the rule; load.ts prefixes the variable name.
 */
import { isIP } from 'node:net';
import { ACCOUNT_NAME, ACCOUNT_NAME_RULE } from '../domain/account.ts';

export type Parser<T> = (raw: string) => T;

export interface Setting<T> {
  readonly env: string;
  readonly default: string | undefined;
  readonly parse: Parser<T>;
  readonly doc: string;
}

const int =
  (min: number, max: number): Parser<number> =>
  (raw) => {
    if (!/^-?\d+$/.test(raw.trim())) throw new Error(`must be an integer between ${min} and ${max}`);
    const n = Number(raw);
    if (n < min || n > max) throw new Error(`must be an integer between ${min} and ${max}`);
    return n;
  };

/** A fraction greater than 0 and at most 1. */
const share: Parser<number> = (raw) => {
  const v = raw.trim();
  const n = Number(v);
  if (!/^(0|1)?(\.\d+)?$/.test(v) || v === '' || v === '.' || !(n > 0 && n <= 1)) throw new Error('must be a number greater than 0 and at most 1 (e.g. 0.25)');
  return n;
};

const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw) => {
    const v = raw.trim().toLowerCase() as T;
    if (!values.includes(v)) throw new Error(`must be one of ${values.join(', ')}`);
    return v;
  };

const bool: Parser<boolean> = (raw) => {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(v)) return true;
  if (['0', 'false', 'off', 'no'].includes(v)) return false;
  throw new Error('must be on or off (true/false, 1/0)');
};

const text: Parser<string> = (raw) => {
  if (raw.trim() === '') throw new Error('must not be empty');
  return raw.trim();
};

/** A comma list of domain names (e.g. DNS canaries). */
const domainList: Parser<string[]> = (raw) => {
  const list = raw.split(',').map((s) => s.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean);
  if (list.length === 0) throw new Error('must be a comma list of domain names (or off)');
  for (const d of list) {
    if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(d)) throw new Error(`"${d}" is not a domain name`);
  }
  return list;
};

const hostPorts: Parser<string[]> = (raw) => {
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) throw new Error('must be a comma list of host[:port]');
  for (const s of list) {
    if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+|[0-9a-fA-F:]+)(:\d{1,5})?$/.test(s)) throw new Error(`"${s}" is not host[:port]`);
  }
  return list;
};

/** One DNS server: an IP address or a host name (resolved once at start), optional port. */
export interface DnsServer {
  readonly host: string;
  readonly port?: number;
}

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/**
 * `host[:port]` entries (`[ipv6]:port` for IPv6 with a port), ports 1..65535. Checked here
 * because node:dns rejects a bad entry with a bare TypeError, and port 0 aborts the process
 * inside c-ares.
 */
const dnsServers: Parser<DnsServer[]> = (raw) => {
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) throw new Error('must be a comma list of host[:port]');
  return list.map((entry) => {
    const m = /^\[([^\]]+)\](?::([^:]*))?$/.exec(entry) ?? (isIP(entry) === 6 ? [entry, entry] : /^([^:]+)(?::([^:]*))?$/.exec(entry));
    const host = m?.[1] ?? '';
    const port = m?.[2];
    if (isIP(host) === 0 && !HOST_NAME.test(host)) throw new Error(`"${entry}" is not host[:port] (an IP address or a host name, optional port)`);
    if (port === undefined) return { host };
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) throw new Error(`"${entry}": the port must be 1..65535`);
    return { host, port: Number(port) };
  });
};

/** A bind address: an IP address or a host name that resolves locally (e.g. localhost). */
const bindHost: Parser<string> = (raw) => {
  const v = text(raw);
  if (isIP(v) === 0 && !HOST_NAME.test(v)) {
    throw new Error('must be an IP address (0.0.0.0, 127.0.0.1, ::) or a host name');
  }
  return v;
};

const url: Parser<string> = (raw) => {
  try {
    const u = new URL(raw.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    return raw.trim();
  } catch {
    throw new Error('must be an http(s) URL');
  }
};

/**
 * `key1=account1,key2=account2`, accounts [A-Za-z0-9._-]. A key of any length is taken: the
 * contract's own example is `key1=account1`; a short one is warned about (warnings.ts).
 */
const apiKeys: Parser<{ key: string; account: string }[]> = (raw) => {
  const out: { key: string; account: string }[] = [];
  for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = part.lastIndexOf('=');
    if (eq <= 0) throw new Error('must be key=account pairs separated by commas');
    const key = part.slice(0, eq);
    const account = part.slice(eq + 1);
    if (!ACCOUNT_NAME.test(account)) throw new Error(`account names ${ACCOUNT_NAME_RULE}`);
    if (out.some((o) => o.key === key)) throw new Error('each API key may appear only once (one key, one account)');
    out.push({ key, account });
  }
  if (out.length === 0) throw new Error('must list at least one key=account pair');
  return out;
};

/** A proxy: http(s)://[user:password@]host[:port]. */
const proxyUrl: Parser<string> = (raw) => {
  try {
    const u = new URL(raw.trim());
    if ((u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '') return raw.trim();
  } catch {
    // refused below
  }
  throw new Error('must be a proxy URL: http://host:port (or https://, optionally with user:password@)');
};

/** A feed URL, or `off` to turn that feed off. */
const feedUrl: Parser<string> = (raw) => (['off', 'none'].includes(raw.trim().toLowerCase()) ? 'off' : url(raw));

/** Hashed into the 32-byte master secret (platform/secrets.ts), so any length works (blank is unset); a short one is warned about. */
const secret: Parser<string> = (raw) => raw;

/** `2=<secret>,1=<secret>`: check-id signing keys by id; the highest id signs. */
const checkIdKeys: Parser<{ id: number; secret: string }[]> = (raw) => {
  const keys = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      const id = Number(part.slice(0, eq));
      const s = part.slice(eq + 1);
      if (eq <= 0 || !Number.isInteger(id) || id < 1 || id > 65535) throw new Error('must be id=secret pairs with ids 1..65535');
      if (s.length < 32) throw new Error('every key must be at least 32 characters');
      return { id, secret: s };
    });
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error('each key id may appear only once');
  return keys;
};

const roles: Parser<('api' | 'streams' | 'trainer')[]> = (raw) => {
  const list = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const r of list) if (!['api', 'streams', 'trainer'].includes(r)) throw new Error('must be a comma list of api, streams, trainer');
  if (list.length === 0) throw new Error('must name at least one role');
  return [...new Set(list)] as ('api' | 'streams' | 'trainer')[];
};

const optional = <T>(parse: Parser<T>): Parser<T | undefined> => (raw) => (raw === '' ? undefined : parse(raw));

function s<T>(env: string, def: string | undefined, parse: Parser<T>, doc: string): Setting<T> {
  return { env, default: def, parse, doc };
}

export const SETTINGS = {
  port: s('PORT', '8080', int(0, 65535), 'HTTP port'),
  host: s('HOST', '127.0.0.1', bindHost, 'Bind address (`0.0.0.0` in containers)'),
  dataDir: s('MAILSIFT_DATA_DIR', './data', text, 'State stores, embedded log, secrets, feeds and model artifacts'),
  apiKeys: s('MAILSIFT_API_KEYS', undefined, optional(apiKeys), '`key1=account1,key2=account2` (keys of 16 characters or more; a shorter one is taken with a warning at start), each with every scope, beside the keys `mailsift keys create` makes. Unset in embedded mode: a dev key is generated on first start, printed once, and only its hash kept'),
  secret: s('MAILSIFT_SECRET', undefined, optional(secret), 'Key material (32 characters or more; a shorter one is taken with a warning at start) for check_id signatures and keyed hashes. Unset in embedded mode: generated once and kept in the data dir. Required in Kafka mode'),
  checkIdKeys: s('MAILSIFT_CHECK_ID_KEYS', undefined, optional(checkIdKeys), 'Optional check_id key rotation: `2=<secret>,1=<secret>`; the highest id signs, all verify. Default: key 1 derived from MAILSIFT_SECRET'),
  dnsServers: s('MAILSIFT_DNS_SERVERS', undefined, optional(dnsServers), 'Comma list `host[:port]` used for every DNS lookup of a check (default: system resolvers); a host name is resolved once at start. Not for the host names of feed URLs, RDAP registries, proxies, Kafka brokers or the schema registry (system resolver)'),
  dns: s('MAILSIFT_DNS', 'on', bool, '`off` skips DNS: `deliverable_domain` and `mail_provider` are then absent'),
  domainAge: s('MAILSIFT_DOMAIN_AGE', 'on', bool, '`off` makes no RDAP lookups (`domain_age_days` and `young_domain` are then absent); `on` asks the registry of each new domain in the background, once the RDAP bootstrap feed is loaded; only the domain is sent'),
  dnsCanary: s('MAILSIFT_DNS_CANARY', 'gmail.com,outlook.com,yahoo.com', (raw) => (['off', 'none'].includes(raw.trim().toLowerCase()) ? [] : domainList(raw)), 'Domains that certainly receive mail; while the resolver denies all of them its answers are not trusted (`deliverable_domain: null`). `off` disables the check'),
  notDisposable: s('MAILSIFT_NOT_DISPOSABLE', undefined, optional(domainList), 'Comma list of domains never judged disposable, whatever the lists say (a list\'s false positive: a subdomain of one listed counts too)'),
  disposable: s('MAILSIFT_DISPOSABLE', undefined, optional(domainList), 'Comma list of domains judged disposable although no list has them yet (subdomains included)'),
  dnsTimeoutMs: s('MAILSIFT_DNS_TIMEOUT_MS', '800', int(50, 30_000), 'Timeout of one DNS query'),
  dnsBudgetMs: s('MAILSIFT_DNS_BUDGET_MS', '1500', int(50, 60_000), 'Overall DNS budget of one check'),
  kafkaBrokers: s('KAFKA_BROKERS', undefined, optional(hostPorts), 'Comma list of brokers; set = Kafka mode, unset = embedded mode'),
  kafkaNamespace: s('MAILSIFT_KAFKA_NAMESPACE', undefined, optional((raw) => {
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(raw.trim())) throw new Error('must match [A-Za-z0-9._-]{1,100}');
    return raw.trim();
  }), 'Kafka mode: prefix of every topic, consumer group and schema subject (`<namespace>.<name>`), to share a cluster'),
  kafkaReplicationFactor: s('MAILSIFT_KAFKA_REPLICATION_FACTOR', '1', int(1, 10), 'Kafka mode: replication factor of the topics the service creates (3 in production)'),
  schemaRegistryUrl: s('SCHEMA_REGISTRY_URL', undefined, optional(url), 'Confluent-compatible schema registry; required in Kafka mode'),
  roles: s('MAILSIFT_ROLES', 'api,streams,trainer', roles, 'Roles this process runs (split them to scale out; embedded mode runs all in one process)'),
  streamsThread: s('MAILSIFT_STREAMS_THREAD', 'on', bool, 'Embedded mode: run the stream processors in their own thread (`off`: in the API thread)'),
  modelMode: s('MAILSIFT_MODEL_MODE', 'auto', oneOf('off', 'on', 'auto'), '`off`, `on` or `auto` (see Model)'),
  maxAccountShare: s('MAILSIFT_MAX_ACCOUNT_SHARE', '0.25', share, "Largest share one account's outcomes may have in what every account is served: the shared model's training weight, the window its health is judged on, a domain's fake rate (with fewer accounts than 1/share, an equal share each)"),
  trainIntervalS: s('MAILSIFT_TRAIN_INTERVAL_S', '300', int(1, 7 * 86_400), 'Trainer: how often it considers fitting the next learned model version (it fits only when enough new outcomes arrived)'),
  rateLimitRps: s('MAILSIFT_RATE_LIMIT_RPS', '100', int(1, 1_000_000), 'Requests per second per account (token refill rate)'),
  rateLimitBurst: s('MAILSIFT_RATE_LIMIT_BURST', '200', int(1, 10_000_000), 'Burst size per account (bucket capacity)'),
  rateLimitAddresses: s('MAILSIFT_RATE_LIMIT_ADDRESSES', '500', int(1, 1_000_000), 'Addresses checked per second per account: a check costs 1, a bulk request 1 per address it sends'),
  rateLimitAddressBurst: s('MAILSIFT_RATE_LIMIT_ADDRESS_BURST', '2000', int(1000, 10_000_000), 'Address burst per account (at least 1000, a bulk request\'s most)'),
  verdictAllow: s('MAILSIFT_VERDICT_ALLOW', '60', int(1, 100), '`allow` when human_score >= this'),
  verdictReview: s('MAILSIFT_VERDICT_REVIEW', '30', int(0, 100), '`review` when human_score >= this (and below allow); `block` below. At most MAILSIFT_VERDICT_ALLOW (equal: no review band)'),
  eventTimeoutMs: s('MAILSIFT_EVENT_TIMEOUT_MS', '2000', int(100, 60_000), 'How long a check waits for its event to be durable before answering 503 (an event already being written gets up to 1 s more)'),
  bulkConcurrency: s('MAILSIFT_BULK_CONCURRENCY', '64', int(1, 1000), 'Addresses of one bulk request whose DNS lookups run in parallel'),
  bulkSlots: s('MAILSIFT_BULK_SLOTS', '8', int(1, 1000), 'Bulk slices analysed, judged and recorded at a time in the whole process, handed out round-robin among the accounts with bulk work waiting (single checks never wait for one)'),
  bulkSlice: s('MAILSIFT_BULK_SLICE', '8', int(1, 1000), 'Addresses of a bulk request judged together in one slot: one state read and one durable write for all of them (a request\'s last slice takes up to half as many more rather than leave a short one)'),
  bulkDnsBudgetMs: s('MAILSIFT_BULK_DNS_BUDGET_MS', '3000', int(0, 60_000), 'DNS time one bulk request may spend in all; past it, addresses at domains not resolved yet answer `deliverable_domain: null` at once'),
  feeds: s('MAILSIFT_FEEDS', 'on', bool, '`off` disables downloading the feeds (IP ranges, Tor exits, RDAP bootstrap: their signals then come only from copies already in the data dir)'),
  feedsRefreshHours: s('MAILSIFT_FEEDS_REFRESH_HOURS', '6', int(0, 24 * 30), 'Periodic refresh of the IP feeds (0 = only at start)'),
  feedsUrlAws: s('MAILSIFT_FEEDS_URL_AWS', undefined, optional(feedUrl), 'AWS ranges (default https://ip-ranges.amazonaws.com/ip-ranges.json); `off` turns a feed off'),
  feedsUrlAzure: s('MAILSIFT_FEEDS_URL_AZURE', undefined, optional(feedUrl), 'Azure Service Tags JSON (no stable official URL: set it, see docs/ip-intelligence.md)'),
  feedsUrlGoogleCloud: s('MAILSIFT_FEEDS_URL_GOOGLE_CLOUD', undefined, optional(feedUrl), 'Google Cloud ranges (default https://www.gstatic.com/ipranges/cloud.json)'),
  feedsUrlDigitalOcean: s('MAILSIFT_FEEDS_URL_DIGITAL_OCEAN', undefined, optional(feedUrl), 'DigitalOcean geofeed (default https://digitalocean.com/geo/google.csv)'),
  feedsUrlTor: s('MAILSIFT_FEEDS_URL_TOR', undefined, optional(feedUrl), 'Tor bulk exit list (default https://check.torproject.org/torbulkexitlist)'),
  feedsUrlRdap: s('MAILSIFT_FEEDS_URL_RDAP', undefined, optional(feedUrl), 'RDAP bootstrap for DNS, which registry answers for each TLD (default https://data.iana.org/rdap/dns.json); `domain_age_days` comes from those registries'),
  instanceId: s('MAILSIFT_INSTANCE_ID', undefined, optional(text), 'Name of this instance (Kafka mode: API replicas use it in their consumer group). Default: host name + port'),
  httpProxy: s('HTTP_PROXY', undefined, optional(proxyUrl), 'Proxy for outbound `http://` requests (feed downloads, RDAP lookups); `http_proxy` is read too'),
  httpsProxy: s('HTTPS_PROXY', undefined, optional(proxyUrl), 'Proxy for outbound `https://` requests (feed downloads, RDAP lookups; default: `HTTP_PROXY`); `https_proxy` is read too'),
  noProxy: s('NO_PROXY', undefined, optional((raw) => raw.trim()), 'Hosts reached without the proxy: comma list of names (a name covers its subdomains), `host:port`, or `*`; `no_proxy` is read too'),
  logLevel: s('MAILSIFT_LOG_LEVEL', 'info', oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'), 'Log level'),
  logFormat: s('MAILSIFT_LOG_FORMAT', 'auto', oneOf('auto', 'json', 'pretty'), 'Log lines as JSON (`json`) or readable (`pretty`); `auto`: readable when stdout is a terminal'),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type Config = { readonly [K in SettingKey]: ReturnType<(typeof SETTINGS)[K]['parse']> } & {
  readonly mode: 'embedded' | 'kafka';
};
