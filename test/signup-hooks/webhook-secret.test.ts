import { describe, expect, it } from 'vitest';
import { libraryForm, webhookKey } from '../../src/signup-hooks/webhook-secret.ts';

const b64 = (n: number) => Buffer.alloc(n, 7).toString('base64');

describe('sign-up hook secrets', () => {
  it('takes the form Supabase shows, with or without v1,', () => {
    expect(webhookKey(`v1,whsec_${b64(32)}`)).toEqual(Buffer.alloc(32, 7));
    expect(webhookKey(`whsec_${b64(24)}`)).toEqual(Buffer.alloc(24, 7));
    expect(libraryForm(Buffer.alloc(32, 7))).toBe(`whsec_${b64(32)}`);
  });

  it.each([`v1,whsec_${b64(16)}`, `v1,whsec_${b64(65)}`, `v2,whsec_${b64(32)}`, `v1,${b64(32)}`, 'v1,whsec_not base64!', 'v1,whsec_', ''])('refuses %j', (s) => {
    expect(webhookKey(s)).toBeUndefined();
  });
});
