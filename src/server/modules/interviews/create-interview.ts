// POST /api/interviews: creates the call and debits its credit cost in one transaction. The
// debit is a conditional UPDATE (credits >= cost), so concurrent starts can never spend the same
// credit twice or take a balance below zero: the loser finds no row and answers 402.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { CreateInterviewRequest } from '../../../shared/contracts/interviews.js';
import type { Db } from '../../db/client.js';
import { creditLedger, interviews, trackScenarios, users } from '../../db/schema.js';
import { badRequest, forbidden, notFound, paymentRequired } from '../../http/errors.js';
import { getInterviewerForUser } from '../interviewers/service.js';
import { type Caller, interviewMessages } from './get-interview.js';
import type { InterviewRow } from './interview-view.js';

export async function createInterview(
  db: Db,
  caller: Caller,
  input: CreateInterviewRequest,
  creditCost: number,
): Promise<{ interview: InterviewRow; interviewerName: string; interviewerCallType: string }> {
  if (input.userId !== caller.id) throw forbidden(interviewMessages.forbiddenOwner);
  const interviewer = await getInterviewerForUser(db, input.interviewerId, {
    id: caller.id,
    isAdmin: false,
  });
  if (!interviewer) throw notFound(interviewMessages.interviewerNotFound);
  if (input.trackScenarioId != null) {
    const [ts] = await db
      .select({ interviewerId: trackScenarios.interviewerId })
      .from(trackScenarios)
      .where(eq(trackScenarios.id, input.trackScenarioId));
    if (!ts) throw notFound(interviewMessages.trackScenarioNotFound);
    if (ts.interviewerId !== interviewer.id) throw badRequest(interviewMessages.trackScenarioMismatch);
  }

  const interview = await db.transaction(async (tx) => {
    if (creditCost > 0) {
      const debited = await tx
        .update(users)
        .set({ credits: sql`${users.credits} - ${creditCost}` })
        .where(and(eq(users.id, caller.id), gte(users.credits, creditCost)))
        .returning({ id: users.id });
      if (debited.length === 0) throw paymentRequired();
    }
    const [created] = await tx
      .insert(interviews)
      .values({
        userId: caller.id,
        type: input.type,
        startTime: new Date(input.startTime),
        interviewerId: interviewer.id,
        trackScenarioId: input.trackScenarioId ?? null,
        status: 'in_progress',
        creditCost,
      })
      .returning();
    if (creditCost > 0) {
      await tx.insert(creditLedger).values({
        userId: caller.id,
        delta: -creditCost,
        reason: 'call',
        interviewId: created.id,
        actorId: caller.id,
      });
    }
    return created;
  });
  return { interview, interviewerName: interviewer.name, interviewerCallType: interviewer.callType };
}
