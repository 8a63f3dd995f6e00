// Single-use, short-lived tokens that open one built-in voice session. The browser receives
// `ws(s)://<host>/api/voice/<token>`; only the token's sha256 is stored, bound to one call and
// one user, and the gateway consumes it atomically on connect, so a URL works once.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { voiceSessions } from '../db/schema.js';

export const VOICE_SESSION_TTL_MS = 2 * 60_000;
export const VOICE_PATH_PREFIX = '/api/voice/';

export const hashVoiceToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `http(s)://host` → `ws(s)://host/api/voice/<token>` */
export function voiceUrl(origin: string, token: string): string {
  const u = new URL(origin);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `${VOICE_PATH_PREFIX}${token}`;
  u.search = '';
  u.hash = '';
  return u.toString();
}

export type MintVoiceSessionInput = {
  interviewId: number;
  userId: number;
  /** the public origin the browser reached us on, e.g. PUBLIC_URL or `${protocol}://${host}` */
  origin: string;
  now: Date;
  /** also gives the call this conversation id if it has none yet, in the same statement */
  conversationId?: string;
};

export async function mintVoiceSessionUrl(db: DbOrTx, input: MintVoiceSessionInput): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const row = {
    tokenHash: hashVoiceToken(token),
    interviewId: input.interviewId,
    userId: input.userId,
    expiresAt: new Date(input.now.getTime() + VOICE_SESSION_TTL_MS),
  };
  if (input.conversationId === undefined) {
    await db.insert(voiceSessions).values(row);
  } else {
    // one round trip instead of two on the way to every built-in call
    await db.execute(sql`
      with conversation as (
        update interviews set conversation_id = ${input.conversationId}::text
        where id = ${row.interviewId}::int and conversation_id is null
      )
      insert into voice_sessions (token_hash, interview_id, user_id, expires_at)
      values (${row.tokenHash}::text, ${row.interviewId}::int, ${row.userId}::int,
        ${row.expiresAt.toISOString()}::timestamptz)`);
  }
  return voiceUrl(input.origin, token);
}

/**
 * Marks the token used and answers what it is bound to, or null when it is unknown, expired or
 * already used. One UPDATE, so two connections racing for the same URL cannot both win.
 */
export async function consumeVoiceSessionToken(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<{ interviewId: number; userId: number } | null> {
  if (token.length === 0 || token.length > 100) return null;
  const [row] = await db
    .update(voiceSessions)
    .set({ usedAt: now })
    .where(
      and(
        eq(voiceSessions.tokenHash, hashVoiceToken(token)),
        isNull(voiceSessions.usedAt),
        gt(voiceSessions.expiresAt, now),
      ),
    )
    .returning({ interviewId: voiceSessions.interviewId, userId: voiceSessions.userId });
  return row ?? null;
}
