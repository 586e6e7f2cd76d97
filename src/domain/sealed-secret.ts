/**
 * A secret an account gives us to keep (its sign-up hook's webhook secret), stored sealed:
 * AES-256-GCM under a key derived from MAILSIFT_SECRET, so the log, the topics and the state hold
 * nothing usable without the service's secret. The nonce comes in (pure); `v1.` + base64url of
 * nonce, tag and ciphertext.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';

const PREFIX = 'v1.';
const NONCE = 12;
const TAG = 16;

export function sealSecret(key: Buffer, plaintext: Buffer, nonce: Buffer): string {
  if (nonce.length !== NONCE) throw new Error(`sealSecret: nonce must be ${NONCE} bytes`);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret, or undefined when `sealed` was not sealed with this key (or was altered). */
export function openSealed(key: Buffer, sealed: string): Buffer | undefined {
  if (!sealed.startsWith(PREFIX)) return undefined;
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  if (raw.length <= NONCE + TAG) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE));
    decipher.setAuthTag(raw.subarray(NONCE, NONCE + TAG));
    return Buffer.concat([decipher.update(raw.subarray(NONCE + TAG)), decipher.final()]);
  } catch {
    return undefined;
  }
}
