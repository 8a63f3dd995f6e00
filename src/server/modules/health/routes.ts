import { z } from 'zod';
import { healthResponse } from '../../../shared/contracts/health.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { databaseStatus, providersStatus } from './service.js';

export async function healthRoutes(app: App, deps: AppDeps) {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_req, reply) => {
      const database = await databaseStatus(deps.database);
      const body = {
        status: database.ok ? 'ok' : 'degraded',
        database,
        providers: providersStatus(deps.config),
      } as const;
      return reply.code(database.ok ? 200 : 503).send(body);
    },
  );

  // Spec: `available` says whether the ElevenLabs voice service is configured (never the key).
  app.get(
    '/api/check-elevenlabs-key',
    { schema: { response: { 200: z.object({ available: z.boolean() }) } } },
    async () => ({ available: Boolean(deps.config.ELEVENLABS_API_KEY) }),
  );
}
