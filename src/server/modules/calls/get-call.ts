// Reading one call with the ownership rule every interview route shares: the owner or an admin
// may see it; anyone else gets the same 404 as for a call that does not exist.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { interviewers, interviews } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { InterviewRow } from './call-view.js';

export type Caller = { id: number; isAdmin: boolean };

export const interviewMessages = {
  notFound: 'Interview not found',
  forbiddenOwner: 'You can only start calls for yourself',
  interviewerNotFound: 'Interviewer not found',
  trackScenarioNotFound: 'Track scenario not found',
  trackScenarioMismatch: 'The track scenario belongs to another interviewer',
  callEnded: 'This call has already ended',
  evaluationForbidden: "Only the server's evaluator can set an evaluation",
  serverFieldsOnly:
    "Only the server records a call's status, transcript, end time and conversation; you may change its notes",
  conversationIdTaken: 'This conversation id belongs to another call',
  audioMissing: 'Audio not available for this interview.',
} as const;

export type InterviewWithInterviewer = {
  interview: InterviewRow;
  interviewer: typeof interviewers.$inferSelect;
};

const interviewWithInterviewer = preparedQuery('interview_with_interviewer', (db) =>
  db
    .select({ interview: interviews, interviewer: interviewers })
    .from(interviews)
    .innerJoin(interviewers, eq(interviewers.id, interviews.interviewerId))
    .where(eq(interviews.id, sql.placeholder('id'))),
);

export async function findInterviewWithInterviewer(
  db: DbOrTx,
  id: number,
): Promise<InterviewWithInterviewer | null> {
  const [row] = await interviewWithInterviewer(db, { id });
  return row ?? null;
}

export const canSee = (caller: Caller, row: { userId: number }) => caller.isAdmin || row.userId === caller.id;

/** The call if the caller may see it (owner or admin); 404 otherwise. */
export async function getInterviewForCaller(
  db: DbOrTx,
  id: number,
  caller: Caller,
  opts: { ownerOnly?: boolean } = {},
): Promise<InterviewWithInterviewer> {
  const found = await findInterviewWithInterviewer(db, id);
  const allowed =
    found && (opts.ownerOnly ? found.interview.userId === caller.id : canSee(caller, found.interview));
  if (!found || !allowed) throw notFound(interviewMessages.notFound);
  return found;
}

export const joinedFields = (i: typeof interviewers.$inferSelect) => ({
  interviewerName: i.name,
  interviewerCallType: i.callType,
});
