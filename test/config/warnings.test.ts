/** Weak but valid settings: said at start, naming the account and the length, never the key or secret. */
import { describe, expect, it } from 'vitest';
import { configWarnings, unknownVariables } from '../../src/config/warnings.ts';

describe('configWarnings', () => {
  it('names each short API key by its account and length, and a short secret by its length', () => {
    const w = configWarnings({ apiKeys: [{ key: 'key1', account: 'account1' }, { key: 'k'.repeat(16), account: 'acme' }], secret: 'test-secret' });
    expect(w).toEqual([
      'MAILSIFT_API_KEYS: the key of account "account1" has 4 characters: easy to guess; fine for a test, use 16 or more otherwise (mailsift keys create makes long ones)',
      'MAILSIFT_SECRET: 11 characters of key material: check_id signatures and the keyed hashes of addresses are only as hard to guess as it; fine for a test, use 32 or more otherwise',
    ]);
    expect(w.join('\n')).not.toMatch(/key1\b|test-secret/);
  });

  it('says nothing for strong or unset values', () => {
    expect(configWarnings({ apiKeys: undefined, secret: undefined })).toEqual([]);
    expect(configWarnings({ apiKeys: [{ key: 'k'.repeat(16), account: 'acme' }], secret: 's'.repeat(32) })).toEqual([]);
  });
});

describe('unknownVariables', () => {
  it('names a MAILSIFT_ variable that is no setting, with the setting it is nearest to', () => {
    expect(unknownVariables({ MAILSIFT_FEEDS_URL_TORR: 'http://x', MAILSIFT_VERDICT_ALOW: '80', MAILSIFT_SOMETHING_ELSE: '1' })).toEqual([
      "MAILSIFT_FEEDS_URL_TORR: not a Mailsift setting, ignored (did you mean MAILSIFT_FEEDS_URL_TOR?); README's Configuration lists the settings",
      "MAILSIFT_SOMETHING_ELSE: not a Mailsift setting, ignored; README's Configuration lists the settings",
      "MAILSIFT_VERDICT_ALOW: not a Mailsift setting, ignored (did you mean MAILSIFT_VERDICT_ALLOW?); README's Configuration lists the settings",
    ]);
  });

  it('a name in a family of settings (MAILSIFT_FEEDS_URL_, MAILSIFT_RATE_LIMIT_...) with no close match lists the family, not a far-fetched one', () => {
    const [gcp, tor, limit, verdict] = unknownVariables({ MAILSIFT_FEEDS_URL_GCP: 'http://x', MAILSIFT_FEEDS_URL_TORPROJECT: 'off', MAILSIFT_RATE_LIMIT: '5', MAILSIFT_VERDICT_BLOCK: '20' });
    const feeds = 'MAILSIFT_FEEDS_URL_AWS, MAILSIFT_FEEDS_URL_AZURE, MAILSIFT_FEEDS_URL_GOOGLE_CLOUD, MAILSIFT_FEEDS_URL_DIGITAL_OCEAN, MAILSIFT_FEEDS_URL_TOR, MAILSIFT_FEEDS_URL_RDAP';
    expect(gcp).toBe(`MAILSIFT_FEEDS_URL_GCP: not a Mailsift setting, ignored (the MAILSIFT_FEEDS_URL_ settings are ${feeds}); README's Configuration lists the settings`);
    expect(tor).toBe(`MAILSIFT_FEEDS_URL_TORPROJECT: not a Mailsift setting, ignored (the MAILSIFT_FEEDS_URL_ settings are ${feeds}); README's Configuration lists the settings`);
    expect(limit).toBe("MAILSIFT_RATE_LIMIT: not a Mailsift setting, ignored (the MAILSIFT_RATE_LIMIT_ settings are MAILSIFT_RATE_LIMIT_RPS, MAILSIFT_RATE_LIMIT_BURST, MAILSIFT_RATE_LIMIT_ADDRESSES, MAILSIFT_RATE_LIMIT_ADDRESS_BURST); README's Configuration lists the settings");
    expect(verdict).toBe("MAILSIFT_VERDICT_BLOCK: not a Mailsift setting, ignored (the MAILSIFT_VERDICT_ settings are MAILSIFT_VERDICT_ALLOW, MAILSIFT_VERDICT_REVIEW); README's Configuration lists the settings");
    // A close match within the family is still named.
    expect(unknownVariables({ MAILSIFT_FEEDS_URL_DIGITALOCEAN: 'off' })[0]).toContain('(did you mean MAILSIFT_FEEDS_URL_DIGITAL_OCEAN?)');
  });

  it('MAILSIFT_ before a setting that has no prefix names that setting (MAILSIFT_KAFKA_BROKERS would silently mean embedded mode)', () => {
    expect(unknownVariables({ MAILSIFT_KAFKA_BROKERS: 'b:9092', MAILSIFT_PORT: '9000' })).toEqual([
      "MAILSIFT_KAFKA_BROKERS: not a Mailsift setting, ignored (did you mean KAFKA_BROKERS?); README's Configuration lists the settings",
      "MAILSIFT_PORT: not a Mailsift setting, ignored (did you mean PORT?); README's Configuration lists the settings",
    ]);
  });

  it('a near miss of KAFKA_BROKERS or SCHEMA_REGISTRY_URL is named too: without them the service runs in embedded mode', () => {
    expect(unknownVariables({ KAFKA_BROKER: 'b:9092', SCHEMA_REGISTRY_URI: 'http://r' })).toEqual([
      'KAFKA_BROKER: not read by Mailsift (did you mean KAFKA_BROKERS?)',
      'SCHEMA_REGISTRY_URI: not read by Mailsift (did you mean SCHEMA_REGISTRY_URL?)',
    ]);
    // Kafka's own variables are not near misses.
    expect(unknownVariables({ KAFKA_BROKER_ID: '1', KAFKA_HEAP_OPTS: '-Xmx1G', KAFKA_OPTS: '', SCHEMA_REGISTRY_HOST_NAME: 'r' })).toEqual([]);
  });

  it('says nothing of the settings, the client commands\' variables or other programs\' variables', () => {
    expect(unknownVariables({ MAILSIFT_FEEDS_URL_TOR: 'off', MAILSIFT_DNS: 'off', MAILSIFT_URL: 'http://127.0.0.1:8080', MAILSIFT_API_KEY: 'k', PORT: '8080', KAFKA_BROKERS: 'b:9092', PATH: '/bin' })).toEqual([]);
  });
});
