import { z } from 'zod';
import { idParam } from '../../../shared/contracts/common.js';
import {
  howItWorksImagesResponse,
  interviewerDeleteResponse,
  interviewerListQuery,
  interviewerListResponse,
  interviewerPage,
  interviewerPatchRequest,
  interviewerResponse,
  interviewerWriteRequest,
  publicInterviewerResponse,
} from '../../../shared/contracts/scenarios.js';
import { HOW_IT_WORKS_IMAGES } from '../../../shared/how-it-works-images.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { requireUser } from '../auth/session-auth.js';
import { createInterviewer } from './create-scenario.js';
import { deleteInterviewer } from './delete-scenario.js';
import { getVisibleInterviewer } from './get-scenario.js';
import { startInterviewerListCache } from './list-cache.js';
import { isPlainList, listInterviewers, listPublicInterviewers, visibleListJson } from './list-scenarios.js';
import { toInterviewerResponse, toPublicInterviewerResponse } from './scenario-view.js';
import { updateInterviewer } from './update-scenario.js';

export async function interviewerRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const stopListCache = await startInterviewerListCache(deps.database);
  app.addHook('onClose', stopListCache);

  app.get(
    '/api/how-it-works-images',
    { schema: { response: { 200: howItWorksImagesResponse } } },
    async () => {
      return HOW_IT_WORKS_IMAGES;
    },
  );

  app.get(
    '/api/interviewers-public',
    { schema: { response: { 200: z.array(publicInterviewerResponse) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const rows = await listPublicInterviewers(db);
      return rows.map(toPublicInterviewerResponse);
    },
  );

  app.get(
    '/api/interviewers',
    {
      schema: {
        querystring: interviewerListQuery,
        response: { 200: z.union([interviewerListResponse, interviewerPage]) },
      },
    },
    async (req, reply) => {
      const caller = requireUser(req);
      if (isPlainList(caller, req.query)) {
        // already JSON, encoded by the same schema (cached per user); fastify sends a string as
        // it is, so the type provider's check of the payload's shape does not apply
        const json = await visibleListJson(db, caller, deps.clock.now().getTime());
        return reply.type('application/json; charset=utf-8').send(json as never);
      }
      const result = await listInterviewers(db, caller, req.query);
      if (Array.isArray(result)) return result.map(toInterviewerResponse);
      return { items: result.items.map(toInterviewerResponse), total: result.total };
    },
  );

  app.get(
    '/api/interviewers/:id',
    { schema: { params: idParam, response: { 200: interviewerResponse } } },
    async (req) => {
      const row = await getVisibleInterviewer(db, req.params.id, requireUser(req));
      return toInterviewerResponse(row);
    },
  );

  app.post(
    '/api/interviewers',
    { schema: { body: interviewerWriteRequest, response: { 201: interviewerResponse } } },
    async (req, reply) => {
      const row = await createInterviewer(deps, requireUser(req), req.body);
      return reply.code(201).send(toInterviewerResponse(row));
    },
  );

  app.patch(
    '/api/interviewers/:id',
    { schema: { params: idParam, body: interviewerPatchRequest, response: { 200: interviewerResponse } } },
    async (req) => {
      const row = await updateInterviewer(deps, requireUser(req), req.params.id, req.body);
      return toInterviewerResponse(row);
    },
  );

  app.delete(
    '/api/interviewers/:id',
    { schema: { params: idParam, response: { 200: interviewerDeleteResponse } } },
    async (req) => deleteInterviewer(deps, requireUser(req), req.params.id),
  );
}
