import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHECK_ID_VALIDITY_MS, createCheckIdSigner, hasCheckIdForm } from '../../src/domain/check-id.ts';

const k1 = { id: 1, secret: Buffer.alloc(32, 1) };
const k2 = { id: 2, secret: Buffer.alloc(32, 2) };
const uuid = Buffer.alloc(16, 0xab);
const inbox = Buffer.alloc(16, 0xcd);
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('check id', () => {
  const signer = createCheckIdSigner([k1]);
  const id = signer.sign('acme', uuid, inbox, T0);

  it('has the contract form: chk_ + base64url, 100-140 characters', () => {
    expect(id.startsWith('chk_')).toBe(true);
    expect(id).toMatch(/^chk_[A-Za-z0-9_-]+$/);
    expect(id.length).toBeGreaterThanOrEqual(100);
    expect(id.length).toBeLessThanOrEqual(140);
    expect(hasCheckIdForm(id)).toBe(true);
    expect(hasCheckIdForm('chk_' + 'A'.repeat(96))).toBe(true);
    expect(hasCheckIdForm('chk_' + 'A'.repeat(136))).toBe(true);
    expect(hasCheckIdForm('chk_' + 'A'.repeat(95))).toBe(false);
    expect(hasCheckIdForm('chk_' + 'A'.repeat(137))).toBe(false);
    expect(hasCheckIdForm('chk_' + 'A'.repeat(118) + '=')).toBe(false);
  });

  it('round-trips its claims for the same account', () => {
    const r = signer.verify(id, 'acme', T0 + 1000);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.claims.uuid.equals(uuid)).toBe(true);
      expect(r.claims.inboxHash.equals(inbox)).toBe(true);
      expect(r.claims.issuedAt).toBe(T0);
      expect(r.claims.keyId).toBe(1);
    }
  });

  it('rejects another account (bound to the account)', () => {
    expect(signer.verify(id, 'globex', T0).ok).toBe(false);
  });

  it('is valid for exactly 14 days', () => {
    expect(signer.verify(id, 'acme', T0 + CHECK_ID_VALIDITY_MS).ok).toBe(true);
    expect(signer.verify(id, 'acme', T0 + CHECK_ID_VALIDITY_MS + 1).ok).toBe(false);
  });

  it('rejects ids issued far in the future', () => {
    const future = signer.sign('acme', uuid, inbox, T0 + 3_600_000);
    expect(signer.verify(future, 'acme', T0).ok).toBe(false);
  });

  it('rejects every single-character tampering', () => {
    const body = id.slice(4);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < body.length; i++) {
      const c = body[i]!;
      const repl = alphabet[(alphabet.indexOf(c) + 1) % alphabet.length]!;
      const tampered = 'chk_' + body.slice(0, i) + repl + body.slice(i + 1);
      expect(signer.verify(tampered, 'acme', T0).ok, `position ${i}`).toBe(false);
    }
  });

  it('rejects truncated, extended and random ids without throwing', () => {
    expect(signer.verify(id.slice(0, -1), 'acme', T0).ok).toBe(false);
    expect(signer.verify(id + 'A', 'acme', T0).ok).toBe(false);
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(signer.verify(s, 'acme', T0).ok).toBe(false);
        expect(signer.verify('chk_' + s, 'acme', T0).ok).toBe(false);
      }),
    );
    const random = 'chk_' + randomBytes(89).toString('base64url');
    expect(signer.verify(random, 'acme', T0).ok).toBe(false);
  });

  it('rotates keys: newest signs, older still verifies, removed key fails', () => {
    const rotated = createCheckIdSigner([k1, k2]);
    const newId = rotated.sign('acme', uuid, inbox, T0);
    const v = rotated.verify(newId, 'acme', T0);
    expect(v.ok && v.claims.keyId).toBe(2);
    expect(rotated.verify(id, 'acme', T0).ok).toBe(true);
    expect(createCheckIdSigner([k2]).verify(id, 'acme', T0).ok).toBe(false);
    expect(signer.verify(newId, 'acme', T0).ok).toBe(false);
  });

  it('refuses weak keys', () => {
    expect(() => createCheckIdSigner([{ id: 1, secret: Buffer.alloc(8) }])).toThrow(/32 bytes/);
    expect(() => createCheckIdSigner([])).toThrow();
  });
});
