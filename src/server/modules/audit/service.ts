// The audit trail: every admin write is recorded with who, what and when.
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';

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

export async function listAudit(db: DbOrTx, page: number, pageSize: number) {
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorEmail: users.email,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { items: items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })), total };
}
