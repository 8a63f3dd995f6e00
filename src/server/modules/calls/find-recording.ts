// GET /api/interviews/audio/:conversationId: the recording of a call the caller may see (owner
// or admin). Anyone else, an unknown id or a call without audio all answer 404.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { interviews } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import {
  type BlobInfo,
  type BlobStore,
  isValidConversationId,
  recordingKey,
} from '../../providers/storage/index.js';
import { type Caller, canSee, interviewMessages } from './get-call.js';

export async function findRecording(
  db: Db,
  blobs: BlobStore,
  caller: Caller,
  conversationId: string,
): Promise<{ key: string; info: BlobInfo }> {
  if (!isValidConversationId(conversationId)) throw notFound(interviewMessages.audioMissing);
  const [row] = await db
    .select({ userId: interviews.userId })
    .from(interviews)
    .where(eq(interviews.conversationId, conversationId));
  if (!row || !canSee(caller, row)) throw notFound(interviewMessages.audioMissing);
  const key = recordingKey(conversationId);
  const info = await blobs.stat(key);
  if (!info || info.size === 0) throw notFound(interviewMessages.audioMissing);
  return { key, info };
}
