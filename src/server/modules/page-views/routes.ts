import { z } from 'zod';
import { pageViewRequest } from '../../../shared/contracts/auth.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { recordPageView } from './record-page-view.js';

export async function pageViewRoutes(app: App, deps: AppDeps) {
  app.post(
    '/api/track/page-view',
    {
      schema: { body: pageViewRequest, response: { 201: z.object({ ok: z.boolean() }) } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await recordPageView(deps.database.db, req.user?.id ?? null, req.body);
      return reply.code(201).send({ ok: true });
    },
  );
}
