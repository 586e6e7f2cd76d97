/**
 * Settings that are valid but weak: taken (a test set-up, or the contract's own example
 * `key1=account1`), and said once at start, on stderr, so no one runs them in production unaware.
 * Never the key or the secret itself, only the account and the length.
 */
import type { Config } from './schema.ts';

/** An API key of fewer characters is easy to guess (`mailsift keys create` makes 52). */
export const STRONG_API_KEY = 16;
/** Fewer characters of key material make check_id signatures and keyed hashes guessable offline. */
export const STRONG_SECRET = 32;

export function configWarnings(c: Pick<Config, 'apiKeys' | 'secret'>): string[] {
  const out: string[] = [];
  for (const k of c.apiKeys ?? []) {
    if (k.key.length < STRONG_API_KEY) {
      out.push(`MAILSIFT_API_KEYS: the key of account "${k.account}" has ${k.key.length} characters: easy to guess; fine for a test, use ${STRONG_API_KEY} or more otherwise (mailsift keys create makes long ones)`);
    }
  }
  if (c.secret !== undefined && c.secret.length < STRONG_SECRET) {
    out.push(`MAILSIFT_SECRET: ${c.secret.length} characters of key material: check_id signatures and the keyed hashes of addresses are only as hard to guess as it; fine for a test, use ${STRONG_SECRET} or more otherwise`);
  }
  return out;
}
