import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSupabaseSignup } from '../../src/signup-hooks/supabase-payload.ts';

describe("reading Supabase's Before User Created payload", () => {
  it.each([
    [{ metadata: { ip_address: '203.0.113.7', name: 'before-user-created' }, user: { email: 'ana@example.com', phone: '' } }, { email: 'ana@example.com', ip: '203.0.113.7' }],
    [{ user: { email: 'ana@example.com' } }, { email: 'ana@example.com', ip: undefined }],
    // A phone sign-up: Supabase sends an empty email
    [{ metadata: { ip_address: '' }, user: { email: '', phone: '15555550100' } }, { email: undefined, ip: undefined }],
    [{ metadata: null, user: { email: null } }, { email: undefined, ip: undefined }],
    [{ metadata: { ip_address: null }, user: { email: '   ' } }, { email: undefined, ip: undefined }],
  ])('%j', (payload, signup) => {
    expect(parseSupabaseSignup(payload)).toEqual({ ok: true, signup });
  });

  it.each([
    [[], 'body: must be a JSON object ({metadata, user}, as Supabase sends it)'],
    [null, 'body: must be a JSON object ({metadata, user}, as Supabase sends it)'],
    ['user', 'body: must be a JSON object ({metadata, user}, as Supabase sends it)'],
    [42, 'body: must be a JSON object ({metadata, user}, as Supabase sends it)'],
    [{}, 'user: must be an object (the user about to be created)'],
    [{ user: [] }, 'user: must be an object (the user about to be created)'],
    [{ user: 'ana@example.com' }, 'user: must be an object (the user about to be created)'],
    [{ user: { email: 7 } }, 'user.email: must be a string'],
    [{ user: { email: ['ana@example.com'] } }, 'user.email: must be a string'],
    [{ metadata: 'x', user: { email: 'ana@example.com' } }, 'metadata: must be an object'],
    [{ metadata: { ip_address: 203 }, user: { email: 'ana@example.com' } }, 'metadata.ip_address: must be a string'],
  ])('refuses %j', (payload, error) => {
    expect(parseSupabaseSignup(payload)).toEqual({ ok: false, error });
  });

  it('any JSON value: either read or refused with a field and rule', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ metadata: fc.jsonValue(), user: fc.oneof(fc.jsonValue(), fc.record({ email: fc.jsonValue() })) }, { requiredKeys: [] })), (v) => {
        const r = parseSupabaseSignup(v);
        if (r.ok) expect(r.signup.email === undefined || (typeof r.signup.email === 'string' && r.signup.email.trim() !== '')).toBe(true);
        else expect(r.error).toMatch(/^(body|user|user\.email|metadata|metadata\.ip_address): must /);
      }),
    );
  });
});
