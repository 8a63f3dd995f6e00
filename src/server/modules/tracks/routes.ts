// Track routes (administration §7): user side with progress, admin authoring, join/leave/reset.
import { z } from 'zod';
import { idParam } from '../../../shared/contracts/common.js';
import {
  trackDetailQuery,
  trackListQuery,
  trackPage,
  trackPatchRequest,
  trackResponse,
  trackWriteRequest,
} from '../../../shared/contracts/tracks.js';
import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../errors.js';
import { requireAdmin, requireUser } from '../../http/session-auth.js';
import type { App } from '../../http/types.js';
import * as tracks from './track-service.js';

const messageResponse = z.object({ message: z.string() });

export async function trackRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  app.get(
    '/api/tracks',
    {
      schema: {
        querystring: trackListQuery,
        response: { 200: z.union([z.array(trackResponse), trackPage]) },
      },
    },
    async (req) => tracks.listTracks(db, requireUser(req), req.query, now()),
  );

  app.get(
    '/api/tracks/:id',
    { schema: { params: idParam, querystring: trackDetailQuery, response: { 200: trackResponse } } },
    async (req) => {
      const user = requireUser(req);
      if (req.query.userId !== undefined && req.query.userId !== user.id && !user.isAdmin) throw forbidden();
      return tracks.getTrack(db, user, req.params.id, now());
    },
  );

  app.post(
    '/api/tracks',
    { schema: { body: trackWriteRequest, response: { 201: trackResponse } } },
    async (req, reply) =>
      reply.code(201).send(await tracks.createTrack(db, requireAdmin(req), req.body, now())),
  );

  app.patch(
    '/api/tracks/:id',
    { schema: { params: idParam, body: trackPatchRequest, response: { 200: trackResponse } } },
    async (req) => tracks.updateTrack(db, requireAdmin(req), req.params.id, req.body, now()),
  );

  app.post(
    '/api/tracks/:id/join',
    { schema: { params: idParam, response: { 200: trackResponse } } },
    async (req) => tracks.joinTrack(db, requireUser(req), req.params.id, now()),
  );

  app.post(
    '/api/tracks/:id/leave',
    { schema: { params: idParam, response: { 200: messageResponse } } },
    async (req) => tracks.leaveTrack(db, requireUser(req), req.params.id, now()),
  );

  app.post(
    '/api/tracks/:id/reset',
    { schema: { params: idParam, response: { 200: trackResponse } } },
    async (req) => tracks.resetTrack(db, requireUser(req), req.params.id, now()),
  );
}
