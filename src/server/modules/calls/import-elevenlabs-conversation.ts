// For a call held with ElevenLabs, the server reads what was said and the recording from
// ElevenLabs by conversation id instead of trusting the browser: the turns replace the call's
// stored utterances and the audio goes into the blob store under the call's recording key.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { utterances } from '../../db/schema.js';
import type { ConvaiConversation, ElevenLabsConvai } from '../../providers/convai/index.js';
import type { BlobStore } from '../../providers/storage/index.js';
import { recordingKey } from '../../providers/storage/index.js';

export class ForeignConversationError extends Error {}

const PENDING = new Set(['in-progress', 'processing', 'initiated']);

async function readConversation(convai: ElevenLabsConvai, id: string, retryDelayMs: number) {
  let conv: ConvaiConversation = await convai.getConversation(id);
  // Right after hang-up ElevenLabs may still be processing; give it a few seconds.
  for (let i = 0; i < 3 && conv.turns.length === 0 && PENDING.has(conv.status); i++) {
    await new Promise((r) => setTimeout(r, retryDelayMs));
    conv = await convai.getConversation(id);
  }
  return conv;
}

export async function importElevenLabsConversation(
  db: Db,
  blobs: BlobStore,
  convai: ElevenLabsConvai,
  input: { interviewId: number; conversationId: string; retryDelayMs?: number },
  log?: (msg: string, err?: unknown) => void,
): Promise<void> {
  const conv = await readConversation(convai, input.conversationId, input.retryDelayMs ?? 1000);
  if (conv.agentId !== convai.agentId) {
    throw new ForeignConversationError('The conversation does not belong to this app');
  }
  const rows = conv.turns.map((t, i) => {
    const startMs = Math.round(t.timeInCallSecs * 1000);
    const next = conv.turns[i + 1];
    const endMs = next ? Math.max(startMs, Math.round(next.timeInCallSecs * 1000)) : startMs;
    return { interviewId: input.interviewId, speaker: t.role, text: t.message, startMs, endMs };
  });
  await db.transaction(async (tx) => {
    await tx.delete(utterances).where(eq(utterances.interviewId, input.interviewId));
    if (rows.length > 0) await tx.insert(utterances).values(rows);
  });

  try {
    const audio = await convai.getConversationAudio(input.conversationId);
    const writer = blobs.openWriter(recordingKey(input.conversationId), audio.contentType);
    try {
      for await (const chunk of audio.body) writer.write(Buffer.from(chunk as Uint8Array));
      await writer.end();
    } catch (err) {
      await writer.abort();
      throw err;
    }
  } catch (err) {
    // The transcript is what the evaluation needs; a missing recording only hides the player.
    log?.('could not fetch the ElevenLabs recording', err);
  }
}
