// The owner's feedback on a completed call: a rating of the call and of its evaluation
// (0 Poor, 1 OK, 2 Great, null Not Rated), each with an optional note; an empty note is stored
// as null (spec §5). Only the owner rates: for anyone else, an admin too, the call answers 404 as
// one that does not exist, like every call route.
import { and, eq, sql } from 'drizzle-orm';
import type { RateInterviewRequest } from '../../../shared/contracts/calls.js';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { interviewers, interviews } from '../../db/schema.js';
import { invalid, notFound } from '../../errors.js';
import { completedCall, listColumns } from './call-columns.js';
import { toListedInterviewView } from './call-view.js';

export const rateMessages = {
  notFound: 'Interview not found',
  notCompleted: 'Only completed calls can be rated',
} as const;

const noteOrNull = (note: string | null | undefined) => (note?.trim() ? note.trim() : null);

// One statement on the usual path: the owner rates a completed call. Only when it changes no row
// are the reasons looked up, to answer 404 or 400.
const rateOwnCompleted = preparedQuery('rate_own_completed', (db) =>
  db
    .update(interviews)
    .set({
      callRating: sql`${sql.placeholder('callRating')}`,
      evaluationRating: sql`${sql.placeholder('evaluationRating')}`,
      callRatingNote: sql`${sql.placeholder('callRatingNote')}`,
      evaluationRatingNote: sql`${sql.placeholder('evaluationRatingNote')}`,
    })
    .from(interviewers)
    .where(
      and(
        eq(interviews.id, sql.placeholder('id')),
        eq(interviews.userId, sql.placeholder('userId')),
        completedCall,
        eq(interviewers.id, interviews.interviewerId),
      ),
    )
    .returning(listColumns),
);

export async function rateInterview(db: DbOrTx, callerId: number, id: number, input: RateInterviewRequest) {
  const [rated] = await rateOwnCompleted(db, {
    id,
    userId: callerId,
    callRating: input.callRating,
    evaluationRating: input.evaluationRating,
    callRatingNote: noteOrNull(input.callRatingNote),
    evaluationRatingNote: noteOrNull(input.evaluationRatingNote),
  });
  if (rated) return toListedInterviewView(rated);
  const [current] = await db
    .select({ userId: interviews.userId, endTime: interviews.endTime, evaluation: interviews.evaluation })
    .from(interviews)
    .where(eq(interviews.id, id));
  if (!current || current.userId !== callerId) throw notFound(rateMessages.notFound);
  if (!current.endTime || current.evaluation === null) throw invalid(rateMessages.notCompleted);
  // it passed every check yet no row changed: it was deleted between the two statements
  throw notFound(rateMessages.notFound);
}
