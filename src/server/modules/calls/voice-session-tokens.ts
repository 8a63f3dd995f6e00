// Single-use, short-lived tokens that open one built-in voice session. The browser receives
// `ws(s)://<host>/api/voice/<token>`; only the token's sha256 is stored, bound to one call and
// one user, and the gateway consumes it atomically on connect, so a URL works once. The call module
// mints them (create-voice-session.ts) and the voice runtime consumes them (voice/gateway.ts).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { voiceSessions } from '../../db/schema.js';
import { VOICE_PATH_PREFIX } from '../../http/voice-path.js';

export const VOICE_SESSION_TTL_MS = 2 * 60_000;

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

/**
 * A new token: the secret for the browser's URL, and what is stored — its hash and expiry. The
 * caller inserts the `voice_sessions` row (bound to one call and one user) together with the
 * checks that allow it (create-voice-session.ts).
 */
export function newVoiceSessionToken(now: Date): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashVoiceToken(token),
    expiresAt: new Date(now.getTime() + VOICE_SESSION_TTL_MS),
  };
}

/**
 * Marks the token used and answers what it is bound to, or null when it is unknown, expired or
 * already used. One UPDATE, so two connections racing for the same URL cannot both win. With
 * `forUser` (the connecting browser's signed-in user) a token bound to another user is left unused
 * and answered 'foreign': a wrong account's attempt does not spend the owner's link.
 */
export async function consumeVoiceSessionToken(
  db: DbOrTx,
  token: string,
  now: Date,
  forUser: number | null = null,
): Promise<{ interviewId: number; userId: number } | 'foreign' | null> {
  if (token.length === 0 || token.length > 100) return null;
  const usable = and(
    eq(voiceSessions.tokenHash, hashVoiceToken(token)),
    isNull(voiceSessions.usedAt),
    gt(voiceSessions.expiresAt, now),
  );
  const [row] = await db
    .update(voiceSessions)
    .set({ usedAt: now })
    .where(forUser === null ? usable : and(usable, eq(voiceSessions.userId, forUser)))
    .returning({ interviewId: voiceSessions.interviewId, userId: voiceSessions.userId });
  if (row) return row;
  if (forUser === null) return null;
  const [other] = await db.select({ id: voiceSessions.userId }).from(voiceSessions).where(usable);
  return other ? 'foreign' : null;
}
