import { describe, expect, it } from 'vitest';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { RECENT_WINDOW, type ModelScoreSummary, type StatsSummary } from '../../src/model/prequential.ts';
import type { Scorecard } from '../../src/model/score.ts';
import type { SharedJudgement } from '../../src/model/shared-health.ts';
import { accountModels, learnedHealthy, reportedModel, servedModel, type AccountModels, type ModelMode, type ServedModel } from '../../src/model/serving.ts';

const summary = (recent: number): ModelScoreSummary => ({ accuracy: 0.8, log_loss: 0.5, recent_log_loss: recent });

describe('learnedHealthy', () => {
  it('is healthy when the learned recent log loss beats the baseline over a full window', () => {
    expect(learnedHealthy(summary(0.5), summary(0.4), RECENT_WINDOW)).toBe(true);
    expect(learnedHealthy(summary(0.5), summary(0.4), RECENT_WINDOW * 10)).toBe(true);
  });

  it('needs at least RECENT_WINDOW scored examples', () => {
    expect(learnedHealthy(summary(0.5), summary(0.1), RECENT_WINDOW - 1)).toBe(false);
  });

  it('needs to be strictly better (a tie keeps the baseline)', () => {
    expect(learnedHealthy(summary(0.5), summary(0.5), RECENT_WINDOW)).toBe(false);
    expect(learnedHealthy(summary(0.5), summary(0.6), RECENT_WINDOW)).toBe(false);
  });

  it('judges on the recent log loss, not the all-time one', () => {
    const baseline = { accuracy: 0.9, log_loss: 0.2, recent_log_loss: 0.5 };
    const learned = { accuracy: 0.7, log_loss: 0.9, recent_log_loss: 0.3 };
    expect(learnedHealthy(baseline, learned, RECENT_WINDOW)).toBe(true);
    expect(learnedHealthy(learned, baseline, RECENT_WINDOW)).toBe(false);
  });

  it('is not healthy without statistics for either model', () => {
    expect(learnedHealthy(null, summary(0.1), RECENT_WINDOW)).toBe(false);
    expect(learnedHealthy(summary(0.5), null, RECENT_WINDOW)).toBe(false);
  });
});

const standing = (version: number, healthy = false, recentOwn: number | null = null, ownExamples = recentOwn === null ? 0 : RECENT_WINDOW) => ({ version, healthy, withheld: false, recentOwn, ownExamples });
/** A shared model the trainer found worse than the baseline on the account's own outcomes. */
const withheld = (version: number) => ({ ...standing(version), withheld: true });
const models = (shared: ReturnType<typeof standing>, personal: ReturnType<typeof standing>): AccountModels => ({ shared, personal });
const NONE = standing(0);

describe('servedModel', () => {
  it.each([
    // mode, shared, personal, served
    ['off', standing(2, true), standing(3, true), 'baseline'],
    ['on', NONE, NONE, 'baseline'],
    ['auto', NONE, NONE, 'baseline'],
    ['on', standing(2), NONE, 'shared'],
    ['on', NONE, standing(3), 'personal'],
    ['on', standing(2), standing(3), 'personal'],
    ['on', standing(4), standing(3), 'shared'],
    ['auto', standing(2, true), NONE, 'shared'],
    ['auto', standing(2, false), NONE, 'baseline'],
    ['auto', NONE, standing(3, true), 'personal'],
    ['auto', NONE, standing(3, false), 'baseline'],
    ['auto', standing(2, true), standing(3, false), 'shared'],
    ['auto', standing(4, false), standing(3, true), 'personal'],
    ['auto', standing(2, false), standing(3, false), 'baseline'],
    // both healthy: the personal model (README: Model), unless the shared one does strictly better
    // over a full window of the account's own outcomes
    ['auto', standing(2, true, 0.3), standing(3, true, 0.2), 'personal'],
    ['auto', standing(2, true, 0.2), standing(3, true, 0.3), 'shared'],
    ['auto', standing(2, true, 0.2), standing(3, true, 0.2), 'personal'],
    ['auto', standing(2, true, null), standing(3, true, 0.4), 'personal'],
    // the audit's flip: the shared model better on 2 of the account's outcomes only
    ['auto', standing(8, true, 0.01, 2), standing(2, true, 0.09), 'personal'],
    ['auto', standing(8, true, 0.01, RECENT_WINDOW - 1), standing(2, true, 0.09), 'personal'],
    ['auto', standing(8, true, 0.01, RECENT_WINDOW), standing(2, true, 0.09), 'shared'],
    // better on the account's outcomes but not healthy on everyone's: the personal model stays
    ['auto', standing(8, false, 0.01), standing(2, true, 0.09), 'personal'],
    // withheld from the account (worse than the baseline on its own outcomes): never served, whatever the mode
    ['on', withheld(4), NONE, 'baseline'],
    ['on', withheld(4), standing(3), 'personal'],
    ['auto', withheld(4), standing(3, false), 'baseline'],
    ['auto', withheld(4), standing(3, true), 'personal'],
    // a newer shared model fitted on the account's outcomes alone does not displace a personal
    // model that does better on them (the personal one carries the account's domain effects)
    ['auto', standing(8, true, 0.3), standing(2, true, 0.2), 'personal'],
    ['auto', standing(8, true, null), standing(2, true, 0.2), 'personal'],
  ] as [ModelMode, ReturnType<typeof standing>, ReturnType<typeof standing>, ServedModel][])('mode %s, shared %o, personal %o -> %s', (mode, shared, personal, served) => {
    expect(servedModel(mode, models(shared, personal))).toBe(served);
  });
});

describe('reportedModel', () => {
  it('describes the served learned model', () => {
    expect(reportedModel('shared', models(standing(2, true), standing(3)))).toBe('shared');
    expect(reportedModel('personal', models(standing(4), standing(3, true)))).toBe('personal');
  });

  it('with the baseline served: the newer learned model, or none', () => {
    expect(reportedModel('baseline', models(standing(2), standing(3)))).toBe('personal');
    expect(reportedModel('baseline', models(standing(4), standing(3)))).toBe('shared');
    expect(reportedModel('baseline', models(NONE, NONE))).toBeUndefined();
  });
});

describe('accountModels', () => {
  const card = (version: number, account?: string, withheldFrom?: string[]): Scorecard => ({
    ...BASELINE_SCORECARD,
    name: 'learned',
    version,
    ...(account ? { account } : {}),
    ...(withheldFrom ? { withheldFrom: new Set(withheldFrom) } : {}),
  });
  const judged: SharedJudgement = { scope: 'own', baseline: summary(0.5), learned: summary(0.4), examples: RECENT_WINDOW, healthy: true, window: RECENT_WINDOW };
  const own: StatsSummary = {
    humans: 300, fakes: 200, customers: 1, baseline: summary(0.5), learned: summary(0.4), learnedExamples: 300, personal: summary(0.45), personalExamples: 400,
    comparisons: { shared: { n: RECENT_WINDOW, model: 0.3, other: 0.5 }, personal: { n: RECENT_WINDOW, model: 0.2, other: 0.5 }, sharedVsPersonal: { n: RECENT_WINDOW, model: 0.3, other: 0.2 } },
  };

  it("stands a personal model on its account's own outcomes, and keeps it serving over a newer shared model it beats there", () => {
    const m = accountModels('acme', card(6), card(2, 'acme'), judged, own);
    expect(m.personal).toEqual({ version: 2, healthy: true, withheld: false, recentOwn: 0.2, ownExamples: RECENT_WINDOW });
    expect(m.shared).toMatchObject({ version: 6, healthy: true, withheld: false, recentOwn: 0.3 });
    expect(servedModel('auto', m)).toBe('personal');
  });

  it('withholds a shared model the trainer found worse for the account', () => {
    const m = accountModels('acme', card(6, undefined, ['acme']), undefined, judged, own);
    expect(m.shared).toMatchObject({ version: 6, healthy: false, withheld: true });
    expect(m.personal.version).toBe(0);
  });
});
