// Admin management of accounts: list, create with a temporary password, edit, reset password.
// Credits edits go through the ledger; the last admin can never be demoted. An admin's write on an
// account locks the admin's row and the account's in id order first (lockActorAndTarget), so two
// admins acting on each other at the same moment queue up instead of deadlocking.
import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { CreateUserRequest, UpdateUserRequest } from '../../../shared/contracts/users.js';
import { ADMIN_FORM_DEFAULT_CREDITS } from '../../../shared/domain/limits.js';
import type { Db, Tx } from '../../db/client.js';
import { anyContains } from '../../db/like.js';
import { creditLedger, users } from '../../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { hashPassword, temporaryPassword } from '../auth/passwords.js';
import { EMAIL_TAKEN, findUserByEmail } from '../auth/service.js';
import { deleteUserSessions } from '../auth/session-store.js';

export async function listUsers(
  db: Db,
  q: { page?: number; pageSize?: number; search?: string; adminsOnly?: 'true' | 'false' },
) {
  const filters: SQL[] = [];
  if (q.search) filters.push(anyContains(q.search, [users.name, users.email]));
  if (q.adminsOnly === 'true') filters.push(eq(users.isAdmin, true));
  const where = filters.length ? and(...filters) : undefined;
  const base = db.select().from(users).where(where).orderBy(asc(users.id));
  if (!q.page) return { rows: await base, total: undefined };
  const pageSize = q.pageSize ?? 5;
  const [rows, [{ total }]] = await Promise.all([
    base.limit(pageSize).offset((q.page - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

export async function createUser(db: Db, actorId: number, input: CreateUserRequest) {
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const credits = input.credits ?? ADMIN_FORM_DEFAULT_CREDITS;
  try {
    const user = await db.transaction(async (tx) => {
      await lockActorAndTarget(tx, actorId);
      const [created] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          passwordHash,
          credits,
          isAdmin: input.isAdmin ?? false,
          role: input.isAdmin ? 'admin' : 'user',
          mustChangePassword: true,
        })
        .returning();
      if (credits > 0) {
        await tx
          .insert(creditLedger)
          .values({ userId: created.id, delta: credits, reason: 'admin', actorId });
      }
      await recordAudit(tx, {
        actorId,
        action: 'user.create',
        targetType: 'user',
        targetId: created.id,
        details: { email: created.email, credits, isAdmin: created.isAdmin },
      });
      return created;
    });
    return { user, temporaryPassword: password };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

/**
 * Locks the acting admin's row and the target account's row (if any), in id order, and answers the
 * target's (undefined when it does not exist). Each admin write on accounts takes its locks this
 * way, first: locking only the target and then writing lines that reference the actor (the audit
 * log, the ledger) made two admins editing each other wait on each other's rows — `deadlock
 * detected` on PostgreSQL. The actor must still be an admin once the locks are held: a concurrent
 * demotion of the actor may have committed since the session was read, and then this write is
 * refused (403).
 */
async function lockActorAndTarget(tx: Tx, actorId: number, targetId = actorId) {
  const rows = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [actorId, targetId]))
    .orderBy(asc(users.id))
    .for('update');
  if (!rows.find((r) => r.id === actorId)?.isAdmin) {
    throw forbidden('This page is only accessible to administrators');
  }
  return rows.find((r) => r.id === targetId);
}

export async function updateUser(db: Db, actorId: number, id: number, input: UpdateUserRequest) {
  try {
    return await db.transaction(async (tx) => {
      // Locked, so a concurrent credit change or admin edit cannot interleave with this one.
      const current = await lockActorAndTarget(tx, actorId, id);
      if (!current) throw notFound('User not found');
      if (input.isAdmin === false && current.isAdmin) {
        if (id === actorId) throw invalid('You cannot remove your own admin access');
        const [{ admins }] = await tx
          .select({ admins: count() })
          .from(users)
          .where(and(eq(users.isAdmin, true), ne(users.id, id)));
        if (admins === 0) throw invalid('The last admin cannot be demoted');
      }
      if (input.email && input.email.toLowerCase() !== current.email.toLowerCase()) {
        const other = await findUserByEmail(tx, input.email);
        if (other && other.id !== id) throw conflict(EMAIL_TAKEN);
      }
      const patch: Partial<typeof users.$inferInsert> = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.email !== undefined) patch.email = input.email;
      if (input.isAdmin !== undefined) {
        patch.isAdmin = input.isAdmin;
        patch.role = input.isAdmin ? 'admin' : 'user';
      }
      if (input.credits !== undefined && input.credits !== current.credits) {
        patch.credits = input.credits;
        await tx
          .insert(creditLedger)
          .values({ userId: id, delta: input.credits - current.credits, reason: 'admin', actorId });
      }
      const [updated] = Object.keys(patch).length
        ? await tx.update(users).set(patch).where(eq(users.id, id)).returning()
        : [current];
      await recordAudit(tx, {
        actorId,
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        details: { before: pick(current, input), after: input },
      });
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

function pick(row: typeof users.$inferSelect, input: UpdateUserRequest) {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(input) as (keyof UpdateUserRequest)[]) out[k] = row[k];
  return out;
}

/** Issues a new temporary password (shown once); the user must set their own at next sign-in. */
export async function resetPassword(db: Db, actorId: number, id: number) {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await lockActorAndTarget(tx, actorId, id);
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!updated) throw notFound('User not found');
    await deleteUserSessions(tx, id);
    await recordAudit(tx, { actorId, action: 'user.reset_password', targetType: 'user', targetId: id });
  });
  return password;
}
