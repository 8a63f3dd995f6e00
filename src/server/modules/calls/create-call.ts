// POST /api/interviews: creates the call and debits its credit cost in one statement. The debit
// is a conditional UPDATE (credits >= cost), so concurrent starts can never spend the same credit
// twice or take a balance below zero: the loser finds no row and answers 402. The call's
// startTime is the server's clock (the client's value is accepted for the spec's sake and
// ignored): it drives trends, team windows and the "since" points of assignments and tracks.
// A track scenario starts only when it is unlocked for the caller, by the rule the track shows; a
// call started without one counts for the track the scenario is open in (openTrackScenarioFor).
// The call keeps a copy of what its scenario scores it against (scored_against, migration 0020).
import { eq, sql } from 'drizzle-orm';
import type { CreateInterviewRequest } from '../../../shared/contracts/calls.js';
import type { Db } from '../../db/client.js';
import { interviews, trackScenarios } from '../../db/schema.js';
import { sqlRows, tableRowFromSql } from '../../db/sql-rows.js';
import { forbidden, invalid, notFound, paymentRequired } from '../../errors.js';
import { getInterviewerForUser } from '../scenarios/queries.js';
import { usableBy } from '../scenarios/visibility.js';
import { assertTrackScenarioOpen, openTrackScenarioFor } from '../tracks/scenario-gate.js';
import type { InterviewRow } from './call-view.js';
import { type Caller, interviewMessages } from './get-call.js';

type Outcome = Record<string, unknown> & {
  interviewer_ok: boolean;
  interviewer_name: string | null;
  interviewer_call_type: string | null;
  id: number | null;
};

/** The copy of a scenario a call is scored against (interviews.scored_against), from a row of
 * `interviewers` (its columns unqualified). */
export const SCENARIO_COPY = sql`jsonb_build_object('role', role, 'company', company, 'callType', call_type,
  'bio', bio, 'systemPrompt', system_prompt, 'sampleQuestions', sample_questions,
  'rubricCriteria', rubric_criteria)`;

export async function createInterview(
  db: Db,
  caller: Caller,
  input: CreateInterviewRequest,
  creditCost: number,
  now: Date,
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
      throw invalid(interviewMessages.trackScenarioMismatch);
    }
    await assertTrackScenarioOpen(db, caller.id, input.trackScenarioId);
  }
  // started outside its track (New Call, another tab): it counts for the track it is open in
  const trackScenarioId =
    input.trackScenarioId ?? (await openTrackScenarioFor(db, caller.id, input.interviewerId)) ?? null;
  // One statement, so one round trip and atomic without a transaction: the scenario must be one
  // the caller may use (a preset or their own, not archived), the debit is conditional
  // (credits >= cost; a concurrent start waits for the row and re-checks), and the call and its
  // ledger line exist only if the debit happened. It answers the new call and its scenario's name,
  // so the response needs no second read.
  const result = await db.execute(sql`
    with interviewer as (
      select id, name, call_type, ${SCENARIO_COPY} as scored_against
      from interviewers
      where id = ${input.interviewerId}::int and ${usableBy(caller.id)}
    ), debit as (
      update users set credits = credits - ${creditCost}::int
      where id = ${caller.id}::int and credits >= ${creditCost}::int and exists (select 1 from interviewer)
      returning id
    ), created as (
      insert into interviews (user_id, type, start_time, interviewer_id, track_scenario_id, status, credit_cost,
        scored_against)
      select ${caller.id}::int, ${input.type}::text, ${now.toISOString()}::timestamptz,
        interviewer.id, ${trackScenarioId}::int, 'in_progress', ${creditCost}::int,
        interviewer.scored_against
      from interviewer, debit
      returning *
    ), ledger as (
      insert into credit_ledger (user_id, delta, reason, interview_id, actor_id)
      select ${caller.id}::int, ${-creditCost}::int, 'call', created.id, ${caller.id}::int
      from created where ${creditCost}::int > 0
    )
    select exists (select 1 from interviewer) as interviewer_ok,
      interviewer.name as interviewer_name, interviewer.call_type as interviewer_call_type, created.*
    from (select 1) as one
      left join interviewer on true
      left join created on true`);
  const [outcome] = sqlRows<Outcome>(result);
  if (!outcome?.interviewer_ok) throw notFound(interviewMessages.interviewerNotFound);
  if (outcome.id == null) throw paymentRequired();
  return {
    interview: tableRowFromSql(interviews, outcome),
    interviewerName: outcome.interviewer_name ?? '',
    interviewerCallType: outcome.interviewer_call_type ?? '',
  };
}
