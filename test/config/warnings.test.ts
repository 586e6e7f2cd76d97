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

  it('says nothing of the settings, the client commands\' variables or other programs\' variables', () => {
    expect(unknownVariables({ MAILSIFT_FEEDS_URL_TOR: 'off', MAILSIFT_DNS: 'off', MAILSIFT_URL: 'http://127.0.0.1:8080', MAILSIFT_API_KEY: 'k', PORT: '8080', KAFKA_BROKERS: 'b:9092', PATH: '/bin' })).toEqual([]);
  });
});
