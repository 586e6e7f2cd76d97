/**
 * Check ids of the first format (version 1), verified only: ids issued before the sealed
 * format stay usable for feedback until their 14 days run out; none is issued any more.
 *
 * `chk_` + base64url(payload ‖ HMAC-SHA256(key, payload)), payload (57 bytes, big-endian):
 *   0 version 1 · 1..2 key id · 3..8 issued at (ms) · 9..24 check uuid
 *   25..40 account tag (HMAC of the account under the key) · 41..56 inbox hash
 * 89 bytes -> 123 characters. Its issue time and inbox hash are readable by whoever holds it
 * (the reason for version 2); accepting the ids already handed out reveals nothing more.
 *
 * Pure; the MAC comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const V1_BYTES = 89;
const PAYLOAD_BYTES = 57;

export interface V1Claims {
  readonly keyId: number;
  readonly issuedAt: number;
  readonly uuid: Buffer;
  readonly inboxHash: Buffer;
}

/** The claims of a version-1 id when its MAC holds for `account` under `secretOf(keyId)`; else undefined (times are the caller's to check). */
export function openV1(buf: Buffer, account: string, secretOf: (keyId: number) => Buffer | undefined): V1Claims | undefined {
  if (buf.length !== V1_BYTES || buf.readUInt8(0) !== 1) return undefined;
  const keyId = buf.readUInt16BE(1);
  const secret = secretOf(keyId);
  if (secret === undefined) return undefined;
  const tag = createHmac('sha256', secret).update('mailsift/check-id/account\0').update(account, 'utf8').digest().subarray(0, 16);
  // The MAC of what the id would be for this account: a foreign id fails exactly like a tampered one.
  const expected = Buffer.concat([buf.subarray(0, 25), tag, buf.subarray(41, PAYLOAD_BYTES)]);
  const mac = createHmac('sha256', secret).update('mailsift/check-id/mac\0').update(expected).digest();
  if (!timingSafeEqual(mac, buf.subarray(PAYLOAD_BYTES))) return undefined;
  if (!timingSafeEqual(tag, buf.subarray(25, 41))) return undefined;
  return { keyId, issuedAt: buf.readUIntBE(3, 6), uuid: Buffer.from(buf.subarray(9, 25)), inboxHash: Buffer.from(buf.subarray(41, 57)) };
}
