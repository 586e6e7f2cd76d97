import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyedHasher, IP_HASH_BITS, KEYED_HASH_BYTES } from '../../src/domain/keyed-hash.ts';

const hasher = createKeyedHasher(Buffer.alloc(32, 7));

describe('keyed hashes', () => {
  it('are deterministic, 16 bytes, and separated by purpose', () => {
    const a = hasher.hash('inbox', 'ann@example.com');
    expect(a).toHaveLength(KEYED_HASH_BYTES);
    expect(hasher.hash('inbox', 'ann@example.com').equals(a)).toBe(true);
    expect(hasher.hash('spelling', 'ann@example.com').equals(a)).toBe(false);
    expect(hasher.hash('inbox', 'bob@example.com').equals(a)).toBe(false);
    expect(createKeyedHasher(Buffer.alloc(32, 8)).hash('inbox', 'ann@example.com').equals(a)).toBe(false);
  });

  it('are HMAC-SHA256 under a key per purpose, cut to 16 bytes (an IP\'s to its kept bits, zero-filled), each kept intact while more are taken', () => {
    const reference = (purpose: string, value: string): Buffer => {
      const key = createHmac('sha256', Buffer.alloc(32, 7)).update(`mailsift/keyed-hash/${purpose}`).digest();
      const full = createHmac('sha256', key).update(value).digest();
      return purpose === 'ip' ? Buffer.concat([full.subarray(0, IP_HASH_BITS / 8), Buffer.alloc(KEYED_HASH_BYTES - IP_HASH_BITS / 8)]) : full.subarray(0, KEYED_HASH_BYTES);
    };
    const asked = Array.from({ length: 600 }, (_, i) => [(['inbox', 'spelling', 'ip', 'account'] as const)[i % 4]!, `value-${i}@exämple.com`] as const);
    const kept = asked.map(([purpose, value]) => hasher.hash(purpose, value));
    asked.forEach(([purpose, value], i) => expect(kept[i]!.equals(reference(purpose, value))).toBe(true));
  });

  it("an IP's hash keeps 24 bits: many addresses share each value, so it cannot name one IP even with the secret", () => {
    const ips = Array.from({ length: 20_000 }, (_, i) => `10.${(i >> 8) & 255}.${i & 255}.1`);
    const hashes = ips.map((ip) => hasher.hash('ip', ip));
    for (const h of hashes) {
      expect(h).toHaveLength(KEYED_HASH_BYTES);
      expect(h.subarray(IP_HASH_BITS / 8).every((b) => b === 0)).toBe(true);
    }
    // 20,000 addresses over 2^24 values: about 12 pairs collide (birthday bound); full-width hashes would give none.
    const distinct = new Set(hashes.map((h) => h.toString('hex'))).size;
    expect(distinct).toBeLessThan(ips.length);
    expect(distinct).toBeGreaterThan(ips.length - 60);
    // Still a keyed, per-purpose value: the same IP under another purpose or secret differs.
    expect(hasher.hash('ip', '10.0.0.1').equals(createKeyedHasher(Buffer.alloc(32, 8)).hash('ip', '10.0.0.1'))).toBe(false);
  });
});
