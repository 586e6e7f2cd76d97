/**
 * Check ids: sealed, so that an id tells its holder nothing. Two customers comparing the ids
 * they got for one person must not learn that they share a user (the first format carried the
 * inbox's keyed hash, the same in every account's id, and the issue time in clear).
 *
 * `chk_` + base64url(header ‖ tag ‖ sealed), version 2 (74 bytes -> 99 characters, 103 with the prefix):
 *   header  3 bytes  version (2), key id (uint16 BE): keys rotate, the newest signs
 *   tag    32 bytes  HMAC-SHA256(macKey, label ‖ header ‖ account ‖ payload)
 *   sealed 39 bytes  AES-256-CTR(encKey, iv = tag[0..16], payload)
 * payload: flags (1; bit 0 = made with a test key) ‖ issued at, epoch ms (6) ‖ check uuid (16)
 *          ‖ inbox hash (16, the keyed hash feedback carries without a join)
 *
 * The construction is SIV (Rogaway and Shrimpton's deterministic authenticated encryption): the
 * MAC of the plaintext is both the authenticator and the IV of the encryption. Each check's
 * random uuid makes every tag (so every IV) distinct, so beyond the 3-byte header two ids share
 * no derived bytes, whichever accounts they belong to; the same check re-sealed gives the same
 * id (feedback by email answers the id of the check it labelled). The account is authenticated
 * but not carried: an id verifies only for the account it was issued to, and a foreign id fails
 * exactly like a tampered one. encKey and macKey are derived from the key's secret apart.
 *
 * Pure: time, randomness (the uuid) and keys come in as arguments. The tag comparison is
 * constant-time, and verification never says *why* an id failed (tampered, foreign, expired).
 * Ids of version 1 (check-id-v1.ts) still verify for their 14 days.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { aes256Ctr, type Ctr } from './aes-ctr.ts';
import { hmacSha256, type Hmac } from './hmac-sha256.ts';
import { openV1, V1_BYTES } from './check-id-v1.ts';
import { DAY } from './time.ts';

export const CHECK_ID_PREFIX = 'chk_';
export const CHECK_ID_VALIDITY_MS = 14 * DAY;
/** Bits of the sealed flags byte. */
export const CHECK_ID_FLAGS = { test: 1 } as const;
/** Ids issued "in the future" by more than this (clock skew between instances) are rejected. */
const MAX_FUTURE_SKEW_MS = 5 * 60_000;

const VERSION = 2;
const HEADER_BYTES = 3;
const TAG_BYTES = 32;
const PAYLOAD_BYTES = 39;
const TOTAL_BYTES = HEADER_BYTES + TAG_BYTES + PAYLOAD_BYTES;
/** The documented form (README: Errors, 400): `chk_` + base64url, 100-140 characters in all (ours are 103; version 1's were 123). */
const FORM = /^chk_[A-Za-z0-9_-]{96,136}$/;
const MAC_LABEL = Buffer.from('mailsift/check-id/v2\0');

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
  /** CHECK_ID_FLAGS bits (0 for version-1 ids). */
  readonly flags: number;
}

export type VerifyResult = { ok: true; claims: CheckIdClaims } | { ok: false };

/** True when the string has the `chk_` form; only such strings are worth verifying (else 400). */
export function hasCheckIdForm(s: string): boolean {
  return FORM.test(s);
}

export interface CheckIdSigner {
  /** `flags`: CHECK_ID_FLAGS bits, sealed with the rest. */
  sign(account: string, uuid: Buffer, inboxHash: Buffer, issuedAt: number, flags?: number): string;
  verify(token: string, account: string, now: number): VerifyResult;
}

interface KeyPair {
  /** AES-256-CTR under the encryption key. */
  readonly enc: Ctr;
  /** HMAC-SHA256 under the MAC key. */
  readonly mac: Hmac;
  /** The key's own secret: what version-1 ids were signed with. */
  readonly v1: Buffer;
}

export function createCheckIdSigner(keys: readonly CheckIdKey[]): CheckIdSigner {
  if (keys.length === 0) throw new Error('check id: at least one key is required');
  const byId = new Map<number, KeyPair>();
  for (const k of keys) {
    if (!Number.isInteger(k.id) || k.id < 1 || k.id > 0xffff) throw new Error(`check id: bad key id ${k.id}`);
    if (k.secret.length < 32) throw new Error(`check id: key ${k.id} must be at least 32 bytes`);
    const derive = (use: string): Buffer => createHmac('sha256', k.secret).update(`mailsift/check-id/v2/${use}`).digest();
    byId.set(k.id, { enc: aes256Ctr(derive('enc')), mac: hmacSha256(derive('mac')), v1: k.secret });
  }
  const signingId = Math.max(...byId.keys());

  // Signing and verifying are synchronous, and the MAC and the token's text copy what they are
  // given: the byte strings they are built in are reused, not allocated per call (Buffer.alloc
  // is a fresh ArrayBuffer each time, which the collector tracks and frees on its helpers).
  const len = Buffer.alloc(2);
  const signHeader = Buffer.alloc(HEADER_BYTES);
  signHeader.writeUInt8(VERSION, 0);
  signHeader.writeUInt16BE(signingId, 1);
  const signPayload = Buffer.alloc(PAYLOAD_BYTES);
  const sealed = Buffer.alloc(TOTAL_BYTES);
  const tagOf = (key: KeyPair, header: Buffer, account: string, payload: Buffer): Buffer => {
    len.writeUInt16BE(Math.min(Buffer.byteLength(account, 'utf8'), 0xffff));
    return key.mac(MAC_LABEL, header, len, account, payload);
  };
  // CTR is its own inverse: the same call seals and opens.
  const ctr = (key: KeyPair, tag: Buffer, data: Buffer): Buffer => key.enc(tag.subarray(0, 16), data);
  const inTime = (issuedAt: number, now: number): boolean => now - issuedAt <= CHECK_ID_VALIDITY_MS && issuedAt - now <= MAX_FUTURE_SKEW_MS;

  return {
    sign(account, uuid, inboxHash, issuedAt, flags = 0) {
      if (uuid.length !== 16 || inboxHash.length !== 16) throw new Error('check id: uuid and inbox hash are 16 bytes');
      if (!Number.isInteger(flags) || flags < 0 || flags > 0xff) throw new Error('check id: flags are one byte');
      const key = byId.get(signingId)!;
      signPayload.writeUInt8(flags, 0);
      signPayload.writeUIntBE(issuedAt, 1, 6);
      uuid.copy(signPayload, 7);
      inboxHash.copy(signPayload, 23);
      const tag = tagOf(key, signHeader, account, signPayload);
      signHeader.copy(sealed, 0);
      tag.copy(sealed, HEADER_BYTES);
      ctr(key, tag, signPayload).copy(sealed, HEADER_BYTES + TAG_BYTES);
      return CHECK_ID_PREFIX + sealed.toString('base64url');
    },

    verify(token, account, now) {
      if (!hasCheckIdForm(token)) return { ok: false };
      const text = token.slice(CHECK_ID_PREFIX.length);
      const buf = Buffer.from(text, 'base64url');
      // Re-encoding must give the same text: rejects non-canonical base64 spellings of one id.
      if (buf.toString('base64url') !== text) return { ok: false };
      if (buf.length === V1_BYTES) {
        const v1 = openV1(buf, account, (id) => byId.get(id)?.v1);
        return v1 && inTime(v1.issuedAt, now) ? { ok: true, claims: { ...v1, flags: 0 } } : { ok: false };
      }
      if (buf.length !== TOTAL_BYTES || buf.readUInt8(0) !== VERSION) return { ok: false };
      const keyId = buf.readUInt16BE(1);
      const key = byId.get(keyId);
      if (key === undefined) return { ok: false };
      const tag = buf.subarray(HEADER_BYTES, HEADER_BYTES + TAG_BYTES);
      const payload = ctr(key, tag, buf.subarray(HEADER_BYTES + TAG_BYTES));
      if (!timingSafeEqual(tagOf(key, buf.subarray(0, HEADER_BYTES), account, payload), tag)) return { ok: false };
      const issuedAt = payload.readUIntBE(1, 6);
      if (!inTime(issuedAt, now)) return { ok: false };
      return {
        ok: true,
        claims: { uuid: payload.subarray(7, 23), issuedAt, inboxHash: payload.subarray(23, 39), keyId, flags: payload.readUInt8(0) },
      };
    },
  };
}
