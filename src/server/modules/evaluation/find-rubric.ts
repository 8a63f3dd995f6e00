// The rubric behind POST /api/interviews/evaluate's `rubricId`. The spec names the field but not
// its table; clients hold interviewer ids, so the id is looked up as an interviewer first (one the
// caller may see: a preset, their own custom scenario, or any for an admin; its rubric is its
// criteria, else its linked rubric), then as a row of the rubrics table — under the same rule: a
// rubric that is not custom, or one linked to a scenario the caller may see.
import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { interviewers, type RubricCriterion, rubrics } from '../../db/schema.js';
import { ownedOrPreset } from '../scenarios/visibility.js';

export type Caller = { id: number; isAdmin: boolean };
export type FoundRubric = { criteria: RubricCriterion[]; role?: string };

export async function findRubric(db: Db, caller: Caller, rubricId: number): Promise<FoundRubric | null> {
  const visible = caller.isAdmin ? undefined : ownedOrPreset(caller.id);
  const [interviewer] = await db
    .select({
      criteria: interviewers.rubricCriteria,
      linkedCriteria: rubrics.criteria,
      role: interviewers.role,
      company: interviewers.company,
    })
    .from(interviewers)
    .leftJoin(rubrics, eq(rubrics.id, interviewers.rubricId))
    .where(and(eq(interviewers.id, rubricId), visible));
  if (interviewer) {
    const criteria =
      interviewer.criteria.length > 0 ? interviewer.criteria : (interviewer.linkedCriteria ?? []);
    return { criteria, role: `${interviewer.role} at ${interviewer.company}` };
  }
  const rubricVisible = caller.isAdmin
    ? undefined
    : or(
        eq(rubrics.isCustom, false),
        exists(
          db
            .select({ one: sql`1` })
            .from(interviewers)
            .where(and(eq(interviewers.rubricId, rubrics.id), ownedOrPreset(caller.id))),
        ),
      );
  const [rubric] = await db
    .select({ criteria: rubrics.criteria })
    .from(rubrics)
    .where(and(eq(rubrics.id, rubricId), rubricVisible));
  return rubric ? { criteria: rubric.criteria } : null;
}
