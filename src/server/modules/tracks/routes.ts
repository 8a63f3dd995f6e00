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
import type { App } from '../../http/types.js';
import { requireAdmin, requireUser } from '../auth/session-auth.js';
import { createTrack } from './create-track.js';
import { getTrack } from './get-track.js';
import { joinTrack } from './join-track.js';
import { leaveTrack } from './leave-track.js';
import { listTracks } from './list-tracks.js';
import { resetTrack } from './reset-track.js';
import { updateTrack } from './update-track.js';

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
    async (req) => listTracks(db, requireUser(req), req.query, now()),
  );

  app.get(
    '/api/tracks/:id',
    { schema: { params: idParam, querystring: trackDetailQuery, response: { 200: trackResponse } } },
    async (req) => getTrack(db, requireUser(req), req.params.id, now(), req.query.userId),
  );

  app.post(
    '/api/tracks',
    { schema: { body: trackWriteRequest, response: { 201: trackResponse } } },
    async (req, reply) => reply.code(201).send(await createTrack(db, requireAdmin(req), req.body, now())),
  );

  app.patch(
    '/api/tracks/:id',
    { schema: { params: idParam, body: trackPatchRequest, response: { 200: trackResponse } } },
    async (req) => updateTrack(db, requireAdmin(req), req.params.id, req.body, now()),
  );

  app.post(
    '/api/tracks/:id/join',
    { schema: { params: idParam, response: { 200: trackResponse } } },
    async (req) => joinTrack(db, requireUser(req), req.params.id, now()),
  );

  app.post(
    '/api/tracks/:id/leave',
    { schema: { params: idParam, response: { 200: messageResponse } } },
    async (req) => leaveTrack(db, requireUser(req), req.params.id, now()),
  );

  app.post(
    '/api/tracks/:id/reset',
    { schema: { params: idParam, response: { 200: trackResponse } } },
    async (req) => resetTrack(db, requireUser(req), req.params.id, now()),
  );
}
