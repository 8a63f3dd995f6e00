// POST /api/interviews: creates the call and debits its credit cost in one statement. The debit
// is a conditional UPDATE (credits >= cost), so concurrent starts can never spend the same credit
// twice or take a balance below zero: the loser finds no row and answers 402.
import { eq, sql } from 'drizzle-orm';
import type { CreateInterviewRequest } from '../../../shared/contracts/interviews.js';
import type { Db } from '../../db/client.js';
import { trackScenarios } from '../../db/schema.js';
import { badRequest, forbidden, notFound, paymentRequired } from '../../http/errors.js';
import { getInterviewerForUser } from '../interviewers/service.js';
import { type Caller, findInterviewWithInterviewer, interviewMessages } from './get-interview.js';
import type { InterviewRow } from './interview-view.js';

type Outcome = { created_id: number | null; interviewer_ok: boolean };

export async function createInterview(
  db: Db,
  caller: Caller,
  input: CreateInterviewRequest,
  creditCost: number,
): Promise<{ interview: InterviewRow; interviewerName: string; interviewerCallType: string }> {
  if (input.userId !== caller.id) throw forbidden(interviewMessages.forbiddenOwner);
  if (input.trackScenarioId != null) {
    const [ts] = await db
      .select({ interviewerId: trackScenarios.interviewerId })
      .from(trackScenarios)
      .where(eq(trackScenarios.id, input.trackScenarioId));
    if (!ts) throw notFound(interviewMessages.trackScenarioNotFound);
    if (ts.interviewerId !== input.interviewerId) {
      // an unusable scenario is still the first thing to say
      const usable = await getInterviewerForUser(db, input.interviewerId, { id: caller.id, isAdmin: false });
      if (!usable) throw notFound(interviewMessages.interviewerNotFound);
      throw badRequest(interviewMessages.trackScenarioMismatch);
    }
  }
  // One statement, so one round trip and atomic without a transaction: the scenario must be one
  // the caller may use (a preset or their own, not archived), the debit is conditional
  // (credits >= cost; a concurrent start waits for the row and re-checks), and the call and its
  // ledger line exist only if the debit happened.
  const result = await db.execute(sql`
    with interviewer as (
      select id from interviewers
      where id = ${input.interviewerId}::int and is_archived = false
        and (is_custom_scenario = false or user_id = ${caller.id}::int)
    ), debit as (
      update users set credits = credits - ${creditCost}::int
      where id = ${caller.id}::int and credits >= ${creditCost}::int and exists (select 1 from interviewer)
      returning id
    ), created as (
      insert into interviews (user_id, type, start_time, interviewer_id, track_scenario_id, status, credit_cost)
      select ${caller.id}::int, ${input.type}::text, ${new Date(input.startTime).toISOString()}::timestamptz,
        interviewer.id, ${input.trackScenarioId ?? null}::int, 'in_progress', ${creditCost}::int
      from interviewer, debit
      returning id
    ), ledger as (
      insert into credit_ledger (user_id, delta, reason, interview_id, actor_id)
      select ${caller.id}::int, ${-creditCost}::int, 'call', created.id, ${caller.id}::int
      from created where ${creditCost}::int > 0
    )
    select (select id from created) as created_id, exists (select 1 from interviewer) as interviewer_ok`);
  // node-postgres and PGlite both answer { rows }
  const [outcome] = (result as unknown as { rows: Outcome[] }).rows;
  if (!outcome?.interviewer_ok) throw notFound(interviewMessages.interviewerNotFound);
  if (outcome.created_id == null) throw paymentRequired();
  const found = await findInterviewWithInterviewer(db, outcome.created_id);
  if (!found) throw notFound(interviewMessages.notFound);
  return {
    interview: found.interview,
    interviewerName: found.interviewer.name,
    interviewerCallType: found.interviewer.callType,
  };
}
