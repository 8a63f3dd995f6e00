import { z } from 'zod';
import { pageViewRequest } from '../../../shared/contracts/auth.js';
import { pageViews } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';

export async function pageViewRoutes(app: App, deps: AppDeps) {
  app.post(
    '/api/track/page-view',
    {
      schema: { body: pageViewRequest, response: { 201: z.object({ ok: z.boolean() }) } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await deps.database.db
        .insert(pageViews)
        .values({ userId: req.user?.id ?? null, pageName: req.body.pageName, pageUrl: req.body.pageUrl });
      return reply.code(201).send({ ok: true });
    },
  );
}
