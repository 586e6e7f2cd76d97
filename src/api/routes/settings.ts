/** GET/PATCH /v1/settings: the account's own settings (scope admin). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SettingsService } from '../../service/settings-service.ts';
import { errorResponses, SettingsPatchBody, SettingsResponse } from '../schemas.ts';

export const settingsRoutes =
  (settings: SettingsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/v1/settings',
      {
        config: { scope: 'admin' },
        schema: {
          summary: 'Your account\'s settings',
          description: 'Verdict thresholds of your account\'s checks: allow when human_score >= verdict_allow, review when >= verdict_review, block below; the sign-up hook; and your account\'s rate limits (requests and addresses checked, per second and at once). The service\'s defaults unless you set your own.',
          tags: ['controls'],
          response: { 200: SettingsResponse, ...errorResponses(401, 403, 429, 503) },
        },
      },
      async (req) => settings.get(req.account),
    );

    app.patch(
      '/v1/settings',
      {
        config: { scope: 'admin' },
        schema: {
          summary: 'Change your account\'s settings',
          description: 'Fields given are set (null: back to the service\'s default), others are kept. verdict_review must not exceed verdict_allow. A rate limit may only be lowered: above the service\'s limit for every account it is 400 naming that limit. Takes effect on every instance within 2 seconds. Answers the settings now in force. The body is a JSON merge patch (RFC 7396), so `content-type: application/merge-patch+json` is taken as well as application/json.',
          tags: ['controls'],
          body: SettingsPatchBody,
          response: { 200: SettingsResponse, ...errorResponses(400, 401, 403, 408, 413, 415, 429, 503) },
        },
      },
      async (req) => settings.patch(req.account, req.body),
    );
  };
