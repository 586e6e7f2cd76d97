import { describe, expect, it } from 'vitest';
import { createKeyResolver } from '../../src/api/auth.ts';
import { hashApiKey } from '../../src/platform/secrets.ts';

describe('createKeyResolver', () => {
  const configured = [{ account: 'acme', sha256: hashApiKey('key-of-acme-0123456789') }, { account: 'zürich', sha256: hashApiKey('schlüssel-ünïcode-ключ') }];

  it('finds a configured key by the SHA-256 of its UTF-8 text', () => {
    const keys = createKeyResolver(configured);
    expect(keys.grantFor('key-of-acme-0123456789')?.account).toBe('acme');
    expect(keys.grantFor('schlüssel-ünïcode-ключ')?.account).toBe('zürich');
    expect(keys.grantFor('key-of-acme-012345678')).toBeUndefined();
  });

  it('looks a stored key up by the same hash and keeps one grant per key record', () => {
    const rec = { id: 'k1', account: 'beta', scopes: ['check'] as const, test: true };
    const asked: string[] = [];
    const keys = createKeyResolver([], { keyByHash: (sha) => (asked.push(sha), sha === hashApiKey('stored-ключ-1') ? rec : undefined) });
    const g = keys.grantFor('stored-ключ-1');
    expect(g).toMatchObject({ account: 'beta', test: true, id: 'k1' });
    expect(g?.scopes.has('check')).toBe(true);
    expect(keys.grantFor('stored-ключ-1')).toBe(g);
    expect(asked).toEqual([hashApiKey('stored-ключ-1'), hashApiKey('stored-ключ-1')]);
  });
});
