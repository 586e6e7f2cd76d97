import { describe, expect, it } from 'vitest';
import { RECENT_WINDOW, type ModelScoreSummary } from '../../src/model/prequential.ts';
import { learnedHealthy, servedKind, type ModelMode } from '../../src/model/serving.ts';

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

describe('servedKind', () => {
  it.each([
    // mode, learned exists, healthy, served
    ['off', true, true, 'baseline'],
    ['off', true, false, 'baseline'],
    ['off', false, false, 'baseline'],
    ['on', true, false, 'learned'],
    ['on', true, true, 'learned'],
    ['on', false, true, 'baseline'],
    ['auto', true, true, 'learned'],
    ['auto', true, false, 'baseline'],
    ['auto', false, true, 'baseline'],
  ] as [ModelMode, boolean, boolean, 'baseline' | 'learned'][])('mode %s, learned exists %s, healthy %s -> %s', (mode, exists, healthy, served) => {
    expect(servedKind(mode, exists, healthy)).toBe(served);
  });
});
