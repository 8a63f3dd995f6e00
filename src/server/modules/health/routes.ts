import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common.js';
import {
  healthResponse,
  providerTestParams,
  providerTestResponse,
  publicHealthResponse,
} from '../../../shared/contracts/health.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { requireAdmin } from '../auth/session-auth.js';
import { memoryStatus } from './memory.js';
import { testProvider } from './provider-check.js';
import { databaseStatus, providersStatus } from './service.js';

export async function healthRoutes(app: App, deps: AppDeps) {
  // A visitor (or a user) learns only whether the service is up; the database and the providers
  // (the model's host, the recordings bucket) are for admins. With the database down the answer is
  // 503, and a request whose session cannot be read then gets the API's error body instead.
  const healthAnswer = z.union([healthResponse, publicHealthResponse]);
  app.get(
    '/api/health',
    { schema: { response: { 200: healthAnswer, 503: z.union([healthAnswer, errorResponse]) } } },
    async (req, reply) => {
      const database = await databaseStatus(deps.database);
      const status = database.ok ? 'ok' : 'degraded';
      reply.code(database.ok ? 200 : 503);
      if (!req.user?.isAdmin) return reply.send({ status });
      return reply.send({
        status,
        memory: memoryStatus(),
        database,
        providers: providersStatus(deps.config),
      });
    },
  );

  // Spec: `available` says whether the ElevenLabs voice service is configured (never the key).
  app.get(
    '/api/check-elevenlabs-key',
    { schema: { response: { 200: z.object({ available: z.boolean() }) } } },
    async () => ({ available: Boolean(deps.config.ELEVENLABS_API_KEY) }),
  );

  // Admin "Test connection": a small real operation with the active provider. A provider's
  // failure is a 200 with ok:false and its message, so the admin sees why.
  app.post(
    '/api/admin/providers/:provider/test',
    { schema: { params: providerTestParams, response: { 200: providerTestResponse } } },
    async (req) => {
      requireAdmin(req);
      const result = await testProvider(deps, req.params.provider);
      if (!result.ok)
        req.log.warn(
          { provider: result.provider, kind: result.kind, reason: result.message },
          'provider test failed',
        );
      return result;
    },
  );
}
