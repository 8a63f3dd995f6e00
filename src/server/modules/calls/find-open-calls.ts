// GET /api/interviews/open: the user's calls started and not ended (a tab closed mid-call), which the
// dashboard offers to end now. Each ends on its own at its deadline (end-expired-calls.ts).
import { and, desc, eq } from 'drizzle-orm';
import type { OpenCall } from '../../../shared/contracts/call-review.js';
import type { DbOrTx } from '../../db/client.js';
import { interviewers, interviews } from '../../db/schema.js';
import { callDeadline } from './call-limits.js';

/** at most this many: one browser seldom leaves more, and the list stays one small read */
const OPEN_CALLS_SHOWN = 5;

export async function findOpenCalls(db: DbOrTx, userId: number): Promise<OpenCall[]> {
  const rows = await db
    .select({
      id: interviews.id,
      interviewerName: interviewers.name,
      startTime: interviews.startTime,
      createdAt: interviews.createdAt,
    })
    .from(interviews)
    .innerJoin(interviewers, eq(interviewers.id, interviews.interviewerId))
    .where(and(eq(interviews.userId, userId), eq(interviews.status, 'in_progress')))
    .orderBy(desc(interviews.startTime), desc(interviews.id))
    .limit(OPEN_CALLS_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    interviewerName: r.interviewerName,
    startTime: r.startTime.toISOString(),
    endsBy: callDeadline(r.createdAt).toISOString(),
  }));
}
