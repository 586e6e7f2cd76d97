/** The client commands' environment (CONTRACT: check-file calls MAILSIFT_URL, default http://127.0.0.1:8080, with MAILSIFT_API_KEY). */
import { describe, expect, it } from 'vitest';
import { loadClientConfig } from '../../src/config/client.ts';

describe('loadClientConfig', () => {
  it('defaults MAILSIFT_URL to http://127.0.0.1:8080 (unset or blank)', () => {
    for (const env of [{ MAILSIFT_API_KEY: 'k' }, { MAILSIFT_API_KEY: 'k', MAILSIFT_URL: '  ' }]) {
      expect(loadClientConfig(env)).toEqual({ baseUrl: 'http://127.0.0.1:8080/', apiKey: 'k' });
    }
  });

  it('takes MAILSIFT_URL and MAILSIFT_API_KEY as given (trimmed)', () => {
    expect(loadClientConfig({ MAILSIFT_URL: ' https://mailsift.internal:8443/base ', MAILSIFT_API_KEY: ' msk_live_abc ' })).toEqual({ baseUrl: 'https://mailsift.internal:8443/base', apiKey: 'msk_live_abc' });
  });

  it('refuses, naming each variable and its rule: a URL without http(s), a missing key', () => {
    expect(() => loadClientConfig({ MAILSIFT_URL: '127.0.0.1:8080' })).toThrow(
      'MAILSIFT_URL: must be an http:// or https:// URL\nMAILSIFT_API_KEY: is required (the key to call the service with)',
    );
    expect(() => loadClientConfig({ MAILSIFT_URL: 'ftp://x', MAILSIFT_API_KEY: 'k' })).toThrow('MAILSIFT_URL: must be an http:// or https:// URL');
  });
});
