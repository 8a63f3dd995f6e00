import {
  evaluateByCriteriaRequest,
  evaluateByRubricRequest,
  evaluationMessages,
  evaluationOutcome,
} from '../../../shared/contracts/evaluation.js';
import type { AppDeps } from '../../deps.js';
import { invalid, notFound } from '../../errors.js';
import type { App } from '../../http/types.js';
import { perUserRateLimit } from '../auth/per-user-rate-limit.js';
import { requireUser } from '../auth/session-auth.js';
import { askedGate } from './asked-gate.js';
import { evaluationQueue, retainEvaluatorWorker } from './builtin-evaluator-thread.js';
import { findRubric } from './find-rubric.js';
import { evaluateTranscript } from './service.js';

function requireTranscript(transcript: string) {
  if (transcript.trim() === '') {
    throw invalid(evaluationMessages.emptyTranscript, { transcript: evaluationMessages.emptyTranscript });
  }
}

export async function evaluationRoutes(app: App, deps: AppDeps) {
  // evaluations asked for here: one at a time per user, refused while many wait (asked-gate.ts)
  const asked = askedGate(evaluationQueue);
  // The built-in evaluator's thread starts with the first evaluation, stops after WORKER_IDLE_MS
  // without one, and stops with the last app that uses it.
  const releaseEvaluator = retainEvaluatorWorker({ idleMs: deps.config.WORKER_IDLE_MS });
  app.addHook('onClose', releaseEvaluator);
  // One budget per signed-in user shared by both endpoints (one limiter, one store).
  const rateLimit = perUserRateLimit(app, deps.config.EVALUATE_RATE_LIMIT);

  app.post(
    '/api/interviews/evaluate',
    {
      schema: { body: evaluateByRubricRequest, response: { 200: evaluationOutcome } },
      preHandler: rateLimit,
    },
    async (req) => {
      const user = requireUser(req);
      requireTranscript(req.body.transcript);
      const rubric = await findRubric(deps.database.db, user, req.body.rubricId);
      if (!rubric) throw notFound(evaluationMessages.noRubric);
      if (rubric.criteria.length === 0) throw invalid(evaluationMessages.noRubric);
      return asked(user.id, () =>
        evaluateTranscript(deps, {
          transcript: req.body.transcript,
          rubricCriteria: rubric.criteria,
          role: rubric.role,
          priority: 'request',
        }),
      );
    },
  );

  app.post(
    '/api/evaluate',
    {
      schema: { body: evaluateByCriteriaRequest, response: { 200: evaluationOutcome } },
      preHandler: rateLimit,
    },
    async (req) => {
      const user = requireUser(req);
      requireTranscript(req.body.transcript);
      if (req.body.rubricCriteria.length === 0) {
        throw invalid(evaluationMessages.noRubric, { rubricCriteria: evaluationMessages.noRubric });
      }
      return asked(user.id, () =>
        evaluateTranscript(deps, {
          transcript: req.body.transcript,
          rubricCriteria: req.body.rubricCriteria,
          role: req.body.role,
          priority: 'request',
        }),
      );
    },
  );
}
