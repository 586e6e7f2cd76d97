import { describe, expect, it } from 'vitest';
import { keyId, keyText, KEY_ID_FORM, validateNewKey } from '../../src/controls/api-keys.ts';

describe('API keys', () => {
  it('spells live keys msk_live_, test keys msk_test_, ids key_ (random part base64url)', () => {
    expect(keyText(Buffer.alloc(32, 1), false)).toBe(`msk_live_${Buffer.alloc(32, 1).toString('base64url')}`);
    expect(keyText(Buffer.alloc(32, 2), true)).toMatch(/^msk_test_[A-Za-z0-9_-]{43}$/);
    expect(keyId(Buffer.alloc(12, 3))).toMatch(KEY_ID_FORM);
  });

  it('defaults to check,feedback,read, puts scopes in canonical order, keeps test and name', () => {
    expect(validateNewKey({ account: 'acme' })).toEqual({ ok: true, value: { account: 'acme', scopes: ['check', 'feedback', 'read'], test: false, name: '' } });
    expect(validateNewKey({ account: 'a.b-c_9', scopes: ['admin', 'check'], test: true, name: 'ci server' })).toEqual({ ok: true, value: { account: 'a.b-c_9', scopes: ['check', 'admin'], test: true, name: 'ci server' } });
  });

  it.each([
    [{ account: '' }, 'account: must match [A-Za-z0-9._-]{1,64}'],
    [{ account: 'a/b' }, 'account: must match [A-Za-z0-9._-]{1,64}'],
    [{ account: 'x'.repeat(65) }, 'account: must match [A-Za-z0-9._-]{1,64}'],
    [{ account: 'acme', scopes: [] }, 'scopes: must name at least one of check, feedback, read, admin'],
    [{ account: 'acme', scopes: ['check', 'root'] }, 'scopes: "root" is not a scope (one of check, feedback, read, admin)'],
    [{ account: 'acme', name: 'n'.repeat(101) }, 'name: must be a string of at most 100 characters'],
    [{ account: 'acme', name: 'a\nb' }, 'name: must not contain control characters'],
  ])('refuses %j', (input, error) => {
    expect(validateNewKey(input)).toEqual({ ok: false, error });
  });
});
