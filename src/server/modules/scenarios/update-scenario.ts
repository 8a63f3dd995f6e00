// PATCH /api/interviewers/:id: edit (and archive) a scenario, its rubric with it.
import { eq } from 'drizzle-orm';
import type { InterviewerPatchRequest } from '../../../shared/contracts/scenarios.js';
import { interviewers, rubrics } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, invalid } from '../../errors.js';
import { forgetInterviewerLists } from './list-cache.js';
import { auditScenario, type Caller, findChangeable, messages } from './queries.js';
import { normalise } from './scenario-fields.js';

/** PATCH /api/interviewers/:id: admins edit any; an owner edits (and archives) their own custom scenario. */
export async function updateInterviewer(
  deps: AppDeps,
  caller: Caller,
  id: number,
  input: InterviewerPatchRequest,
) {
  const { db } = deps.database;
  const row = await findChangeable(db, caller, id);
  if (input.userId !== undefined && input.userId !== row.userId) {
    throw caller.isAdmin
      ? invalid(messages.ownerUnchangeable, { userId: messages.ownerUnchangeable })
      : forbidden(messages.forbiddenOwner);
  }
  const fields = normalise(input, row.isCustomScenario);
  const now = deps.clock.now();
  if (input.isArchived !== undefined && input.isArchived !== row.isArchived) {
    fields.isArchived = input.isArchived;
    fields.archivedAt = input.isArchived ? now : null;
  }
  const result = await db.transaction(async (tx) => {
    const rubricChanged = fields.rubricName !== undefined || fields.rubricCriteria !== undefined;
    if (rubricChanged) {
      const rubric = {
        name: fields.rubricName ?? row.rubricName,
        criteria: fields.rubricCriteria ?? row.rubricCriteria,
      };
      if (row.rubricId !== null) {
        await tx.update(rubrics).set(rubric).where(eq(rubrics.id, row.rubricId));
      } else {
        const [created] = await tx
          .insert(rubrics)
          .values({ ...rubric, isCustom: row.isCustomScenario })
          .returning({ id: rubrics.id });
        fields.rubricId = created.id;
      }
    }
    const [updated] = await tx
      .update(interviewers)
      .set({ ...fields, updatedAt: now })
      .where(eq(interviewers.id, id))
      .returning();
    const action = fields.isArchived === undefined ? 'update' : fields.isArchived ? 'archive' : 'unarchive';
    await auditScenario(tx, caller, `interviewer.${action}`, id, { fields: Object.keys(input) });
    return updated;
  });
  forgetInterviewerLists(db);
  return result;
}
