import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHECK_ID_FLAGS, CHECK_ID_VALIDITY_MS, createCheckIdSigner, hasCheckIdForm } from '../../src/domain/check-id.ts';

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
    for (const n of [74, 89]) expect(signer.verify('chk_' + randomBytes(n).toString('base64url'), 'acme', T0).ok).toBe(false);
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

  it('is 103 characters, deterministic for one check, and carries its flags sealed', () => {
    expect(id).toHaveLength(103);
    expect(signer.sign('acme', uuid, inbox, T0)).toBe(id);
    const test = signer.sign('acme', uuid, inbox, T0, CHECK_ID_FLAGS.test);
    expect(test).not.toBe(id);
    const v = signer.verify(test, 'acme', T0);
    expect(v.ok && v.claims.flags).toBe(CHECK_ID_FLAGS.test);
    const plain = signer.verify(id, 'acme', T0);
    expect(plain.ok && plain.claims.flags).toBe(0);
    expect(() => signer.sign('acme', uuid, inbox, T0, 256)).toThrow(/one byte/);
  });

  it('is the documented construction, byte for byte: header, HMAC tag over label, header, account and payload, AES-CTR payload under the tag', () => {
    const derive = (use: string) => createHmac('sha256', k1.secret).update(`mailsift/check-id/v2/${use}`).digest();
    const reference = (account: string, u: Buffer, ib: Buffer, at: number, flags: number): string => {
      const header = Buffer.from([2, 0, 1]);
      const payload = Buffer.alloc(39);
      payload.writeUInt8(flags, 0);
      payload.writeUIntBE(at, 1, 6);
      u.copy(payload, 7);
      ib.copy(payload, 23);
      const name = Buffer.from(account, 'utf8');
      const len = Buffer.alloc(2);
      len.writeUInt16BE(name.length);
      const tag = createHmac('sha256', derive('mac')).update(Buffer.from('mailsift/check-id/v2\0')).update(header).update(len).update(name).update(payload).digest();
      const c = createCipheriv('aes-256-ctr', derive('enc'), tag.subarray(0, 16));
      return 'chk_' + Buffer.concat([header, tag, c.update(payload), c.final()]).toString('base64url');
    };
    // One signer, several ids in a row: none of them carries bytes of the one before.
    const cases = [['acme', uuid, inbox, T0, 0], ['zürich-ünïcode', randomBytes(16), randomBytes(16), T0 + 7, 1], ['b', uuid, randomBytes(16), T0 + 9, 0]] as const;
    const ids = cases.map(([a, u, ib, at, f]) => signer.sign(a, u, ib, at, f));
    cases.forEach(([a, u, ib, at, f], i) => expect(ids[i]).toBe(reference(a, u, ib, at, f)));
  });

  it('reveals nothing of its payload: no issue time, uuid, inbox hash or account tag in the clear', () => {
    const raw = Buffer.from(id.slice(4), 'base64url');
    const time = Buffer.alloc(6);
    time.writeUIntBE(T0, 0, 6);
    for (const secretPart of [time, uuid.subarray(0, 4), inbox.subarray(0, 4)]) expect(raw.includes(secretPart)).toBe(false);
    // Flipping one payload bit changes every byte after the header (the tag is the IV).
    const other = Buffer.from(signer.sign('acme', uuid, inbox, T0 + 1).slice(4), 'base64url');
    expect(sharedBytes(raw.subarray(3), other.subarray(3))).toBeLessThanOrEqual(4);
  });

  it('shares no derived bytes between two accounts\' ids for one inbox (nor between two checks of one account)', () => {
    const ids = ['acme', 'globex', 'acme'].map((a) => Buffer.from(signer.sign(a, randomBytes(16), inbox, T0).slice(4), 'base64url'));
    for (const [a, b] of [[ids[0]!, ids[1]!], [ids[0]!, ids[2]!]] as const) {
      expect(a.subarray(0, 3).equals(b.subarray(0, 3))).toBe(true); // version and key id
      // Chance alone: 71 positions at 1/256 each, about 0.3 equal bytes; and no common run of 4.
      expect(sharedBytes(a.subarray(3), b.subarray(3))).toBeLessThanOrEqual(4);
      expect(longestCommonRun(a.subarray(3), b.subarray(3))).toBeLessThan(4);
    }
  });

  it('still verifies ids of the first format (version 1) for their 14 days, bound to their account and key', () => {
    // Issued by the previous format with key 1 = 32 bytes of 0x01, for account acme, at T0.
    const v1 = 'chk_AQABAaH9-kYAq6urq6urq6urq6urq6urqyVuMNhhE6tDA8PztPCtwbnNzc3Nzc3Nzc3Nzc3Nzc3NxBU4i7zOMqZfwpnxboBg2t4hYpCPkCHGKogqe8Tjz3Y';
    expect(v1).toHaveLength(123);
    const r = signer.verify(v1, 'acme', T0 + 1000);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.claims.uuid.equals(uuid)).toBe(true);
      expect(r.claims.inboxHash.equals(inbox)).toBe(true);
      expect(r.claims.issuedAt).toBe(T0);
      expect(r.claims.flags).toBe(0);
    }
    expect(signer.verify(v1, 'globex', T0).ok).toBe(false);
    expect(signer.verify(v1, 'acme', T0 + CHECK_ID_VALIDITY_MS + 1).ok).toBe(false);
    expect(createCheckIdSigner([k2]).verify(v1, 'acme', T0).ok).toBe(false);
    const body = v1.slice(4);
    for (let i = 0; i < body.length; i += 7) {
      const c = body[i] === 'A' ? 'B' : 'A';
      expect(signer.verify('chk_' + body.slice(0, i) + c + body.slice(i + 1), 'acme', T0).ok, `position ${i}`).toBe(false);
    }
  });

  it('refuses weak keys', () => {
    expect(() => createCheckIdSigner([{ id: 1, secret: Buffer.alloc(8) }])).toThrow(/32 bytes/);
    expect(() => createCheckIdSigner([])).toThrow();
  });
});

function sharedBytes(a: Buffer, b: Buffer): number {
  let n = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] === b[i]) n++;
  return n;
}

/** The longest run of bytes found in both, anywhere. */
function longestCommonRun(a: Buffer, b: Buffer): number {
  let best = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      let k = 0;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k]) k++;
      best = Math.max(best, k);
    }
  }
  return best;
}
