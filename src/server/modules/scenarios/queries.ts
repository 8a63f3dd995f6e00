// The reads and the audit line the scenario use-cases share, and their messages.
import { and, eq } from 'drizzle-orm';
import { MAX_CUSTOM_SCENARIOS } from '../../../shared/domain/limits.js';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, interviewers } from '../../db/schema.js';
import { forbidden, notFound } from '../../errors.js';
import { usableBy } from './visibility.js';

export type InterviewerRow = typeof interviewers.$inferSelect;
/** The caller as this module needs it; any session user fits. */
export type Caller = { id: number; isAdmin: boolean };

export const messages = {
  notFound: 'Interviewer not found',
  forbiddenPreset: 'Only administrators can edit preset scenarios',
  forbiddenOwner: 'You can only create scenarios for yourself',
  ownerUnchangeable: 'The owner of a scenario cannot be changed',
  unknownUser: 'User not found',
  deletePreset: 'Preset scenarios cannot be deleted. Archive them instead.',
  customLimit: `You have ${MAX_CUSTOM_SCENARIOS} custom scenarios, the most one account can keep. Delete one to create another.`,
} as const;

export async function findInterviewer(db: DbOrTx, id: number): Promise<InterviewerRow | undefined> {
  const [row] = await db.select().from(interviewers).where(eq(interviewers.id, id));
  return row;
}

/**
 * The interviewer if `caller` may start a call with it: not archived, and a preset or the
 * caller's own custom scenario. Null otherwise (the caller answers 404 either way).
 */
export async function getInterviewerForUser(
  db: DbOrTx,
  id: number,
  caller: Caller,
): Promise<InterviewerRow | null> {
  const [row] = await db
    .select()
    .from(interviewers)
    .where(and(eq(interviewers.id, id), usableBy(caller.id)));
  return row ?? null;
}

/**
 * The scenario `caller` may change: admins any; a user their own custom scenario. Another user's
 * custom scenario is not found (as when reading it); a preset is forbidden to non-admins.
 */
export async function findChangeable(db: DbOrTx, caller: Caller, id: number): Promise<InterviewerRow> {
  const row = await findInterviewer(db, id);
  const owns = row?.isCustomScenario === true && row.userId === caller.id;
  if (!row || (!caller.isAdmin && !owns && row.isCustomScenario)) throw notFound(messages.notFound);
  if (!caller.isAdmin && !owns) throw forbidden(messages.forbiddenPreset);
  return row;
}

/** Admins' changes are audited; a user's own custom scenario is not. */
export async function auditScenario(
  db: DbOrTx,
  caller: Caller,
  action: string,
  id: number,
  details: unknown,
) {
  if (!caller.isAdmin) return;
  await db
    .insert(auditLog)
    .values({ actorId: caller.id, action, targetType: 'interviewer', targetId: String(id), details });
}
