/**
 * Key material kept in the data dir when the environment does not provide it (embedded mode):
 *   <dataDir>/secret         32 random bytes (hex), mode 0600: MAILSIFT_SECRET's stand-in
 *   <dataDir>/api-keys.json  hashes of generated dev API keys; the key itself is printed once
 * Every key the service uses is derived from one master secret by HMAC, one label per use, so
 * check-id keys and keyed-hash keys can never be confused.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function loadOrCreateMasterSecret(dataDir: string, configured: string | undefined): Buffer {
  if (configured !== undefined) return createHash('sha256').update('mailsift/master\0').update(configured, 'utf8').digest();
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} is not a 32-byte hex secret; delete it to generate a new one`);
  return createHash('sha256').update('mailsift/master\0').update(Buffer.from(hex, 'hex')).digest();
}

export function deriveKey(master: Buffer, label: string): Buffer {
  return createHmac('sha256', master).update(`mailsift/${label}`).digest();
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface StoredKeyHash {
  account: string;
  sha256: string;
}

/**
 * Returns the stored dev key hashes, generating one key for account "dev" on first start.
 * `created` carries the plaintext key exactly once, for the caller to print.
 */
export function loadOrCreateDevKeys(dataDir: string): { hashes: StoredKeyHash[]; created?: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'api-keys.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { keys?: StoredKeyHash[] };
    if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error(`${file} holds no keys; delete it to generate a new dev key`);
    return { hashes: parsed.keys };
  }
  const key = `msk_dev_${randomBytes(24).toString('base64url')}`;
  const hashes = [{ account: 'dev', sha256: hashApiKey(key) }];
  writeFileSync(file, JSON.stringify({ keys: hashes }, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  return { hashes, created: key };
}
