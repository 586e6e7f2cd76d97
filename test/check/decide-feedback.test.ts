import { describe, expect, it } from 'vitest';
import { decideFeedback, needsCheckRecord, type CheckFeatures, type FeedbackDecisionInput } from '../../src/check/decide-feedback.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import type { Scorecard } from '../../src/model/score.ts';

const NOW = 1_800_000_000_000;
const shared: Scorecard = { ...BASELINE_SCORECARD, name: 'learned', version: 2 };
const personal: Scorecard = { ...BASELINE_SCORECARD, name: 'learned', version: 3, account: 'acme' };
const stale: Scorecard = { ...BASELINE_SCORECARD, name: 'learned', version: 4, featureVersion: BASELINE_SCORECARD.featureVersion + 1 };
/** A probability that says which card gave it. */
const probability = (_f: readonly number[], card: Scorecard): number => card.version / 10;

const record = (over: Partial<CheckFeatures> = {}): CheckFeatures => ({ features: [1, 0, 1], feature_version: BASELINE_SCORECARD.featureVersion, learned_probability: null, personal_probability: null, ...over });

function input(over: Partial<FeedbackDecisionInput> = {}): FeedbackDecisionInput {
  return {
    account: 'acme',
    check: { uuid: Buffer.alloc(16, 9), time: NOW - 60_000, inboxHash: Buffer.alloc(32, 1), via: 'check_id' },
    outcome: 'fake',
    labelled: false,
    record: record(),
    models: {},
    probability,
    now: NOW,
    ...over,
  };
}

describe('decideFeedback', () => {
  it.each([
    ['by check id', 'check_id'],
    ['by email', 'email'],
  ] as const)('a check with an outcome already: 404 naming the field it was found %s', (_name, via) => {
    const d = decideFeedback(input({ labelled: true, check: { ...input().check, via } }));
    expect(d.ok).toBe(false);
    if (!d.ok) {
      expect(d.error.status).toBe(404);
      expect(d.error.message).toBe(`${via}: this check already has an outcome`);
    }
  });

  it('the event: the check, the outcome, the time of the report, how it was named', () => {
    const d = decideFeedback(input({ outcome: 'real', check: { ...input().check, via: 'email' } }));
    expect(d).toEqual({
      ok: true,
      event: {
        check_uuid: Buffer.alloc(16, 9),
        account: 'acme',
        time: NOW,
        check_time: NOW - 60_000,
        inbox_hash: Buffer.alloc(32, 1),
        outcome: 'real',
        via: 'email',
        learned_probability: null,
        personal_probability: null,
      },
    });
  });

  it.each([
    // name, models, record, learned_probability, personal_probability
    ['no learned model: no probability', {}, record(), null, null],
    ['a model that did not exist at the check scores it now', { shared }, record(), 0.2, null],
    ['each model that applies', { shared, personal }, record(), 0.2, 0.3],
    ['a model the check carries a probability of: not scored again', { shared, personal }, record({ learned_probability: 0.9 }), null, 0.3],
    ['a model of other features: not scored', { shared: stale, personal }, record(), null, 0.3],
    ['the check not held (another instance, not replicated): nothing to score', { shared, personal }, undefined, null, null],
    ['a record from before personal models: scored by the personal one', { personal }, { features: [1], feature_version: BASELINE_SCORECARD.featureVersion, learned_probability: null }, null, 0.3],
  ] as const)('probabilities at report: %s', (_name, models, rec, learned, own) => {
    const d = decideFeedback(input({ models, record: rec }));
    expect(d.ok && d.event.learned_probability).toBe(learned);
    expect(d.ok && d.event.personal_probability).toBe(own);
  });

  it("scores a model with the check's domain (a personal model's per-domain intercept applies there)", () => {
    const seen: (string | undefined)[] = [];
    const d = decideFeedback(input({ models: { personal }, record: record({ domain: 'farm.example' }), probability: (_f, _c, domain) => (seen.push(domain), 0.5) }));
    expect(d.ok && d.event.personal_probability).toBe(0.5);
    expect(seen).toEqual(['farm.example']);
  });

  it('the check record is needed only when a learned model exists', () => {
    expect(needsCheckRecord({})).toBe(false);
    expect(needsCheckRecord({ shared: undefined, personal: undefined })).toBe(false);
    expect(needsCheckRecord({ shared })).toBe(true);
    expect(needsCheckRecord({ personal })).toBe(true);
  });
});
