/** GET/PATCH /v1/settings: the account's own settings on the controls topic, defaults filled in. */
import { controlKey, type ControlTable } from '../controls/control-table.ts';
import { applySettingsPatch, effectiveSettings, type EffectiveSettings, type SettingsDefaults, type SettingsPatch } from '../controls/settings.ts';
import { validationError } from '../domain/errors.ts';
import { SECRET_RULE, webhookKey } from '../signup-hooks/webhook-secret.ts';
import type { ControlLog } from './control-log.ts';

export interface SettingsService {
  get(account: string): EffectiveSettings;
  /** Throws ServiceError 400 naming the field and rule, or 503. */
  patch(account: string, patch: SettingsPatch): Promise<EffectiveSettings>;
}

export function createSettingsService(d: { table: ControlTable; log: ControlLog; defaults: SettingsDefaults; now: () => number; seal: (key: Buffer) => string }): SettingsService {
  return {
    get: (account) => effectiveSettings(d.table.settings(account), d.defaults),
    async patch(account, given) {
      const patch = { ...given };
      // The sign-up hook secret is checked, then kept sealed: it is never stored or shown in clear.
      if (typeof patch.signup_hook_secret === 'string') {
        const key = webhookKey(patch.signup_hook_secret);
        if (!key) throw validationError(`signup_hook_secret: ${SECRET_RULE}`);
        patch.signup_hook_secret = d.seal(key);
      }
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
