// The call's HTTP surface: start, voice session, end, read, patch, and the recording. The
// dashboard list routes live in list-routes.ts.
import { z } from 'zod';
import {
  createInterviewRequest,
  endInterviewRequest,
  interviewResponse,
  patchInterviewRequest,
  voiceSessionResponse,
} from '../../../shared/contracts/calls.js';
import { idParam } from '../../../shared/contracts/common.js';
import type { AppDeps } from '../../deps.js';
import { parseByteRange } from '../../http/byte-range.js';
import type { App } from '../../http/types.js';
import { perUserRateLimit } from '../auth/per-user-rate-limit.js';
import { requireUser } from '../auth/session-auth.js';
import { isPastDeadline } from './call-limits.js';
import { toInterviewView } from './call-view.js';
import { createInterview } from './create-call.js';
import { createVoiceSession } from './create-voice-session.js';
import { endInterview, endInterviewAsSystem } from './end-call.js';
import { endExpiredCalls, startCallSweeper } from './end-expired-calls.js';
import { findRecording } from './find-recording.js';
import { getInterviewForCaller, joinedFields } from './get-call.js';
import { updateInterview } from './update-call.js';

export async function interviewRoutes(app: App, deps: AppDeps) {
  const voiceSessionLimit = perUserRateLimit(app, deps.config.VOICE_SESSION_RATE_LIMIT);
  const { db } = deps.database;
  const log = (msg: string, err?: unknown) => app.log.warn({ err }, msg);

  if (deps.config.NODE_ENV !== 'test') {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startCallSweeper(deps, log);
      void endExpiredCalls(deps, log).catch((err) => log('call sweep failed', err));
    });
    app.addHook('onClose', async () => stop?.());
  }

  app.post(
    '/api/interviews',
    { schema: { body: createInterviewRequest, response: { 201: interviewResponse } } },
    async (req, reply) => {
      const user = requireUser(req);
      const created = await createInterview(
        db,
        user,
        req.body,
        deps.config.CALL_CREDIT_COST,
        deps.clock.now(),
      );
      const { interview, ...joined } = created;
      return reply.code(201).send(toInterviewView(interview, joined));
    },
  );

  app.get(
    '/api/interviews/:id',
    { schema: { params: idParam, response: { 200: interviewResponse } } },
    async (req) => {
      const user = requireUser(req);
      let found = await getInterviewForCaller(db, req.params.id, user);
      // The timer is enforced on access too: an overdue call is ended before it is shown.
      if (
        found.interview.status === 'in_progress' &&
        isPastDeadline(found.interview.createdAt, deps.clock.now())
      ) {
        found = (await endInterviewAsSystem(deps, found.interview.id, { log })) ?? found;
      }
      return toInterviewView(found.interview, joinedFields(found.interviewer));
    },
  );

  app.post(
    '/api/interviews/:id/voice-session',
    {
      schema: { params: idParam, response: { 200: voiceSessionResponse } },
      // per user, not per session: signing in again does not start a fresh budget
      preHandler: voiceSessionLimit,
    },
    async (req) => {
      const user = requireUser(req);
      const origin = `${req.protocol}://${req.host}`;
      const session = await createVoiceSession(deps, user, req.params.id, origin);
      // the call connects to this server's gateway next: its voice starts meanwhile (not awaited)
      if (session.provider === 'builtin') void app.warmVoice?.();
      return session;
    },
  );

  app.post(
    '/api/interviews/:id/end',
    { schema: { params: idParam, body: endInterviewRequest, response: { 200: interviewResponse } } },
    async (req) => {
      const user = requireUser(req);
      const ended = await endInterview(deps, user, req.params.id, {
        conversationId: req.body?.conversationId,
        reason: 'user',
        log,
      });
      return toInterviewView(ended.interview, joinedFields(ended.interviewer));
    },
  );

  app.patch(
    '/api/interviews/:id',
    { schema: { params: idParam, body: patchInterviewRequest, response: { 200: interviewResponse } } },
    async (req) => {
      const user = requireUser(req);
      const updated = await updateInterview(db, user, req.params.id, req.body);
      return toInterviewView(updated.interview, joinedFields(updated.interviewer));
    },
  );

  app.get(
    '/api/interviews/audio/:conversationId',
    { schema: { params: z.object({ conversationId: z.string().max(200) }) } },
    async (req, reply) => {
      const user = requireUser(req);
      const { key, info } = await findRecording(db, deps.blobs, user, req.params.conversationId);
      const range = parseByteRange(req.headers.range, info.size);
      reply
        .header('Accept-Ranges', 'bytes')
        .header('Content-Type', info.contentType)
        .header('Cache-Control', 'private, no-store');
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
      }
      if (range) {
        return reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(await deps.blobs.read(key, range));
      }
      return reply.header('Content-Length', info.size).send(await deps.blobs.read(key));
    },
  );
}
