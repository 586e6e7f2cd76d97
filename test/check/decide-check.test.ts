/**
 * decideCheck, directly: the real judgement (tables and baseline scorecard) with learned
 * scorecards made from the baseline by moving its intercept, so which model answers, and with
 * what verdict, is known in advance.
 */
import { describe, expect, it } from 'vitest';
import { decideCheck, type CheckDecisionInput, type ModelChoice, type PreparedCheck } from '../../src/check/decide-check.ts';
import { AccountRules } from '../../src/controls/rule-index.ts';
import type { Rule } from '../../src/controls/rules.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import type { Scorecard } from '../../src/model/score.ts';
import { buildAddressPipeline } from '../../src/roles/address-pipeline.ts';

const pipeline = buildAddressPipeline({ allow: 70, review: 40 });
const NOW = 1_800_000_000_000;
const UUID = Buffer.alloc(16, 7);

function prepared(email: string): PreparedCheck {
  const parsed = pipeline.parse(email);
  if (!parsed.ok) throw new Error(parsed.error);
  return { address: parsed.address, dns: undefined, view: pipeline.analyze(parsed.address, undefined), ip: undefined, inboxHash: Buffer.alloc(32, 1), spellingHash: Buffer.alloc(32, 2), ipHash: null };
}

/** The baseline's weights with the intercept moved far enough to decide every verdict. */
const card = (name: string, version: number, intercept: number, account?: string): Scorecard => ({ ...BASELINE_SCORECARD, name, version, intercept, ...(account ? { account } : {}) });
const sure = card('learned', 3, 30);
const doubt = card('learned', 4, -30);
const mine = card('learned', 5, 30, 'acme');

const NONE: ModelChoice = { shared: undefined, personal: undefined, served: 'baseline' };

function input(over: Partial<CheckDecisionInput> = {}): CheckDecisionInput {
  return {
    account: 'acme',
    prepared: prepared('olivia.martin@northwind-firm.org'),
    history: {},
    models: NONE,
    explain: false,
    bulk: false,
    test: false,
    uuid: UUID,
    checkId: 'chk_given',
    now: NOW,
    ...over,
  };
}

const rules = (r: Omit<Rule, 'account' | 'note' | 'createdAt'>): AccountRules => {
  const ar = new AccountRules();
  ar.put({ ...r, account: 'acme', note: null, createdAt: 1 });
  return ar;
};

describe('decideCheck: which model answers, and what is recorded', () => {
  const baseline = decideCheck(input(), pipeline);
  const base = baseline.event!;

  it.each([
    // name, models, served_model, servedBy, learned_probability set, personal_probability set
    ['no learned model: the baseline answers', NONE, 'baseline', 'baseline', false, false],
    ['a shared model scored but not served', { shared: sure, personal: undefined, served: 'baseline' }, 'baseline', 'baseline', true, false],
    ['the shared model serves', { shared: sure, personal: undefined, served: 'shared' }, 'learned-v3', 'learned', true, false],
    ['the personal model serves; the shared one is scored too', { shared: doubt, personal: mine, served: 'personal' }, 'learned-v5', 'learned', true, true],
    ['served personal without one: the baseline answers', { shared: undefined, personal: undefined, served: 'personal' }, 'baseline', 'baseline', false, false],
  ] as const)('%s', (_name, models, servedModel, servedBy, learned, personal) => {
    const d = decideCheck(input({ models: models as ModelChoice }), pipeline);
    expect(d.servedBy).toBe(servedBy);
    expect(d.result.model).toBe(servedModel);
    expect(d.event!.served_model).toBe(servedModel);
    expect(d.event!.learned_probability === null).toBe(!learned);
    expect(d.event!.personal_probability === null).toBe(!personal);
    // The baseline is always scored and recorded, whoever answers.
    expect(d.event!.baseline_probability).toBe(base.baseline_probability);
    expect(d.event!.features).toEqual(base.features);
  });

  it('the served model sets human_score and the verdict; the other side decides feedback_wanted', () => {
    const learned = decideCheck(input({ models: { shared: sure, personal: undefined, served: 'shared' } }), pipeline);
    expect(learned.result.human_score).toBe(100);
    expect(learned.verdict).toBe('allow');
    expect(learned.event!.served_probability).toBe(learned.event!.learned_probability);
    const unserved = decideCheck(input({ models: { shared: doubt, personal: undefined, served: 'baseline' } }), pipeline);
    expect(unserved.result.human_score).toBe(baseline.result.human_score);
    expect(unserved.event!.learned_probability).toBeLessThan(0.01);
    // The learned model would block what the baseline lets through: the answer asks for feedback.
    expect(baseline.verdict).not.toBe('block');
    expect(unserved.result.feedback_wanted).toBe(true);
  });

  it("a personal model's per-domain intercept scores the checks at its domain, and only those", () => {
    // The baseline's weights with intercept 30, and 30 - 60 at the check's domain: blocked there, allowed elsewhere.
    const farm: Scorecard = { ...card('learned', 6, 30, 'acme'), domainIntercepts: new Map([['northwind-firm.org', -60]]) };
    const there = decideCheck(input({ models: { shared: undefined, personal: farm, served: 'personal' } }), pipeline);
    expect(there.verdict).toBe('block');
    expect(there.event!.personal_probability).toBeLessThan(0.01);
    const elsewhere = decideCheck(input({ prepared: prepared('olivia.martin@northwind-firm.net'), models: { shared: undefined, personal: farm, served: 'personal' } }), pipeline);
    expect(elsewhere.verdict).toBe('allow');
    expect(elsewhere.event!.personal_probability).toBeGreaterThan(0.99);
  });

  it.each([
    ['the account raised allow out of reach', { allowAtLeast: 101, reviewAtLeast: 0 }, 'review'],
    ['the account lowered block to nothing', { allowAtLeast: 0, reviewAtLeast: 0 }, 'allow'],
    ['the account blocks everything below 101', { allowAtLeast: 102, reviewAtLeast: 101 }, 'block'],
  ] as const)('thresholds: %s', (_name, thresholds, verdict) => {
    const d = decideCheck(input({ thresholds }), pipeline);
    expect(d.verdict).toBe(verdict);
    expect(d.result.verdict).toBe(verdict);
    expect(d.event!.verdict).toBe(verdict);
    expect(d.result.human_score).toBe(baseline.result.human_score);
  });

  it("holds a free-mail provider's effect at the account's own block cut, not the service's (issue 16)", () => {
    // Without its effect the model gives 55 everywhere; the provider's effect alone would take a check there to 6.
    const flat = { ...card('learned', 7, Math.log(0.55 / 0.45), 'acme'), weights: new Float64Array(BASELINE_SCORECARD.weights.length) };
    const personal: Scorecard = { ...flat, domainIntercepts: new Map([['gmail.com', -3]]) };
    const at = (thresholds?: { allowAtLeast: number; reviewAtLeast: number }) =>
      decideCheck(input({ prepared: prepared('olivia.martin@gmail.com'), models: { shared: undefined, personal, served: 'personal' }, ...(thresholds ? { thresholds } : {}) }), pipeline);
    // The service's thresholds (review from 40): held at 40.
    expect(at().result.human_score).toBe(40);
    expect(at().verdict).toBe('review');
    // An account that reviews from 50: held at its 50, a review; at the service's cut it would be 40, a block for this account.
    const own = at({ allowAtLeast: 70, reviewAtLeast: 50 });
    expect(own.result.human_score).toBe(50);
    expect(own.verdict).toBe('review');
    expect(own.event!.personal_probability).toBe(own.event!.served_probability);
    // Above the model without the effect it never goes: an account reviewing from 60 blocks, as that model would.
    const strict = at({ allowAtLeast: 80, reviewAtLeast: 60 });
    expect(strict.result.human_score).toBe(6);
    expect(strict.verdict).toBe('block');
  });

  it.each([
    ['a domain rule', rules({ id: 'rule_0000000000000001', action: 'block', type: 'domain', value: 'northwind-firm.org', inboxHash: null }), 'block', true],
    ['an email rule (by inbox hash)', rules({ id: 'rule_0000000000000002', action: 'review', type: 'email', value: null, inboxHash: Buffer.alloc(32, 1) }), 'review', true],
    ['a rule of another domain', rules({ id: 'rule_0000000000000003', action: 'block', type: 'domain', value: 'northwind-firm.com', inboxHash: null }), baseline.verdict, false],
  ] as const)('rules: %s', (_name, accountRules, verdict, hit) => {
    const d = decideCheck(input({ rules: accountRules }), pipeline);
    expect(d.verdict).toBe(verdict);
    expect(d.event!.verdict).toBe(verdict);
    expect(d.rule !== undefined).toBe(hit);
    if (hit) {
      expect(d.result.rule).toEqual({ id: expect.stringMatching(/^rule_/), action: verdict });
      // The rule's reason first, recorded as answered; the model's score is untouched.
      expect(d.result.reasons[0]).toBe(`rule_${verdict}`);
      expect(d.event!.reasons).toEqual(d.result.reasons);
      expect(d.result.human_score).toBe(baseline.result.human_score);
    } else {
      expect(d.result.rule).toBeUndefined();
    }
  });

  it('the event carries the prepared facts, the ids and the time as given', () => {
    const p = prepared('olivia.martin@northwind-firm.org');
    const d = decideCheck(input({ prepared: { ...p, ipHash: Buffer.alloc(32, 3) }, bulk: true }), pipeline);
    expect(d.event).toMatchObject({
      check_uuid: UUID,
      account: 'acme',
      time: NOW,
      domain: 'northwind-firm.org',
      inbox_hash: p.inboxHash,
      spelling_hash: p.spellingHash,
      ip_hash: Buffer.alloc(32, 3),
      local_shape: p.view.localShape,
      account_type: p.view.accountType,
      bulk: true,
    });
    expect(d.result.check_id).toBe('chk_given');
  });

  it("a test key's check is answered alike and records nothing", () => {
    const d = decideCheck(input({ test: true }), pipeline);
    expect(d.event).toBeUndefined();
    expect(d.result.test).toBe(true);
    expect(d.verdict).toBe(baseline.verdict);
    expect(d.result.human_score).toBe(baseline.result.human_score);
  });

  it('is a function of its input: the same input gives the same decision', () => {
    const i = input({ models: { shared: sure, personal: mine, served: 'shared' }, history: { recentSignups: 40, recentSignupsExpected: 1, aliasVariants: 3 } });
    expect(decideCheck(i, pipeline)).toEqual(decideCheck(i, pipeline));
  });
});
