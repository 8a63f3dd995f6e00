// Sessions: an opaque random id in an httpOnly cookie; only its sha256 is stored, so a copy of
// the table cannot be replayed as cookies. Sign-in always mints a new id (no fixation).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { sessions, users } from '../../db/schema.js';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  // Housekeeping: drop this user's expired sessions while we are here.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  return token;
}

// Runs on every request that carries a cookie.
const sessionUser = preparedQuery('session_user', (db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1),
);

export async function findSessionUser(db: DbOrTx, token: string, now: Date) {
  const rows = await sessionUser(db, { idHash: hashToken(token), now: now.toISOString() });
  return rows[0]?.user;
}

export async function deleteSession(db: DbOrTx, token: string) {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

export async function deleteUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
