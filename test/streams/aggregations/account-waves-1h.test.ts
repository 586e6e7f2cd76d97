import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../../../src/domain/time.ts';
import { ACCOUNT_WAVES_1H, accountWaves1h, addWaveCheck, decodeWaves, liveWaveDomains, MAX_WAVE_DOMAINS, wavesKey } from '../../../src/streams/aggregations/account-waves-1h.ts';
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
});
