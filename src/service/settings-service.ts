/** GET/PATCH /v1/settings: the account's own settings on the controls topic, defaults filled in. */
import { controlKey, type ControlTable } from '../controls/control-table.ts';
import { applySettingsPatch, effectiveSettings, type EffectiveSettings, type SettingsDefaults, type SettingsPatch } from '../controls/settings.ts';
import { validationError } from '../domain/errors.ts';
import type { ControlLog } from './control-log.ts';

export interface SettingsService {
  get(account: string): EffectiveSettings;
  /** Throws ServiceError 400 naming the field and rule, or 503. */
  patch(account: string, patch: SettingsPatch): Promise<EffectiveSettings>;
}

export function createSettingsService(d: { table: ControlTable; log: ControlLog; defaults: SettingsDefaults; now: () => number }): SettingsService {
  return {
    get: (account) => effectiveSettings(d.table.settings(account), d.defaults),
    async patch(account, patch) {
      const next = applySettingsPatch(d.table.settings(account), patch, d.defaults);
      if (!next.ok) throw validationError(next.error);
      if (Object.keys(patch).length > 0) {
        const now = d.now();
        await d.log.put(controlKey.settings(account), { account, time: now, api_key: null, rule: null, settings: { ...next.settings } }, now);
      }
      return effectiveSettings(d.table.settings(account), d.defaults);
    },
  };
}
