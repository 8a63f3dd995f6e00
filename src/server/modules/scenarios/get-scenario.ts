// GET /api/interviewers/:id: the list's visibility; admins see any.
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import {
  type Caller,
  findInterviewer,
  getInterviewerForUser,
  type InterviewerRow,
  messages,
} from './queries.js';

export async function getVisibleInterviewer(db: Db, id: number, caller: Caller): Promise<InterviewerRow> {
  const row = caller.isAdmin ? await findInterviewer(db, id) : await getInterviewerForUser(db, id, caller);
  if (!row) throw notFound(messages.notFound);
  return row;
}
