// Utterance timings of one call, so the transcript can seek the recording to a line and
// highlight the line being spoken. Readable by the call's owner and by admins.
import { asc, eq } from 'drizzle-orm';
import type { TimedUtterance } from '../../../shared/domain/transcript.js';
import type { DbOrTx } from '../../db/client.js';
import { interviews, utterances } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Caller } from './find-interviews.js';

/** A call's stored utterances in spoken order: what the transcript and the evaluation are built from. */
export function storedUtterances(db: DbOrTx, interviewId: number): Promise<TimedUtterance[]> {
  return db
    .select({
      speaker: utterances.speaker,
      text: utterances.text,
      startMs: utterances.startMs,
      endMs: utterances.endMs,
    })
    .from(utterances)
    .where(eq(utterances.interviewId, interviewId))
    .orderBy(asc(utterances.startMs), asc(utterances.id));
}

export async function findUtterances(db: DbOrTx, caller: Caller, interviewId: number) {
  const [call] = await db
    .select({ userId: interviews.userId })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  if (!call) throw notFound('Interview not found');
  if (call.userId !== caller.id && !caller.isAdmin) throw forbidden('You can only view your own calls');
  return storedUtterances(db, interviewId);
}
