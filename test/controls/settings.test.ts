import { describe, expect, it } from 'vitest';
import { applySettingsPatch, effectiveSettings, NO_SETTINGS, rateLimitsOf, thresholdsOf } from '../../src/controls/settings.ts';

const rateLimits = { requests: { rate: 100, burst: 200 }, addresses: { rate: 500, burst: 2000 } };
const defaults = { verdictAllow: 60, verdictReview: 30, rateLimits };

describe('account settings', () => {
  it("fills in the service's defaults", () => {
    expect(effectiveSettings(undefined, defaults)).toMatchObject({ verdict_allow: 60, verdict_review: 30 });
    expect(effectiveSettings({ verdict_allow: 80, verdict_review: null }, defaults)).toMatchObject({ verdict_allow: 80, verdict_review: 30 });
    expect(thresholdsOf({ verdict_allow: 80, verdict_review: 50 })).toEqual({ allowAtLeast: 80, reviewAtLeast: 50 });
  });

  it('never inverts the bands when a default moved under a stored value', () => {
    expect(effectiveSettings({ verdict_allow: null, verdict_review: 55 }, { verdictAllow: 50, verdictReview: 30, rateLimits })).toMatchObject({ verdict_allow: 50, verdict_review: 50 });
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

  describe('rate limits', () => {
    it("are the operator's unless the account set lower ones", () => {
      expect(effectiveSettings(undefined, defaults)).toMatchObject({ rate_limit_requests_per_second: 100, rate_limit_request_burst: 200, rate_limit_addresses_per_second: 500, rate_limit_address_burst: 2000 });
      expect(rateLimitsOf(undefined, defaults)).toEqual(rateLimits);
      const stored = { ...NO_SETTINGS, rate_limit_requests_per_second: 5, rate_limit_address_burst: 1000 };
      expect(effectiveSettings(stored, defaults)).toMatchObject({ rate_limit_requests_per_second: 5, rate_limit_request_burst: 200, rate_limit_addresses_per_second: 500, rate_limit_address_burst: 1000 });
      expect(rateLimitsOf(stored, defaults)).toEqual({ requests: { rate: 5, burst: 200 }, addresses: { rate: 500, burst: 1000 } });
    });

    it('a stored value above an operator limit lowered since is held at it', () => {
      const stored = { ...NO_SETTINGS, rate_limit_addresses_per_second: 400, rate_limit_request_burst: 150 };
      const lowered = { ...defaults, rateLimits: { requests: { rate: 100, burst: 120 }, addresses: { rate: 300, burst: 2000 } } };
      expect(rateLimitsOf(stored, lowered)).toEqual({ requests: { rate: 100, burst: 120 }, addresses: { rate: 300, burst: 2000 } });
      expect(effectiveSettings(stored, lowered)).toMatchObject({ rate_limit_addresses_per_second: 300, rate_limit_request_burst: 120 });
    });

    it('patches: set, reset with null, kept when absent; up to the operator\'s values included', () => {
      const set = applySettingsPatch(undefined, { rate_limit_addresses_per_second: 500, rate_limit_request_burst: 1 }, defaults);
      expect(set).toMatchObject({ ok: true, settings: { rate_limit_addresses_per_second: 500, rate_limit_request_burst: 1, rate_limit_requests_per_second: null } });
      const kept = applySettingsPatch(set.ok ? set.settings : undefined, { verdict_allow: 70, rate_limit_addresses_per_second: null }, defaults);
      expect(kept).toMatchObject({ ok: true, settings: { verdict_allow: 70, rate_limit_addresses_per_second: null, rate_limit_request_burst: 1 } });
    });

    it.each([
      [{ rate_limit_requests_per_second: 101 }, 'rate_limit_requests_per_second: must be an integer from 1 to 100, this service\'s limit for every account (or null for it)'],
      [{ rate_limit_request_burst: 0 }, 'rate_limit_request_burst: must be an integer from 1 to 200, this service\'s limit for every account (or null for it)'],
      [{ rate_limit_addresses_per_second: 2.5 }, 'rate_limit_addresses_per_second: must be an integer from 1 to 500, this service\'s limit for every account (or null for it)'],
      [{ rate_limit_address_burst: 999 }, 'rate_limit_address_burst: must be an integer from 1000 to 2000, this service\'s limit for every account (or null for it)'],
      [{ rate_limit_address_burst: 2001 }, 'rate_limit_address_burst: must be an integer from 1000 to 2000, this service\'s limit for every account (or null for it)'],
    ])('refuses %j: never above the operator', (patch, error) => {
      expect(applySettingsPatch(undefined, patch, defaults)).toEqual({ ok: false, error });
    });
  });
});
