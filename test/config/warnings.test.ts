/** Weak but valid settings: said at start, naming the account and the length, never the key or secret. */
import { describe, expect, it } from 'vitest';
import { configWarnings } from '../../src/config/warnings.ts';

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
