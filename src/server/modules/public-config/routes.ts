import { publicConfigResponse } from '../../../shared/contracts/public-config.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';

// The header's support button needs SUPPORT_EMAIL in the browser; only public values go here.
export async function publicConfigRoutes(app: App, deps: AppDeps) {
  app.get('/api/public-config', { schema: { response: { 200: publicConfigResponse } } }, async () => ({
    supportEmail: deps.config.SUPPORT_EMAIL,
    // how calls hear the user (the voice gateway sets what its engines can transcribe)
    speech: { server: app.serverSpeech ?? 'none', browser: deps.config.BROWSER_SPEECH === 'on' },
  }));
}
