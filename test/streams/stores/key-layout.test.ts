import { describe, expect, it } from 'vitest';
import { accountHashKey, compositeKey } from '../../../src/streams/stores/key-layout.ts';

describe('key layout', () => {
  it('account | hash keys are the composite of the account and the hash, for any account (multi-byte too) and hash length', () => {
    const hashes = [Buffer.alloc(0), Buffer.from([0, 255, 7]), Buffer.alloc(16, 0xab), Buffer.from('0123456789abcdef0123456789abcdef', 'hex')];
    for (const account of ['acme', '', 'Ünïcödé-账户', 'a'.repeat(300)])
      for (const hash of hashes) expect(accountHashKey(account, hash).equals(compositeKey(account, hash))).toBe(true);
  });

  it('account | hash keys are new buffers, never views of the hash', () => {
    const hash = Buffer.alloc(16, 1);
    const k = accountHashKey('acme', hash);
    hash.fill(2);
    expect(k.subarray(5).equals(Buffer.alloc(16, 1))).toBe(true);
  });
});
