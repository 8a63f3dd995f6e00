// Utterance timings of one call, so the transcript can seek the recording to a line and
// highlight the line being spoken. Readable by the call's owner and by admins; anyone else gets 404.
import { asc, eq } from 'drizzle-orm';
import type { TimedUtterance } from '../../../shared/domain/transcript.js';
import type { DbOrTx } from '../../db/client.js';
import { interviews, utterances } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { type Caller, canSee, interviewMessages } from './get-call.js';

/** A call's stored utterances in spoken order: what the transcript and the evaluation are built from. */
export function storedUtterances(db: DbOrTx, interviewId: number): Promise<TimedUtterance[]> {
  return db
    .select({
      speaker: utterances.speaker,
      text: utterances.text,
      startMs: utterances.startMs,
      endMs: utterances.endMs,
      confidence: utterances.confidence,
    })
    .from(utterances)
    .where(eq(utterances.interviewId, interviewId))
    .orderBy(asc(utterances.startMs), asc(utterances.id));
}

/** whether the user said anything in the call (a call ended before answering gives its credit back
 * and has nothing to score) */
export const userSpoke = (timed: readonly TimedUtterance[]) =>
  timed.some((u) => u.speaker === 'user' && u.text.trim() !== '');

export async function findUtterances(db: DbOrTx, caller: Caller, interviewId: number) {
  const [call] = await db
    .select({ userId: interviews.userId })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  // another user's call answers as one that does not exist (as every call route does)
  if (!call || !canSee(caller, call)) throw notFound(interviewMessages.notFound);
  return storedUtterances(db, interviewId);
}
