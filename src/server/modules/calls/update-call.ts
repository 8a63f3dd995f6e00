// PATCH /api/interviews/:id with the spec's fields. Owner or admin. A call's status, transcript,
// endTime, conversationId and scores are written only by the server (the end route, the sweeper,
// the voice gateway), so a non-admin may change `notes` alone, before and after the end; sending
// any other field (even null) is refused with 403 and nothing is written. Admins keep every field
// (corrections by hand, recorded in the audit log by the admin tools).
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { patchInterviewRequest } from '../../../shared/contracts/calls.js';
import type { Db } from '../../db/client.js';
import { interviews } from '../../db/schema.js';
import { conflict, forbidden, invalid } from '../../errors.js';
import { isValidConversationId } from '../../providers/storage/index.js';
import {
  type Caller,
  getInterviewForCaller,
  type InterviewWithInterviewer,
  interviewMessages,
} from './get-call.js';

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
  if (!caller.isAdmin) {
    if (input.evaluation !== undefined) throw forbidden(interviewMessages.evaluationForbidden);
    const serverFields = {
      endTime: input.endTime,
      transcript: input.transcript,
      status: input.status,
      conversationId: input.conversationId,
    };
    const sent = Object.entries(serverFields)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    if (sent.length > 0) {
      throw forbidden(
        interviewMessages.serverFieldsOnly,
        Object.fromEntries(sent.map((k) => [k, interviewMessages.serverFieldsOnly])),
      );
    }
  }
  if (input.conversationId && !isValidConversationId(input.conversationId)) {
    throw invalid('Invalid conversation id', { conversationId: 'Invalid conversation id' });
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
