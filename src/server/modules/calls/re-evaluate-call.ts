// POST /api/interviews/:id/re-evaluate: scores an ended call again, for when the model was down or
// slow at the end of the call (status completed_with_errors); a call with a good evaluation is not
// scored again for its owner (409), only for an admin. The transcript is rebuilt from the
// utterances the server stored as the call ran (or imported from the voice provider), never taken
// from the stored text, which an admin may have edited. A new failure never replaces a good
// evaluation already stored: the caller is told to try later.
import { and, eq, ne } from 'drizzle-orm';
import { type EvaluationOutcome, evaluationMessages } from '../../../shared/contracts/evaluation.js';
import { buildTranscript } from '../../../shared/domain/transcript.js';
import { interviews } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { conflict, upstreamFailed } from '../../errors.js';
import { evaluateTranscript, scoringOf } from '../evaluation/service.js';
import { USER_LABEL } from './end-call.js';
import { storedUtterances, userSpoke } from './find-utterances.js';
import { type Caller, getInterviewForCaller, type InterviewWithInterviewer } from './get-call.js';

export const reEvaluateMessages = {
  notEnded: 'This call has not ended yet',
  noTranscript: 'This call has no transcript to evaluate',
  stillFailing:
    'The call could not be evaluated right now; the earlier evaluation is kept. Please try again later.',
  alreadyEvaluated:
    'This call already has its evaluation. Only a call whose evaluation failed can be evaluated again.',
} as const;

const FAILED_OUTCOME: EvaluationOutcome = {
  error: 'Evaluation failed',
  message: 'The interview could not be evaluated due to an error.',
};

/** Re-scores the call for its owner or an admin and stores the outcome and status. */
export async function reEvaluateInterview(
  deps: AppDeps,
  caller: Caller,
  interviewId: number,
): Promise<InterviewWithInterviewer> {
  const { db } = deps.database;
  const { interview, interviewer } = await getInterviewForCaller(db, interviewId, caller);
  if (interview.status === 'in_progress') throw conflict(reEvaluateMessages.notEnded);
  // a good evaluation stands: scoring again and again (a model's scores vary) would let a user keep
  // the best one; an admin may still, after fixing a scenario's rubric or the model
  const stored = interview.evaluation as EvaluationOutcome | null;
  if (!caller.isAdmin && interview.status === 'completed' && stored && !('error' in stored)) {
    throw conflict(reEvaluateMessages.alreadyEvaluated);
  }
  const timed = await storedUtterances(db, interview.id);
  const transcript = buildTranscript(timed, { agent: interviewer.name, user: USER_LABEL });
  if (transcript.trim() === '') throw conflict(reEvaluateMessages.noTranscript);
  // ended before the user answered: nothing to score, now or later (end-call says so)
  if (!userSpoke(timed)) throw conflict(evaluationMessages.nothingSaidInCall);

  const evaluation = await evaluateTranscript(deps, {
    transcript,
    ...scoringOf(interview.scoredAgainst, interviewer),
    utterances: timed,
  }).catch(() => FAILED_OUTCOME);

  const failed = 'error' in evaluation;
  if (failed && stored && !('error' in stored)) {
    throw upstreamFailed(reEvaluateMessages.stillFailing);
  }
  const [updated] = await db
    .update(interviews)
    .set({ evaluation, transcript, status: failed ? 'completed_with_errors' : 'completed' })
    .where(and(eq(interviews.id, interview.id), ne(interviews.status, 'in_progress')))
    .returning();
  return { interview: updated ?? interview, interviewer };
}
