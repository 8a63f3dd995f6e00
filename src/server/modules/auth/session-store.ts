// Sessions: an opaque random id in an httpOnly cookie; only its sha256 is stored, so a copy of
// the table cannot be replayed as cookies. Sign-in always mints a new id (no fixation).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../../db/client.js';
import { notifiedCaches } from '../../db/notified-caches.js';
import { preparedQuery } from '../../db/prepared.js';
import { sessions, users } from '../../db/schema.js';
import { SESSION_CHANGE_CHANNEL, SessionCache } from './session-cache.js';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How long a sign-in with a temporary password may set the account's own password. */
export const TEMPORARY_SIGN_IN_MS = 30 * 60 * 1000;

/** `temporarySignIn`: the session was opened with a temporary password (see TEMPORARY_SIGN_IN_MS). */
export async function createSession(
  db: DbOrTx,
  userId: number,
  now: Date,
  opts: { temporarySignIn?: boolean } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    temporarySignInUntil: opts.temporarySignIn ? new Date(now.getTime() + TEMPORARY_SIGN_IN_MS) : null,
  });
  // Housekeeping: drop this user's expired sessions while we are here.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  return token;
}

// Runs on every request that carries a cookie.
const sessionUser = preparedQuery('session_user', (db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1),
);

type UserRow = typeof users.$inferSelect;
const caches = notifiedCaches(
  SESSION_CHANGE_CHANNEL,
  () => new SessionCache<UserRow>(),
  (cache, payload) => cache.onNotification(payload),
);

/** Remembers session lookups for this database until the returned stop is called. */
export const startSessionCache = (database: Database) => caches.start(database);

/**
 * After a write by `user` on this server that may have changed a session or account: forget it
 * now rather than when the notification arrives (a few ms later), so the caller's next request
 * sees it. An admin may have changed anyone. Credits are not cached to be read (see migration 0006).
 */
export function forgetAfterWrite(db: DbOrTx, user: { id: number; isAdmin: boolean }): void {
  const cache = caches.get(db);
  if (!cache) return;
  if (user.isAdmin) cache.setLive(cache.live);
  else cache.forgetUser(user.id);
}

/** entries held for `db` (tests and the bench) */
export const sessionCacheSize = (db: DbOrTx) => caches.get(db)?.size ?? 0;

/**
 * The user a session token belongs to, if the session exists and has not expired. Answered from
 * the session cache when one runs for `db`, unless `fresh`.
 */
export async function findSessionUser(
  db: DbOrTx,
  token: string,
  now: Date,
  opts: { fresh?: boolean } = {},
): Promise<UserRow | undefined> {
  const idHash = hashToken(token);
  const cache = db instanceof PgTransaction ? undefined : caches.get(db);
  const at = now.getTime();
  const hit = cache && !opts.fresh ? cache.get(idHash, at) : undefined;
  if (hit) return hit;
  const epoch = cache?.epoch ?? 0;
  const [row] = await sessionUser(db, { idHash, now: now.toISOString() });
  if (!row) return undefined;
  // shared by the requests that find it in the cache: nobody may change it
  const user = Object.freeze(row.user);
  cache?.set(idHash, user, row.expiresAt, at, epoch);
  return user;
}

/**
 * Whether this session of `userId` was opened with a temporary password less than
 * TEMPORARY_SIGN_IN_MS ago. Read from the database, never the cache.
 */
export async function isFreshTemporarySignIn(db: DbOrTx, token: string, userId: number, now: Date) {
  const [row] = await db
    .select({ userId: sessions.userId, until: sessions.temporarySignInUntil, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.idHash, hashToken(token)))
    .limit(1);
  return Boolean(row && row.userId === userId && row.until && row.until > now && row.expiresAt > now);
}

export async function deleteSession(db: DbOrTx, token: string) {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

export async function deleteUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
