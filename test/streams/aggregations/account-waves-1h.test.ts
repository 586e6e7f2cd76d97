import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../../../src/domain/time.ts';
import { ACCOUNT_WAVES_1H, accountWaves1h, addWaveCheck, decodeWaves, encodeWaves, liveWaveDomains, MAX_WAVE_DOMAINS, wavesKey } from '../../../src/streams/aggregations/account-waves-1h.ts';
import { RecordCache } from '../../../src/streams/stores/record-cache.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';
import { aCheck } from '../../helpers/pipeline.ts';

const T = Date.UTC(2026, 10, 21, 12);
const waves = (tx: MemoryTx, account = 'acme') => decodeWaves(tx.get(ACCOUNT_WAVES_1H, wavesKey(account)));

describe('account-waves-1h (Given/When/Then)', () => {
  it('given checks that met a wave and checks that did not, then only the wave domains are kept, per account, with their newest such check', () => {
    const tx = new MemoryTx();
    const apply = (over: Parameters<typeof aCheck>[0]) => accountWaves1h.apply(aCheck(over), tx, () => undefined);
    apply({ time: T, domain: 'wave.com', reasons: ['signup_wave', 'random_local_part'] });
    apply({ time: T + MINUTE, domain: 'quiet.com', reasons: ['natural_name'] });
    apply({ time: T + 2 * MINUTE, domain: 'wave.com', reasons: ['random_local_part', 'signup_wave'] });
    apply({ time: T + 3 * MINUTE, domain: 'other-wave.com', reasons: ['signup_wave'] });
    apply({ time: T + 3 * MINUTE, account: 'globex', domain: 'globex-wave.com', reasons: ['signup_wave'] });
    expect(waves(tx)).toEqual([
      { domain: 'other-wave.com', last: T + 3 * MINUTE },
      { domain: 'wave.com', last: T + 2 * MINUTE },
    ]);
    expect(waves(tx, 'globex').map((w) => w.domain)).toEqual(['globex-wave.com']);
  });

  it('forgets a domain an hour after its newest wave check, and keeps the most recent domains only', () => {
    const old = addWaveCheck([], 'old.com', T);
    expect(liveWaveDomains(old, T + HOUR - 1).map((d) => d.domain)).toEqual(['old.com']);
    expect(liveWaveDomains(old, T + HOUR)).toEqual([]);
    expect(addWaveCheck(old, 'new.com', T + HOUR).map((d) => d.domain)).toEqual(['new.com']);
    let many = old;
    for (let i = 0; i < MAX_WAVE_DOMAINS + 5; i++) many = addWaveCheck(many, `d${i}.com`, T + i);
    expect(many).toHaveLength(MAX_WAVE_DOMAINS);
    expect(many[0]!.domain).toBe(`d${MAX_WAVE_DOMAINS + 4}.com`);
    expect(many.some((d) => d.domain === 'old.com')).toBe(false);
  });

  it('reads nothing for a check that met no wave', () => {
    const reads: unknown[] = [];
    const rs = { add: (...a: unknown[]) => void reads.push(a) } as never;
    accountWaves1h.reads(aCheck({ reasons: ['natural_name'] }), rs);
    accountWaves1h.reads(aCheck({}), rs);
    expect(reads).toHaveLength(0);
    accountWaves1h.reads(aCheck({ reasons: ['signup_wave'] }), rs);
    expect(reads).toHaveLength(1);
  });

  it('held decoded in the record cache through a wave, a commit writes the bytes a decode and an encode per check wrote', () => {
    // A wave of 120 checks over 45 domains, some repeated, a few after others expired.
    const checks = Array.from({ length: 120 }, (_, i) => ({ time: T + i * 40_000, domain: `w${(i * 7) % 45}.example`, reasons: ['signup_wave'] }));
    let expected: Buffer | undefined;
    for (const c of checks) expected = encodeWaves(addWaveCheck(decodeWaves(expected), c.domain, c.time));

    const cache = new RecordCache();
    for (let batch = 0; batch < checks.length; batch += 10) {
      const tx = cache.tx(T, 0);
      for (const c of checks.slice(batch, batch + 10)) accountWaves1h.apply(aCheck(c), tx, () => undefined);
      tx.apply();
      // A batch that fails is never applied: it leaves the held list as it was.
      const failed = cache.tx(T, 0);
      accountWaves1h.apply(aCheck({ time: T + 10 * HOUR, domain: 'failed.example', reasons: ['signup_wave'] }), failed, () => undefined);
    }
    const receipt = cache.takeDirty();
    expect(receipt.writes).toHaveLength(1);
    const written = receipt.writes[0]!.value!;
    receipt.done();
    expect(written.equals(expected!)).toBe(true);
    expect(decodeWaves(written)).toHaveLength(MAX_WAVE_DOMAINS);
  });

  it('a check newer than the whole list, in order or not, gives the list the sorted rule gives', () => {
    // The rule as first written: every list sorted whole, newest first, ties by domain.
    const sorted = (domains: readonly { domain: string; last: number }[], domain: string, time: number) => {
      const others = domains.filter((d) => d.domain !== domain && d.last > time - HOUR);
      const prev = domains.find((d) => d.domain === domain);
      return [{ domain, last: Math.max(time, prev?.last ?? 0) }, ...others].sort((a, b) => b.last - a.last || (a.domain < b.domain ? -1 : 1)).slice(0, MAX_WAVE_DOMAINS);
    };
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    let list: ReturnType<typeof addWaveCheck> = [];
    let reference: ReturnType<typeof addWaveCheck> = [];
    let t = T;
    for (let i = 0; i < 3000; i++) {
      // Mostly forward, sometimes the same millisecond (ties), sometimes back (partitions interleave), now and then past the window.
      const step = [MINUTE, 1, 0, -2 * MINUTE, 2 * HOUR][rand(20) < 14 ? 0 : rand(5)]!;
      t += step;
      const domain = `d${rand(50)}.example`;
      list = addWaveCheck(list, domain, t);
      reference = sorted(reference, domain, t);
      expect(list).toEqual(reference);
    }
  });
});
