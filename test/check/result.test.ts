import { describe, expect, it } from 'vitest';
import { buildCheckResult, type ResultInput } from '../../src/check/result.ts';
import type { AccountType, Score } from '../../src/domain/check.ts';

const score: Score = {
  logit: 1.2,
  probability: 0.77,
  humanScore: 77,
  verdict: 'allow',
  reasons: ['natural_name', 'work_domain', 'no_mail_server'],
  evidence: [
    { signal: 'name_score', value: 1, impact: 1.5 },
    { signal: 'custom_domain', value: 1, impact: 0.4 },
  ],
  intercept: 0.7,
} as Score;

const input = (accountType: AccountType, dns?: ResultInput['dns']): ResultInput => ({
  email: 'ann.lee@example.test',
  canonical: 'ann.lee@example.test',
  accountType,
  roleAccount: false,
  disposable: false,
  relay: false,
  ...(dns ? { dns } : {}),
  history: {},
  score,
  explain: true,
  checkId: 'chk_x',
  model: 'baseline',
});

describe('buildCheckResult: reasons agree with account_type', () => {
  it('gives work_domain when DNS confirmed a work domain', () => {
    const r = buildCheckResult(input('work', { deliverable: true, mailProvider: 'other' } as ResultInput['dns']));
    expect(r.reasons).toEqual(['natural_name', 'work_domain', 'no_mail_server']);
  });

  it('drops work_domain while the account type is unknown (DNS off, failed, or no mail server); the evidence stays', () => {
    const r = buildCheckResult(input('unknown'));
    expect(r.account_type).toBe('unknown');
    expect(r.reasons).toEqual(['natural_name', 'no_mail_server']);
    expect(r.evidence?.map((e) => e.signal)).toContain('custom_domain');
  });

  it('leaves every other reason as the score ranked it', () => {
    expect(buildCheckResult(input('free')).reasons).toEqual(['natural_name', 'no_mail_server']);
    expect(score.reasons).toEqual(['natural_name', 'work_domain', 'no_mail_server']); // not mutated
  });
});

describe('buildCheckResult: customer controls', () => {
  it("a matching rule sets the verdict and leads the reasons; human_score and feedback_wanted stay the model's", () => {
    const unsure = { ...score, probability: 0.55, humanScore: 55, verdict: 'review' } as Score;
    const r = buildCheckResult({ ...input('free'), score: unsure, rule: { id: 'rule_x', action: 'block' } });
    expect(r).toMatchObject({ human_score: 55, verdict: 'block', rule: { id: 'rule_x', action: 'block' }, feedback_wanted: true });
    expect(r.reasons).toEqual(['rule_block', 'natural_name', 'no_mail_server']);
  });

  it('says test: true for a test key only', () => {
    expect(buildCheckResult({ ...input('free'), test: true }).test).toBe(true);
    expect('test' in buildCheckResult(input('free'))).toBe(false);
    expect('rule' in buildCheckResult(input('free'))).toBe(false);
  });
});
