/**
 * Keyed hashes: the only form in which an inbox, a spelling or an IP is ever stored or sent.
 * HMAC-SHA256 with the service secret, domain-separated by purpose so a hash of an IP can
 * never collide with, or be compared to, a hash of an inbox. Truncated to 16 bytes: at
 * 2^-64 collision odds per pair it is ample for counting, and keys stay small in stores.
 * An IP's hash keeps only IP_HASH_BITS of it (the rest zero): about 256 IPv4 addresses share
 * each value, so even whoever holds the secret cannot tell which of them an event came from
 * (all 2^32 are quickly tried), while the per-account hourly IP counter it feeds stays exact
 * but for rare collisions (an account with 100,000 IPs in an hour: 0.6% of them counted one
 * higher). Deterministic (no clock, no randomness), so it belongs to the pure core.
 */
import { createHmac } from 'node:crypto';
import { hmacSha256, type Hmac } from './hmac-sha256.ts';

export const KEYED_HASH_BYTES = 16;
/** Bits of an IP's keyed hash that are kept (whole bytes). */
export const IP_HASH_BITS = 24;

export type HashPurpose = 'inbox' | 'spelling' | 'ip' | 'account' | 'stem';

export interface KeyedHasher {
  hash(purpose: HashPurpose, value: string): Buffer;
}

export function createKeyedHasher(secret: Buffer): KeyedHasher {
  if (secret.length < 32) throw new Error('keyed hash secret must be at least 32 bytes');
  // Derive one key per purpose once; per-call work is then a single HMAC, its key blocks prepared.
  // Each digest is taken at the stored width, in bytes of its own (an IP's then zeroed past its kept bits).
  const macs = new Map<HashPurpose, Hmac>();
  for (const p of ['inbox', 'spelling', 'ip', 'account', 'stem'] as const) {
    macs.set(p, hmacSha256(createHmac('sha256', secret).update(`mailsift/keyed-hash/${p}`).digest(), KEYED_HASH_BYTES));
  }
  return {
    hash(purpose, value) {
      const digest = macs.get(purpose)!(value);
      return purpose === 'ip' ? digest.fill(0, IP_HASH_BITS / 8) : digest; // same width: stores and events keep their layout
    },
  };
}
