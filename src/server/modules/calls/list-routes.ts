// Reviewing past calls over HTTP: the user's list (spec form and paged dashboard form), All Calls
// for admins, ratings, score trends and utterance timings. Permissions are decided here from the
// session; the queries live in the verb-noun files beside this one.
import { z } from 'zod';
import {
  adminInterviewPageResponse,
  adminInterviewResponse,
  interviewPageResponse,
  openCallsResponse,
  seedCallsRequest,
  trendsQuery,
  trendsResponse,
  utterancesResponse,
} from '../../../shared/contracts/call-review.js';
import {
  interviewListQuery,
  interviewResponse,
  listedInterviewResponse,
  rateInterviewRequest,
} from '../../../shared/contracts/calls.js';
import { idParam } from '../../../shared/contracts/common.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { requireAdmin, requireUser } from '../auth/session-auth.js';
import {
  findAllInterviews,
  findCompletedInterviews,
  findScoreTrends,
  listUserInterviews,
  resolveOwner,
} from './find-calls.js';
import { findOpenCalls } from './find-open-calls.js';
import { findUtterances } from './find-utterances.js';
import { rateInterview } from './rate-call.js';
import { seedCalls, toneWav } from './seed-calls.js';

export async function interviewListRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get(
    '/api/interviews',
    {
      schema: {
        querystring: interviewListQuery,
        response: { 200: z.union([z.array(listedInterviewResponse), interviewPageResponse]) },
      },
    },
    async (req) => {
      const userId = resolveOwner(requireUser(req), req.query.userId);
      // With `page` the dashboard gets one page of completed calls; without it, the spec's full list.
      if (req.query.page === undefined) return listUserInterviews(db, userId, req.query);
      return findCompletedInterviews(db, userId, req.query);
    },
  );

  app.get('/api/interviews/open', { schema: { response: { 200: openCallsResponse } } }, async (req) =>
    findOpenCalls(db, requireUser(req).id),
  );

  app.get(
    '/api/interviews/all',
    {
      schema: {
        querystring: interviewListQuery,
        response: { 200: z.union([z.array(adminInterviewResponse), adminInterviewPageResponse]) },
      },
    },
    async (req) => {
      requireAdmin(req);
      const { items, page } = await findAllInterviews(db, req.query);
      return page === undefined ? items : { items, ...page };
    },
  );

  app.get(
    '/api/interviews/trends',
    { schema: { querystring: trendsQuery, response: { 200: trendsResponse } } },
    async (req) => findScoreTrends(db, requireUser(req).id, req.query.limit),
  );

  app.get(
    '/api/interviews/:id/utterances',
    { schema: { params: idParam, response: { 200: utterancesResponse } } },
    async (req) => findUtterances(db, requireUser(req), req.params.id),
  );

  app.post(
    '/api/interviews/:id/rate',
    { schema: { params: idParam, body: rateInterviewRequest, response: { 200: interviewResponse } } },
    async (req) => rateInterview(db, requireUser(req).id, req.params.id, req.body),
  );

  // Browser journeys need a user with many past calls; only an admin may seed, and only when the
  // server was started with E2E_SEED=1 (never set in production; see README).
  if (deps.config.E2E_SEED) {
    app.post(
      '/api/test-support/seed-calls',
      {
        schema: {
          body: seedCallsRequest,
          response: { 201: z.object({ completedIds: z.array(z.number()) }) },
        },
      },
      async (req, reply) => {
        requireAdmin(req);
        const recording = req.body.withRecording
          ? { blobs: deps.blobs, bytes: toneWav(), contentType: 'audio/wav' }
          : undefined;
        return reply.code(201).send(await seedCalls(db, { ...req.body, recording }));
      },
    );
  }
}
