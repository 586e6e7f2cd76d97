/**
 * Signed check ids: `chk_` + base64url(payload ‖ HMAC-SHA256(key[kid], payload)).
 *
 * Payload (57 bytes, big-endian):
 *   0      version (1)
 *   1..2   key id: which verification key signed it (keys rotate; the newest signs)
 *   3..8   issued at, epoch milliseconds (48 bits)
 *   9..24  check uuid (16 random bytes, supplied by the caller)
 *   25..40 account tag: HMAC of the account id under the signing key (binds the id to it)
 *   41..56 inbox hash: the keyed hash of the canonical inbox (lets feedback carry it without a join)
 * 89 bytes in all -> 119 base64url characters -> 123 characters with the prefix.
 *
 * Pure: time, randomness and keys come in as arguments. Verification is constant-time in the
 * MAC comparison and never says *why* an id failed (tampered, foreign and expired all read
 * as "not found" to the caller), so it leaks nothing an attacker could iterate on.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAY } from './time.ts';

export const CHECK_ID_PREFIX = 'chk_';
export const CHECK_ID_VALIDITY_MS = 14 * DAY;
/** Ids issued "in the future" by more than this (clock skew between instances) are rejected. */
const MAX_FUTURE_SKEW_MS = 5 * 60_000;

const VERSION = 1;
const PAYLOAD_BYTES = 57;
const MAC_BYTES = 32;
const TOTAL_BYTES = PAYLOAD_BYTES + MAC_BYTES;
/** CONTRACT.md's form: `chk_` + base64url, 100-140 characters in all (ours are 123). */
const FORM = /^chk_[A-Za-z0-9_-]{96,136}$/;

export interface CheckIdKey {
  /** 1..65535; the highest id present is the one that signs. */
  readonly id: number;
  readonly secret: Buffer;
}

export interface CheckIdClaims {
  readonly uuid: Buffer;
  readonly issuedAt: number;
  readonly inboxHash: Buffer;
  readonly keyId: number;
}

export type VerifyResult = { ok: true; claims: CheckIdClaims } | { ok: false };

/** True when the string has the `chk_` form; only such strings are worth verifying (else 400). */
export function hasCheckIdForm(s: string): boolean {
  return FORM.test(s);
}

export interface CheckIdSigner {
  sign(account: string, uuid: Buffer, inboxHash: Buffer, issuedAt: number): string;
  verify(token: string, account: string, now: number): VerifyResult;
}

export function createCheckIdSigner(keys: readonly CheckIdKey[]): CheckIdSigner {
  if (keys.length === 0) throw new Error('check id: at least one key is required');
  const byId = new Map<number, Buffer>();
  for (const k of keys) {
    if (!Number.isInteger(k.id) || k.id < 1 || k.id > 0xffff) throw new Error(`check id: bad key id ${k.id}`);
    if (k.secret.length < 32) throw new Error(`check id: key ${k.id} must be at least 32 bytes`);
    byId.set(k.id, k.secret);
  }
  const signingId = Math.max(...byId.keys());

  // Accounts are few and long-lived: their tags are computed once per key (bounded).
  const tags = new Map<string, Buffer>();
  const accountTag = (secret: Buffer, account: string): Buffer => {
    const k = `${secret.toString('latin1')}\0${account}`;
    let tag = tags.get(k);
    if (!tag) {
      tag = createHmac('sha256', secret).update('mailsift/check-id/account\0').update(account, 'utf8').digest().subarray(0, 16);
      if (tags.size > 10_000) tags.clear();
      tags.set(k, tag);
    }
    return tag;
  };
  const mac = (secret: Buffer, payload: Buffer): Buffer =>
    createHmac('sha256', secret).update('mailsift/check-id/mac\0').update(payload).digest();

  return {
    sign(account, uuid, inboxHash, issuedAt) {
      if (uuid.length !== 16 || inboxHash.length !== 16) throw new Error('check id: uuid and inbox hash are 16 bytes');
      const secret = byId.get(signingId)!;
      const buf = Buffer.alloc(TOTAL_BYTES);
      buf.writeUInt8(VERSION, 0);
      buf.writeUInt16BE(signingId, 1);
      buf.writeUIntBE(issuedAt, 3, 6);
      uuid.copy(buf, 9);
      accountTag(secret, account).copy(buf, 25);
      inboxHash.copy(buf, 41);
      mac(secret, buf.subarray(0, PAYLOAD_BYTES)).copy(buf, PAYLOAD_BYTES);
      return CHECK_ID_PREFIX + buf.toString('base64url');
    },

    verify(token, account, now) {
      if (!hasCheckIdForm(token)) return { ok: false };
      const buf = Buffer.from(token.slice(CHECK_ID_PREFIX.length), 'base64url');
      if (buf.length !== TOTAL_BYTES || buf.readUInt8(0) !== VERSION) return { ok: false };
      // Re-encoding must give the same text: rejects non-canonical base64 spellings of one id.
      if (buf.toString('base64url') !== token.slice(CHECK_ID_PREFIX.length)) return { ok: false };
      const keyId = buf.readUInt16BE(1);
      const secret = byId.get(keyId);
      if (secret === undefined) return { ok: false };
      const payload = buf.subarray(0, PAYLOAD_BYTES);
      const expected = Buffer.concat([
        payload.subarray(0, 25),
        accountTag(secret, account),
        payload.subarray(41),
      ]);
      // One constant-time comparison over the MAC of what the id *would* be for this account:
      // a foreign id fails exactly like a tampered one.
      if (!timingSafeEqual(mac(secret, expected), buf.subarray(PAYLOAD_BYTES))) return { ok: false };
      if (!timingSafeEqual(expected.subarray(25, 41), payload.subarray(25, 41))) return { ok: false };
      const issuedAt = buf.readUIntBE(3, 6);
      if (now - issuedAt > CHECK_ID_VALIDITY_MS || issuedAt - now > MAX_FUTURE_SKEW_MS) return { ok: false };
      return {
        ok: true,
        claims: {
          uuid: Buffer.from(buf.subarray(9, 25)),
          issuedAt,
          inboxHash: Buffer.from(buf.subarray(41, 57)),
          keyId,
        },
      };
    },
  };
}
