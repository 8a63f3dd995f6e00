import { z } from 'zod';
import { customCallGeneration, generateCustomCallRequest } from '../../../shared/contracts/custom-calls.js';
import type { AppDeps } from '../../deps.js';
import { notFound, unavailable } from '../../errors.js';
import type { App } from '../../http/types.js';
import { perUserRateLimit } from '../auth/per-user-rate-limit.js';
import { requireUser } from '../auth/session-auth.js';
import { generateScenario, requireGenerationInput } from './generate-scenario.js';
import { createVoicePreviews } from './voice-preview.js';

export async function customCallRoutes(app: App, deps: AppDeps) {
  const rateLimit = perUserRateLimit(app, deps.config.GENERATE_RATE_LIMIT);

  app.post(
    '/api/custom-calls/generate',
    {
      schema: { body: generateCustomCallRequest, response: { 200: customCallGeneration } },
      preHandler: rateLimit,
    },
    async (req) => {
      requireUser(req);
      return generateScenario(deps, requireGenerationInput(req.body));
    },
  );

  const previews = createVoicePreviews(deps.speech.tts);
  app.get(
    '/api/custom-calls/voice-preview/:voiceId',
    { schema: { params: z.object({ voiceId: z.enum(['michael', 'sarah']) }) } },
    async (req, reply) => {
      requireUser(req);
      if (!previews.available) throw notFound('Voice preview is not available');
      const wav = await previews.get(req.params.voiceId).catch(() => {
        throw unavailable('Voice preview is not available right now');
      });
      return reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'private, max-age=3600')
        .send(wav);
    },
  );
}
