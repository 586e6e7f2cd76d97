import { describe, expect, it } from 'vitest';
import { applySettingsPatch, effectiveSettings, NO_SETTINGS, thresholdsOf } from '../../src/controls/settings.ts';

const defaults = { verdictAllow: 60, verdictReview: 30 };

describe('account settings', () => {
  it("fills in the service's defaults", () => {
    expect(effectiveSettings(undefined, defaults)).toMatchObject({ verdict_allow: 60, verdict_review: 30 });
    expect(effectiveSettings({ verdict_allow: 80, verdict_review: null }, defaults)).toMatchObject({ verdict_allow: 80, verdict_review: 30 });
    expect(thresholdsOf({ verdict_allow: 80, verdict_review: 50 })).toEqual({ allowAtLeast: 80, reviewAtLeast: 50 });
  });

  it('never inverts the bands when a default moved under a stored value', () => {
    expect(effectiveSettings({ verdict_allow: null, verdict_review: 55 }, { verdictAllow: 50, verdictReview: 30 })).toMatchObject({ verdict_allow: 50, verdict_review: 50 });
  });

  it('patches: a field given is set, null resets it, an absent one is kept', () => {
    expect(applySettingsPatch(undefined, { verdict_allow: 90 }, defaults)).toMatchObject({ ok: true, settings: { verdict_allow: 90, verdict_review: null } });
    expect(applySettingsPatch({ verdict_allow: 90, verdict_review: 70 }, { verdict_allow: null, verdict_review: 20 }, defaults)).toMatchObject({ ok: true, settings: { verdict_allow: null, verdict_review: 20 } });
    expect(applySettingsPatch({ verdict_allow: 90, verdict_review: 70 }, {}, defaults)).toMatchObject({ ok: true, settings: { verdict_allow: 90, verdict_review: 70 } });
    expect(applySettingsPatch(NO_SETTINGS, { verdict_allow: 45, verdict_review: 45 }, defaults)).toMatchObject({ ok: true, settings: { verdict_allow: 45, verdict_review: 45 } });
  });

  it.each([
    [{ verdict_review: 61 }, undefined, 'verdict_review: must be at most verdict_allow (60)'],
    [{ verdict_allow: 20 }, undefined, 'verdict_allow: must be at least verdict_review (30)'],
    [{ verdict_allow: 50, verdict_review: 51 }, undefined, 'verdict_review: must be at most verdict_allow (50)'],
    [{ verdict_allow: null }, { verdict_allow: 90, verdict_review: 70 }, 'verdict_allow: must be at least verdict_review (70)'],
    [{ verdict_allow: 101 }, undefined, 'verdict_allow: must be an integer from 0 to 100 (or null for the service\'s default)'],
    [{ verdict_review: 2.5 }, undefined, 'verdict_review: must be an integer from 0 to 100 (or null for the service\'s default)'],
  ])('refuses %j over %j', (patch, stored, error) => {
    expect(applySettingsPatch(stored, patch, defaults)).toEqual({ ok: false, error });
  });
});
