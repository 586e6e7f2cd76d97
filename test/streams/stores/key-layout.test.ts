import { describe, expect, it } from 'vitest';
import { accountDayKey, accountHashKey, compositeKey } from '../../../src/streams/stores/key-layout.ts';

describe('key layout', () => {
  it('account | hash keys are the composite of the account and the hash, for any account (multi-byte too) and hash length', () => {
    const hashes = [Buffer.alloc(0), Buffer.from([0, 255, 7]), Buffer.alloc(16, 0xab), Buffer.from('0123456789abcdef0123456789abcdef', 'hex')];
    for (const account of ['acme', '', 'Ünïcödé-账户', 'a'.repeat(300)])
      for (const hash of hashes) expect(accountHashKey(account, hash).equals(compositeKey(account, hash))).toBe(true);
  });

  it('account | day keys are the account, a 0x00 and the day (u32 BE), whichever keys were built before', () => {
    const expected = (account: string, day: number): Buffer => {
      const d = Buffer.alloc(4);
      d.writeUInt32BE(day);
      return Buffer.concat([Buffer.from(account, 'utf8'), Buffer.from([0]), d]);
    };
    // Each account's last key is kept: a new day, an earlier day, another account and the
    // same account again must each give their own bytes.
    const steps: [string, number][] = [['acme', 20_000], ['acme', 20_000], ['acme', 20_001], ['acme', 19_999], ['Ünïcödé-账户', 20_001], ['acme', 19_999], ['', 0], ['acme', 2 ** 32 - 1]];
    for (const [account, day] of steps) expect(accountDayKey(account, day).equals(expected(account, day))).toBe(true);
    expect(accountDayKey('acme', 20_002)).toBe(accountDayKey('acme', 20_002)); // one Buffer while the day lasts
    expect(accountDayKey('acme', 20_002).equals(accountDayKey('acme', 20_003))).toBe(false);
  });

  it('account | hash keys are new buffers, never views of the hash', () => {
    const hash = Buffer.alloc(16, 1);
    const k = accountHashKey('acme', hash);
    hash.fill(2);
    expect(k.subarray(5).equals(Buffer.alloc(16, 1))).toBe(true);
  });
});
