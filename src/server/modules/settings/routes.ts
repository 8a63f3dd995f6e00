import { modelSettingsPatch, modelSettingsResponse } from '../../../shared/contracts/settings.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { requireAdmin } from '../auth/session-auth.js';
import { getModelSettingsView, updateModelSettings } from './service.js';

export async function settingsRoutes(app: App, deps: AppDeps) {
  app.get('/api/settings/models', { schema: { response: { 200: modelSettingsResponse } } }, async (req) => {
    requireAdmin(req);
    return getModelSettingsView(deps);
  });

  app.patch(
    '/api/settings/models',
    { schema: { body: modelSettingsPatch, response: { 200: modelSettingsResponse } } },
    async (req) => {
      const admin = requireAdmin(req);
      return updateModelSettings(deps, admin.id, req.body);
    },
  );
}
