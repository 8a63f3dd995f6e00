// DELETE /api/interviewers/:id: a custom scenario goes, or is archived when anything refers to it.
import { and, count, eq, notExists, sql } from 'drizzle-orm';
import type { InterviewerDeleteResponse } from '../../../shared/contracts/scenarios.js';
import { interviewers, interviews, rubrics, teamAssignments, trackScenarios } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../errors.js';
import { forgetInterviewerLists } from './list-cache.js';
import { auditScenario, type Caller, findChangeable, messages } from './queries.js';

/**
 * DELETE /api/interviewers/:id: the owner (or an admin) deletes a custom scenario. One that calls,
 * a track or a team assignment refer to is archived instead, so no call loses its scenario, its
 * transcript or its evaluation (interviews.interviewerId restricts deletion); it leaves every list
 * and cannot be started again. Otherwise the row goes, with its own rubric. Presets are archived,
 * never deleted.
 */
export async function deleteInterviewer(
  deps: AppDeps,
  caller: Caller,
  id: number,
): Promise<InterviewerDeleteResponse> {
  const { db } = deps.database;
  const row = await findChangeable(db, caller, id);
  if (!row.isCustomScenario) throw forbidden(messages.deletePreset);
  const now = deps.clock.now();
  const outcome = await db.transaction(async (tx) => {
    // held until commit: a call cannot start with it between the check and the delete
    await tx.select({ id: interviewers.id }).from(interviewers).where(eq(interviewers.id, id)).for('update');
    const [used] = await tx.select({ n: count() }).from(
      sql`(select 1 from ${interviews} where ${interviews.interviewerId} = ${id}
          union all select 1 from ${trackScenarios} where ${trackScenarios.interviewerId} = ${id}
          union all select 1 from ${teamAssignments} where ${teamAssignments.interviewerId} = ${id}
          limit 1) as used`,
    );
    if (used.n > 0) {
      await tx
        .update(interviewers)
        .set({ isArchived: true, archivedAt: row.archivedAt ?? now, updatedAt: now })
        .where(eq(interviewers.id, id));
      await auditScenario(tx, caller, 'interviewer.archive', id, { reason: 'delete requested; in use' });
      return 'archived' as const;
    }
    await tx.delete(interviewers).where(eq(interviewers.id, id));
    if (row.rubricId !== null) {
      const rubricId = row.rubricId;
      await tx
        .delete(rubrics)
        .where(
          and(
            eq(rubrics.id, rubricId),
            eq(rubrics.isCustom, true),
            notExists(
              tx
                .select({ id: interviewers.id })
                .from(interviewers)
                .where(eq(interviewers.rubricId, rubricId)),
            ),
          ),
        );
    }
    await auditScenario(tx, caller, 'interviewer.delete', id, { name: row.name });
    return 'deleted' as const;
  });
  forgetInterviewerLists(db);
  return { id, outcome };
}
