import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from '../../src/model/features.ts';
import { CONTROL_REASON_CODES, EVIDENCE_SIGNALS, REASON_CODES, REASON_FOR_FEATURE, reasonsFor, SCORE_REASON_CODES } from '../../src/model/reasons.ts';

describe('reason vocabulary', () => {
  it("uses every reason code of the contract's examples by its exact name", () => {
    for (const code of ['natural_name', 'matches_domain_address_pattern', 'work_domain', 'disposable_domain', 'role_account',
      'random_local_part', 'typo_domain', 'no_mail_server', 'alias_burst', 'signup_wave', 'datacenter_ip', 'tor_exit',
      'ip_burst', 'young_domain', 'reported_fake_domain']) {
      expect(REASON_CODES).toContain(code);
    }
  });

  it('is closed: every mapped reason is listed, every listed reason is reachable', () => {
    const mapped = new Set(Object.values(REASON_FOR_FEATURE));
    for (const code of mapped) expect(REASON_CODES).toContain(code);
    for (const code of SCORE_REASON_CODES) expect(mapped.has(code), code).toBe(true);
    for (const code of CONTROL_REASON_CODES) expect(mapped.has(code as never), code).toBe(false);
    expect(REASON_CODES).toEqual([...SCORE_REASON_CODES, ...CONTROL_REASON_CODES]);
    expect(new Set(REASON_CODES).size).toBe(REASON_CODES.length);
  });

  it('names evidence signals after the feature columns', () => {
    expect(EVIDENCE_SIGNALS).toEqual(FEATURE_NAMES);
  });
});

describe('reasonsFor', () => {
  it.each([
    ['strongest first', [{ signal: 'tor_exit', impact: -0.5 }, { signal: 'disposable_domain', impact: -3 }], ['disposable_domain', 'tor_exit']],
    ['below threshold dropped', [{ signal: 'tor_exit', impact: -0.2 }], []],
    ['positive and negative ranked by magnitude', [{ signal: 'name_score', impact: 1.2 }, { signal: 'free_provider', impact: -0.6 }], ['natural_name', 'free_provider']],
    ['one code from several features', [{ signal: 'ngram_surprise', impact: -1 }, { signal: 'uncovered_share', impact: -0.5 }], ['random_local_part']],
    ['features without a reason are skipped', [{ signal: 'word_share', impact: 2 }], []],
    ['unknown signals are skipped', [{ signal: 'nope', impact: 9 }], []],
  ] as const)('%s', (_n, items, expected) => {
    expect(reasonsFor(items)).toEqual(expected);
  });

  it('honours a custom minimum', () => {
    expect(reasonsFor([{ signal: 'tor_exit', impact: -0.2 }], 0.1)).toEqual(['tor_exit']);
  });
});
