import { describe, expect, it } from 'vitest';
import { openSealed, sealSecret } from '../../src/domain/sealed-secret.ts';

const key = Buffer.alloc(32, 1);
const nonce = Buffer.alloc(12, 2);

describe('sealed secrets', () => {
  it('opens with the key it was sealed with, and hides the plaintext', () => {
    const sealed = sealSecret(key, Buffer.from('whsec-material'), nonce);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed.slice(3), 'base64url').includes(Buffer.from('whsec-material'))).toBe(false);
    expect(openSealed(key, sealed)?.toString()).toBe('whsec-material');
  });

  it('refuses another key, an altered text, and what is not sealed', () => {
    const sealed = sealSecret(key, Buffer.from('x'.repeat(32)), nonce);
    expect(openSealed(Buffer.alloc(32, 9), sealed)).toBeUndefined();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(openSealed(key, `v1.${raw.toString('base64url')}`)).toBeUndefined();
    expect(openSealed(key, 'plain')).toBeUndefined();
  });
});
