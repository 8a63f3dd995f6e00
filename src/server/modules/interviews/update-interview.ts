// PATCH /api/interviews/:id with the spec's fields. Owner or admin. Scores come only from the
// server's evaluator, so a non-admin sending `evaluation` (even null) gets 403; once a call has
// ended a non-admin may still change its notes but no longer its endTime, transcript, status or
// conversationId (409), so an evaluated transcript cannot be swapped afterwards.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { patchInterviewRequest } from '../../../shared/contracts/interviews.js';
import type { Db } from '../../db/client.js';
import { interviews } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { isValidConversationId } from '../../providers/storage/index.js';
import {
  type Caller,
  getInterviewForCaller,
  type InterviewWithInterviewer,
  interviewMessages,
} from './get-interview.js';

export type PatchInterviewInput = z.infer<typeof patchInterviewRequest>;

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

export async function updateInterview(
  db: Db,
  caller: Caller,
  id: number,
  input: PatchInterviewInput,
): Promise<InterviewWithInterviewer> {
  const found = await getInterviewForCaller(db, id, caller);
  const { interview } = found;
  if (!caller.isAdmin) {
    if (input.evaluation !== undefined) throw forbidden(interviewMessages.evaluationForbidden);
    const callFields = [input.endTime, input.transcript, input.status, input.conversationId];
    if (interview.status !== 'in_progress' && callFields.some((v) => v !== undefined)) {
      throw conflict(interviewMessages.callEnded);
    }
    if (
      input.conversationId !== undefined &&
      interview.conversationId !== null &&
      input.conversationId !== interview.conversationId
    ) {
      throw conflict(interviewMessages.conversationIdSet);
    }
  }
  if (input.conversationId && !isValidConversationId(input.conversationId)) {
    throw badRequest('Invalid conversation id', { conversationId: 'Invalid conversation id' });
  }

  const patch: Partial<typeof interviews.$inferInsert> = {};
  if (input.endTime !== undefined) patch.endTime = input.endTime ? new Date(input.endTime) : null;
  if (input.transcript !== undefined) patch.transcript = input.transcript;
  if (input.evaluation !== undefined) patch.evaluation = input.evaluation;
  if (input.conversationId !== undefined) patch.conversationId = input.conversationId;
  if (input.notes !== undefined) patch.notes = input.notes;
  if (input.status !== undefined) patch.status = input.status;
  if (Object.keys(patch).length === 0) return found;
  try {
    const [updated] = await db.update(interviews).set(patch).where(eq(interviews.id, id)).returning();
    return { ...found, interview: updated };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(interviewMessages.conversationIdTaken);
    throw err;
  }
}
