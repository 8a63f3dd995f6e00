// POST /api/interviews/:id/end and the server's own timer: closes the call, builds the
// transcript from the utterances stored as the call ran (so a call survives a server restart),
// evaluates it and stores the outcome. Idempotent: a call that has ended is answered as stored.
//
// Concurrency: ends of the same call in this process share one promise; across processes the
// final UPDATE only applies while the call is still in progress, so the first writer wins and
// the others answer what it stored.
import { and, eq, sql } from 'drizzle-orm';
import { type EvaluationOutcome, evaluationMessages } from '../../../shared/contracts/evaluation.js';
import { buildTranscript } from '../../../shared/domain/transcript.js';
import { creditLedger, interviews, users, voiceSessions } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { conflict, invalid, upstreamFailed } from '../../errors.js';
import { ConvaiError } from '../../providers/convai/index.js';
import { isValidConversationId } from '../../providers/storage/index.js';
import { EVALUATION_FAILED, evaluateTranscript, scoringOf } from '../evaluation/service.js';
import { recordTrackCall } from '../tracks/sync-track-progress.js';
import { callDeadline } from './call-limits.js';
import { storedUtterances, userSpoke } from './find-utterances.js';
import {
  type Caller,
  findInterviewWithInterviewer,
  getInterviewForCaller,
  type InterviewWithInterviewer,
  interviewMessages,
} from './get-call.js';
import { ForeignConversationError, importElevenLabsConversation } from './import-elevenlabs-conversation.js';
import { stopLiveSession } from './stop-live-session.js';

export const CONNECTION_FAILURE_NOTE = 'connection_failure';
export const USER_LABEL = 'You';

export type EndInterviewOptions = {
  /** the ElevenLabs conversation id the browser's SDK reported (ignored for built-in calls) */
  conversationId?: string;
  /** 'timeout': ended by the server's timer; provider trouble then never blocks the end */
  reason?: 'user' | 'timeout';
  log?: (msg: string, err?: unknown) => void;
};

const inFlight = new Map<number, Promise<InterviewWithInterviewer>>();

/** Ends the caller's own call (owner only), answering the interview as stored afterwards. */
export async function endInterview(
  deps: AppDeps,
  caller: Caller,
  interviewId: number,
  opts: EndInterviewOptions = {},
): Promise<InterviewWithInterviewer> {
  const found = await getInterviewForCaller(deps.database.db, interviewId, caller, { ownerOnly: true });
  return endFound(deps, found, opts);
}

/** Ends a call on the server's behalf (timer, sweep); no ownership check. */
export async function endInterviewAsSystem(
  deps: AppDeps,
  interviewId: number,
  opts: EndInterviewOptions = {},
): Promise<InterviewWithInterviewer | null> {
  const found = await findInterviewWithInterviewer(deps.database.db, interviewId);
  return found ? endFound(deps, found, { ...opts, reason: opts.reason ?? 'timeout' }) : null;
}

function endFound(deps: AppDeps, found: InterviewWithInterviewer, opts: EndInterviewOptions) {
  if (found.interview.status !== 'in_progress') return Promise.resolve(found);
  const id = found.interview.id;
  const running = inFlight.get(id);
  if (running) return running;
  const work = finishCall(deps, found, opts).finally(() => inFlight.delete(id));
  inFlight.set(id, work);
  return work;
}

async function finishCall(
  deps: AppDeps,
  found: InterviewWithInterviewer,
  opts: EndInterviewOptions,
): Promise<InterviewWithInterviewer> {
  const { db } = deps.database;
  const { interview, interviewer } = found;
  const now = deps.clock.now();
  const deadline = callDeadline(interview.createdAt);
  const endTime = new Date(Math.min(now.getTime(), deadline.getTime()));

  // The call's live session, on whichever server, stores the utterance in flight and finishes the
  // recording before we read them.
  await stopLiveSession(db, interview.id, {
    now: () => deps.clock.now(),
    reason: opts.reason === 'timeout' ? 'time_limit' : 'ended_by_user',
  });
  const conversationId = await settleConversation(deps, found, opts);

  const timed = await storedUtterances(db, interview.id);
  const transcript = buildTranscript(timed, { agent: interviewer.name, user: USER_LABEL });

  // A call in which the user said nothing (left at once, or the microphone never reached us) gives
  // its credit back, in the same transaction that ends it, so exactly once.
  const spoke = userSpoke(timed);
  let evaluation: EvaluationOutcome | null = null;
  let status: 'completed' | 'completed_with_errors' | 'failed';
  let notes = interview.notes;
  if (transcript === '') {
    status = 'failed';
    notes = CONNECTION_FAILURE_NOTE;
  } else if (!spoke) {
    // the persona spoke and the user ended before answering: said so plainly, not as a fault
    evaluation = { error: EVALUATION_FAILED, message: evaluationMessages.nothingSaidInCall };
    status = 'completed_with_errors';
  } else {
    evaluation = await evaluateSafely(deps, {
      transcript,
      ...scoringOf(interview.scoredAgainst, interviewer),
      utterances: timed,
    });
    status = 'error' in evaluation ? 'completed_with_errors' : 'completed';
  }

  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(interviews)
      .set({ endTime, transcript, evaluation, status, notes, conversationId })
      .where(and(eq(interviews.id, interview.id), eq(interviews.status, 'in_progress')))
      .returning();
    if (row && !spoke && row.creditCost > 0) {
      await tx
        .update(users)
        .set({ credits: sql`${users.credits} + ${row.creditCost}` })
        .where(eq(users.id, row.userId));
      await tx
        .insert(creditLedger)
        .values({ userId: row.userId, delta: row.creditCost, reason: 'refund', interviewId: row.id });
    }
    return row;
  });
  if (updated) {
    // A call on a track scenario moves the member's progress on that track (issue 10 §4).
    if (updated.trackScenarioId !== null) {
      await recordTrackCall(db, updated.userId, updated.trackScenarioId, deps.clock.now());
    }
    return { interview: updated, interviewer };
  }
  return (await findInterviewWithInterviewer(db, interview.id)) ?? found;
}

async function evaluateSafely(
  deps: AppDeps,
  input: Parameters<typeof evaluateTranscript>[1],
): Promise<EvaluationOutcome> {
  try {
    return await evaluateTranscript(deps, input);
  } catch {
    return { error: 'Evaluation failed', message: 'The interview could not be evaluated due to an error.' };
  }
}

/**
 * Built-in calls keep the id minted with their voice session. ElevenLabs calls take the id the
 * browser reports, verified by reading that conversation (and its audio) from ElevenLabs.
 */
async function settleConversation(
  deps: AppDeps,
  { interview }: InterviewWithInterviewer,
  opts: EndInterviewOptions,
): Promise<string | null> {
  const { db } = deps.database;
  const { convai } = deps;
  if (!convai) return interview.conversationId;
  const [builtin] = await db
    .select({ tokenHash: voiceSessions.tokenHash })
    .from(voiceSessions)
    .where(eq(voiceSessions.interviewId, interview.id))
    .limit(1);
  if (builtin) return interview.conversationId;

  const conversationId = opts.conversationId ?? interview.conversationId;
  if (!conversationId) return null;
  if (!isValidConversationId(conversationId)) throw invalid('Invalid conversation id');
  if (conversationId !== interview.conversationId) {
    const [other] = await db
      .select({ id: interviews.id })
      .from(interviews)
      .where(eq(interviews.conversationId, conversationId));
    if (other) throw conflict(interviewMessages.conversationIdTaken);
  }
  try {
    await importElevenLabsConversation(
      db,
      deps.blobs,
      convai,
      { interviewId: interview.id, conversationId },
      opts.log,
    );
    return conversationId;
  } catch (err) {
    if (opts.reason === 'timeout') {
      opts.log?.('ElevenLabs conversation unavailable; ending with what is stored', err);
      return interview.conversationId;
    }
    if (err instanceof ForeignConversationError || (err instanceof ConvaiError && err.status === 404)) {
      throw invalid('Unknown conversation id');
    }
    if (err instanceof ConvaiError) {
      throw upstreamFailed('Could not reach the voice service to finish the call. Please try again.');
    }
    throw err;
  }
}
