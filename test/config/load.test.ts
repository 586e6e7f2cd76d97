import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load.ts';

describe('loadConfig', () => {
  it('gives the documented defaults (README: Configuration) in embedded mode', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe('./data');
    expect(c.mode).toBe('embedded');
    expect(c.roles).toEqual(['api', 'streams', 'trainer']);
    expect(c.modelMode).toBe('auto');
    expect(c.rateLimitRps).toBe(100);
    expect(c.rateLimitBurst).toBe(200);
    expect(c.verdictAllow).toBe(60);
    expect(c.verdictReview).toBe(30);
    expect(c.maxAccountShare).toBe(0.25);
    expect(c.apiKeys).toBeUndefined();
    expect(loadConfig({ MAILSIFT_MAX_ACCOUNT_SHARE: '1' }).maxAccountShare).toBe(1);
    expect(loadConfig({ MAILSIFT_MAX_ACCOUNT_SHARE: '.1' }).maxAccountShare).toBe(0.1);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT: must be an integer/],
    [{ PORT: '70000' }, /PORT: must be an integer between 0 and 65535/],
    [{ MAILSIFT_MODEL_MODE: 'maybe' }, /MAILSIFT_MODEL_MODE: must be one of off, on, auto/],
    [{ MAILSIFT_API_KEYS: 'abcdefghijklmnopqrst' }, /MAILSIFT_API_KEYS: must be key=account pairs/],
    [{ MAILSIFT_DNS_SERVERS: 'not a host' }, /MAILSIFT_DNS_SERVERS: "not a host" is not host\[:port\]/],
    [{ MAILSIFT_DNS_SERVERS: '127.0.0.1:0' }, /MAILSIFT_DNS_SERVERS: "127.0.0.1:0": the port must be 1..65535/],
    [{ MAILSIFT_DNS_SERVERS: '1.1.1.1:99999' }, /MAILSIFT_DNS_SERVERS: "1.1.1.1:99999": the port must be 1..65535/],
    [{ MAILSIFT_DNS_SERVERS: '[::1]:x' }, /MAILSIFT_DNS_SERVERS: "\[::1\]:x": the port must be 1..65535/],
    [{ HOST: 'not an address' }, /HOST: must be an IP address/],
    [{ MAILSIFT_DNS_CANARY: 'gmail.com,not a domain' }, /MAILSIFT_DNS_CANARY: "not a domain" is not a domain name/],
    [{ MAILSIFT_DNS_CANARY: 'gmail.com:53' }, /MAILSIFT_DNS_CANARY: "gmail.com:53" is not a domain name/],
    [{ MAILSIFT_DNS_CANARY: ',' }, /MAILSIFT_DNS_CANARY: must be a comma list of domain names \(or off\)/],
    [{ MAILSIFT_API_KEYS: 'aaaaaaaaaaaaaaaa=alpha,aaaaaaaaaaaaaaaa=beta' }, /MAILSIFT_API_KEYS: each API key may appear only once/],
    [{ MAILSIFT_CHECK_ID_KEYS: `1=${'a'.repeat(32)},1=${'b'.repeat(32)}` }, /MAILSIFT_CHECK_ID_KEYS: each key id may appear only once/],
    [{ SCHEMA_REGISTRY_URL: 'ftp://x' }, /SCHEMA_REGISTRY_URL: must be an http\(s\) URL/],
    [{ KAFKA_BROKERS: '127.0.0.1:9092' }, /SCHEMA_REGISTRY_URL: is required/],
    [{ MAILSIFT_ROLES: 'api' }, /MAILSIFT_ROLES: embedded mode runs/],
    [{ MAILSIFT_ROLES: 'api,cook' }, /MAILSIFT_ROLES: must be a comma list/],
    [{ MAILSIFT_VERDICT_REVIEW: '70' }, /MAILSIFT_VERDICT_REVIEW: must be at most MAILSIFT_VERDICT_ALLOW \(60\)/],
    ...['0', '1.5', '-0.2', 'quarter', '25%', '1e-1'].map((v): [Record<string, string>, RegExp] => [{ MAILSIFT_MAX_ACCOUNT_SHARE: v }, /MAILSIFT_MAX_ACCOUNT_SHARE: must be a number greater than 0 and at most 1/]),
  ] as [Record<string, string>, RegExp][])('rejects %o naming the variable and the rule', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  // CONTRACT: review <= allow, as an account's own thresholds (PATCH /v1/settings); equal is no review band.
  it('MAILSIFT_VERDICT_REVIEW may equal MAILSIFT_VERDICT_ALLOW', () => {
    const c = loadConfig({ MAILSIFT_VERDICT_ALLOW: '50', MAILSIFT_VERDICT_REVIEW: '50' });
    expect([c.verdictAllow, c.verdictReview]).toEqual([50, 50]);
  });

  it('disposable corrections: comma lists of domain names, normalised; unset is none', () => {
    expect(loadConfig({ MAILSIFT_NOT_DISPOSABLE: ' Example-School.org., b.example.net ' }).notDisposable).toEqual(['example-school.org', 'b.example.net']);
    expect(loadConfig({ MAILSIFT_DISPOSABLE: 'fresh-throwaway.example' }).disposable).toEqual(['fresh-throwaway.example']);
    expect(loadConfig({}).notDisposable).toBeUndefined();
    expect(() => loadConfig({ MAILSIFT_NOT_DISPOSABLE: 'ok.example.org,not a domain' })).toThrow(/MAILSIFT_NOT_DISPOSABLE: "not a domain" is not a domain name/);
    expect(() => loadConfig({ MAILSIFT_DISPOSABLE: 'x@example.org' })).toThrow(/MAILSIFT_DISPOSABLE: "x@example.org" is not a domain name/);
  });

  it('DNS canaries: domain names, normalised; off or none for no canary', () => {
    expect(loadConfig({ MAILSIFT_DNS_CANARY: ' Gmail.com., example.org ' }).dnsCanary).toEqual(['gmail.com', 'example.org']);
    expect(loadConfig({ MAILSIFT_DNS_CANARY: 'off' }).dnsCanary).toEqual([]);
    expect(loadConfig({}).dnsCanary).toEqual(['gmail.com', 'outlook.com', 'yahoo.com']);
  });

  it('a bad KAFKA_BROKERS is reported alone, not also as an embedded-mode MAILSIFT_ROLES problem', () => {
    expect(() => loadConfig({ KAFKA_BROKERS: 'not a broker list', MAILSIFT_ROLES: 'api' })).toThrow(/^KAFKA_BROKERS: [^\n]*$/);
  });

  it('parses keys, servers and Kafka mode', () => {
    const c = loadConfig({
      MAILSIFT_API_KEYS: 'aaaaaaaaaaaaaaaa1=acme, bbbbbbbbbbbbbbbb2=globex',
      MAILSIFT_DNS_SERVERS: '127.0.0.1:15353,[::1]:53,::1,localhost:5353,10.0.0.2',
      KAFKA_BROKERS: '127.0.0.1:19092',
      SCHEMA_REGISTRY_URL: 'http://127.0.0.1:18081/apis/ccompat/v7',
      MAILSIFT_SECRET: 'x'.repeat(32),
      MAILSIFT_ROLES: 'api',
    });
    expect(c.apiKeys).toEqual([
      { key: 'aaaaaaaaaaaaaaaa1', account: 'acme' },
      { key: 'bbbbbbbbbbbbbbbb2', account: 'globex' },
    ]);
    expect(c.dnsServers).toEqual([
      { host: '127.0.0.1', port: 15353 },
      { host: '::1', port: 53 },
      { host: '::1' },
      { host: 'localhost', port: 5353 },
      { host: '10.0.0.2' },
    ]);
    expect(c.mode).toBe('kafka');
    expect(c.roles).toEqual(['api']);
  });

  it("takes the contract's own example keys (key1=account1) and a short secret: weak, not invalid (warnings.ts says so at start)", () => {
    const c = loadConfig({ MAILSIFT_API_KEYS: 'key1=account1,key2=account2', KAFKA_BROKERS: '127.0.0.1:19092', SCHEMA_REGISTRY_URL: 'http://127.0.0.1:18081', MAILSIFT_SECRET: 'test-secret' });
    expect(c.apiKeys).toEqual([
      { key: 'key1', account: 'account1' },
      { key: 'key2', account: 'account2' },
    ]);
    expect(c.secret).toBe('test-secret');
  });

  it('proxy variables: upper or lower case (upper wins), URLs checked', () => {
    expect(loadConfig({}).httpProxy).toBeUndefined();
    const c = loadConfig({ https_proxy: 'http://proxy.corp:3128', HTTP_PROXY: 'http://u:p@proxy.corp:8080', http_proxy: 'http://ignored:1', no_proxy: ' localhost,.corp ' });
    expect([c.httpsProxy, c.httpProxy, c.noProxy]).toEqual(['http://proxy.corp:3128', 'http://u:p@proxy.corp:8080', 'localhost,.corp']);
    expect(() => loadConfig({ HTTPS_PROXY: 'proxy.corp:3128' })).toThrow(/HTTPS_PROXY: must be a proxy URL/);
    expect(() => loadConfig({ http_proxy: 'socks5://proxy.corp:1080' })).toThrow(/HTTP_PROXY: must be a proxy URL/);
  });
});
