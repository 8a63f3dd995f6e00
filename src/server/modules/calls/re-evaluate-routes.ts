// HTTP surface of re-running a finished call's evaluation (issue 12 §4).
import { interviewResponse } from '../../../shared/contracts/calls.js';
import { idParam } from '../../../shared/contracts/common.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { perUserRateLimit } from '../auth/per-user-rate-limit.js';
import { requireUser } from '../auth/session-auth.js';
import { toInterviewView } from './call-view.js';
import { joinedFields } from './get-call.js';
import { reEvaluateInterview } from './re-evaluate-call.js';

export async function reEvaluateRoutes(app: App, deps: AppDeps) {
  // A model call per request: the same per-user budget size as the other evaluation routes.
  const rateLimit = perUserRateLimit(app, deps.config.EVALUATE_RATE_LIMIT);

  app.post(
    '/api/interviews/:id/re-evaluate',
    { schema: { params: idParam, response: { 200: interviewResponse } }, preHandler: rateLimit },
    async (req) => {
      const user = requireUser(req);
      const { interview, interviewer } = await reEvaluateInterview(deps, user, req.params.id);
      return toInterviewView(interview, joinedFields(interviewer));
    },
  );
}
