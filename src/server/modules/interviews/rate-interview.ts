// The owner's feedback on a completed call: a rating of the call and of its evaluation
// (0 Poor, 1 OK, 2 Great, null Not Rated), each with an optional note; an empty note is stored
// as null (spec §5).
import { eq } from 'drizzle-orm';
import type { RateInterviewRequest } from '../../../shared/contracts/interviews.js';
import type { DbOrTx } from '../../db/client.js';
import { interviewers, interviews } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { toInterviewResponse } from './find-interviews.js';

export const rateMessages = {
  notFound: 'Interview not found',
  notOwner: 'You can only rate your own calls',
  notCompleted: 'Only completed calls can be rated',
} as const;

const noteOrNull = (note: string | null | undefined) => (note?.trim() ? note.trim() : null);

export async function rateInterview(db: DbOrTx, callerId: number, id: number, input: RateInterviewRequest) {
  const [current] = await db
    .select({ userId: interviews.userId, endTime: interviews.endTime, evaluation: interviews.evaluation })
    .from(interviews)
    .where(eq(interviews.id, id));
  if (!current) throw notFound(rateMessages.notFound);
  if (current.userId !== callerId) throw forbidden(rateMessages.notOwner);
  if (!current.endTime || current.evaluation === null) throw badRequest(rateMessages.notCompleted);
  await db
    .update(interviews)
    .set({
      callRating: input.callRating,
      evaluationRating: input.evaluationRating,
      callRatingNote: noteOrNull(input.callRatingNote),
      evaluationRatingNote: noteOrNull(input.evaluationRatingNote),
    })
    .where(eq(interviews.id, id));
  const [row] = await db
    .select()
    .from(interviews)
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .where(eq(interviews.id, id));
  return toInterviewResponse({
    ...row.interviews,
    interviewerName: row.interviewers.name,
    interviewerCallType: row.interviewers.callType,
  });
}
