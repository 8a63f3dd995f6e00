// POST /api/interviewers: a preset (admins) or a custom scenario, created with its own rubric.
import { and, count, eq } from 'drizzle-orm';
import type { InterviewerWriteRequest } from '../../../shared/contracts/scenarios.js';
import { MAX_CUSTOM_SCENARIOS } from '../../../shared/domain/limits.js';
import { interviewers, rubrics, users } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { conflict, forbidden, invalid } from '../../errors.js';
import { forgetInterviewerLists } from './list-cache.js';
import { auditScenario, type Caller, messages } from './queries.js';
import { CUSTOM_DEFAULTS, DEFAULT_RUBRIC_NAME, normalise, PRESET_DEFAULTS } from './scenario-fields.js';

/**
 * POST /api/interviewers. Without `userId` an admin creates a preset and anyone else a custom
 * scenario of their own; with `userId` it is a custom scenario of that user, which only an
 * admin may choose for somebody else.
 */
export async function createInterviewer(deps: AppDeps, caller: Caller, input: InterviewerWriteRequest) {
  const { db } = deps.database;
  const ownerId = input.userId ?? (caller.isAdmin ? null : caller.id);
  if (ownerId !== null && ownerId !== caller.id) {
    if (!caller.isAdmin) throw forbidden(messages.forbiddenOwner);
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId));
    if (!owner) throw invalid(messages.unknownUser, { userId: messages.unknownUser });
  }
  const isCustom = ownerId !== null;
  const kind = isCustom ? CUSTOM_DEFAULTS : PRESET_DEFAULTS;
  const fields = normalise(
    {
      ...input,
      role: input.role ?? kind.role,
      company: input.company ?? kind.company,
      callType: input.callType ?? kind.callType,
      sampleQuestions: input.sampleQuestions ?? [],
      rubricName: input.rubricName ?? DEFAULT_RUBRIC_NAME,
      rubricCriteria: input.rubricCriteria ?? [],
    },
    isCustom,
  );
  const now = deps.clock.now();
  const created = await db.transaction(async (tx) => {
    if (ownerId !== null) {
      // the owner's row locked: creations at the same moment count one after the other
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
      const [{ n }] = await tx
        .select({ n: count() })
        .from(interviewers)
        .where(and(eq(interviewers.userId, ownerId), eq(interviewers.isCustomScenario, true)));
      if (n >= MAX_CUSTOM_SCENARIOS) throw conflict(messages.customLimit);
    }
    const [rubric] = await tx
      .insert(rubrics)
      .values({ name: fields.rubricName as string, criteria: fields.rubricCriteria, isCustom })
      .returning({ id: rubrics.id });
    const [row] = await tx
      .insert(interviewers)
      .values({
        ...fields,
        name: input.name,
        rubricId: rubric.id,
        isCustomScenario: isCustom,
        userId: ownerId,
        addedBy: caller.id,
        isArchived: input.isArchived ?? false,
        archivedAt: input.isArchived ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await auditScenario(tx, caller, 'interviewer.create', row.id, {
      name: row.name,
      isCustomScenario: isCustom,
    });
    return row;
  });
  // committed: this server's next list shows it (the notification comes back a moment later)
  forgetInterviewerLists(db);
  return created;
}
