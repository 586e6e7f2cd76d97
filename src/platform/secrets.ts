/**
 * Key material kept in the data dir when the environment does not provide it (embedded mode):
 *   <dataDir>/secret         32 random bytes (hex), mode 0600: MAILSIFT_SECRET's stand-in
 *   <dataDir>/api-keys.json  hashes of generated dev API keys; the key itself is printed once
 *   <dataDir>/secret.fingerprint  an HMAC of the master secret (reveals nothing of it): a start
 *                            with another secret than the keyed data was written with is refused
 * Every key the service uses is derived from one master secret by HMAC, one label per use, so
 * check-id keys and keyed-hash keys can never be confused.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './startup-error.ts';

/** What in a data dir was written under the master secret (keyed hashes, signed check ids). */
const KEYED_DATA = ['log', 'state', 'replica'];

export function loadOrCreateMasterSecret(dataDir: string, configured: string | undefined): Buffer {
  mkdirSync(dataDir, { recursive: true });
  if (configured !== undefined) {
    const master = createHash('sha256').update('mailsift/master\0').update(configured, 'utf8').digest();
    checkFingerprint(dataDir, master, 'MAILSIFT_SECRET', 'set it back to the value used before (or unset it if the data dir\'s own secret file was used)');
    return master;
  }
  const file = join(dataDir, 'secret');
  if (!existsSync(file)) {
    // A new secret would silently orphan everything keyed by the old one: every check_id
    // issued would stop verifying and no inbox hash would match its history again.
    const keyed = KEYED_DATA.filter((d) => existsSync(join(dataDir, d)));
    if (keyed.length > 0) {
      throw new StartupError(
        `${file} is missing, but ${keyed.map((d) => `${d}/`).join(' and ')} in ${dataDir} were written with a secret: set MAILSIFT_SECRET to the value used before, or restore this file from a backup (whichever was used). ` +
          `To start over with a new secret, remove ${keyed.map((d) => `${d}/`).join(' and ')} too (counters, labels and usage are then lost).`,
      );
    }
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  }
  let hex: string;
  try {
    hex = readFileSync(file, 'utf8').trim();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new StartupError(`cannot read ${file} (${code}): the service runs as a user that must be able to read it (mode 0600, owned by that user)`, { cause: err });
  }
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    throw new StartupError(`${file} is not a 32-byte hex secret (64 hex digits): restore it from a backup; the data in ${dataDir} was written with it`);
  }
  const master = createHash('sha256').update('mailsift/master\0').update(Buffer.from(hex, 'hex')).digest();
  checkFingerprint(dataDir, master, file, 'restore the previous file (or, if the data was written with MAILSIFT_SECRET set, set it again)');
  return master;
}

/**
 * Refuses a secret other than the one the keyed data in the data dir was written with: it
 * would start normally and silently orphan every check id, label and keyed count. The first
 * start (or one after the keyed data was removed to start over) records the fingerprint.
 */
function checkFingerprint(dataDir: string, master: Buffer, source: string, fix: string): void {
  const file = join(dataDir, 'secret.fingerprint');
  const fingerprint = createHmac('sha256', master).update('mailsift/fingerprint').digest('hex');
  const keyed = KEYED_DATA.filter((d) => existsSync(join(dataDir, d)));
  let stored: string | undefined;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch (err) {
    // None yet: data dirs from before fingerprints adopt the current secret. Anything else
    // (unreadable) must not pass for "none", or a wrong secret would be adopted.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw unusable(file, err);
  }
  if (stored === fingerprint) return;
  if (stored !== undefined && keyed.length > 0) {
    const dirs = keyed.map((d) => `${d}/`).join(' and ');
    throw new StartupError(
      `${source} is not the secret that ${dirs} in ${dataDir} were written with (${file} differs): ${fix}. ` +
        `To start over with this secret, remove ${dirs} and ${file} (counters, labels and usage are then lost).`,
    );
  }
  try {
    writeFileSync(file, fingerprint + '\n', { mode: 0o600 });
  } catch (err) {
    throw unusable(file, err);
  }
}

function unusable(file: string, err: unknown): StartupError {
  const code = (err as NodeJS.ErrnoException).code ?? String(err);
  return new StartupError(`cannot use ${file} (${code}): the service runs as a user that must be able to read and write it`, { cause: err });
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
    if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new StartupError(`${file} holds no keys; delete it to generate a new dev key`);
    return { hashes: parsed.keys };
  }
  const key = `msk_dev_${randomBytes(24).toString('base64url')}`;
  const hashes = [{ account: 'dev', sha256: hashApiKey(key) }];
  writeFileSync(file, JSON.stringify({ keys: hashes }, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  return { hashes, created: key };
}
