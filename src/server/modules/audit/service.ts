// The audit trail: every admin write is recorded with who, what and when.
import { type AnyColumn, and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, interviewers, tracks, users } from '../../db/schema.js';

export type AuditInput = {
  actorId: number;
  action: string;
  targetType: string;
  targetId?: string | number;
  details?: unknown;
};

export async function recordAudit(db: DbOrTx, entry: AuditInput) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? null,
  });
}

const targetUser = alias(users, 'target_user');
/** the target row of an entry of this type, matched on its id (stored as text) */
const isTarget = (type: string, id: AnyColumn) =>
  and(eq(auditLog.targetType, type), eq(sql`${id}::text`, auditLog.targetId));

/**
 * A page of the log, newest first, with the names an admin reads: who made the change and what it
 * was made to (a user's name, a scenario's, a track's), as they are now; null when that row is gone.
 */
export async function listAudit(db: DbOrTx, page: number, pageSize: number) {
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorEmail: users.email,
        actorName: users.name,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        targetName: sql<string | null>`coalesce(${targetUser.name}, ${interviewers.name}, ${tracks.name})`,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(targetUser, isTarget('user', targetUser.id))
      .leftJoin(interviewers, isTarget('interviewer', interviewers.id))
      .leftJoin(tracks, isTarget('track', tracks.id))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { items: items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })), total };
}
