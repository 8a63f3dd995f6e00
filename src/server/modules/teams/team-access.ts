// Who may do what in a team (issue 11 fixes the powers the spec leaves open). Owner: everything,
// including roles and ownership transfer. Admin: edit the team, add and remove members other than
// the owner, change member/admin roles, assign practice. Member: read the team and its members.
// A site admin may read and manage any team. Non-members learn nothing: the team is "not found".
import { and, eq } from 'drizzle-orm';
import { type TeamRole, teamMessages } from '../../../shared/contracts/teams.js';
import type { DbOrTx } from '../../db/client.js';
import { teamMembers, teams } from '../../db/schema.js';
import { forbidden, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/session-auth.js';

export type TeamAccess = {
  team: typeof teams.$inferSelect;
  /** the caller's role, null for a site admin who is not a member */
  role: TeamRole | null;
  canManage: boolean;
  isOwner: boolean;
};

export async function teamAccess(db: DbOrTx, actor: SessionUser, teamId: number): Promise<TeamAccess> {
  const [row] = await db
    .select({ team: teams, role: teamMembers.role })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, actor.id)))
    .where(eq(teams.id, teamId));
  if (!row || (!row.role && !actor.isAdmin)) throw notFound(teamMessages.notFound);
  const role = row.role ?? null;
  return {
    team: row.team,
    role,
    isOwner: role === 'owner',
    canManage: role === 'owner' || role === 'admin' || actor.isAdmin,
  };
}

export async function requireManager(db: DbOrTx, actor: SessionUser, teamId: number) {
  const access = await teamAccess(db, actor, teamId);
  if (!access.canManage) throw forbidden(teamMessages.managersOnly);
  return access;
}

/** Ownership moves only by the owner's (or a site admin's) hand. */
export async function requireOwner(db: DbOrTx, actor: SessionUser, teamId: number) {
  const access = await teamAccess(db, actor, teamId);
  if (!access.isOwner && !actor.isAdmin) throw forbidden(teamMessages.ownerOnly);
  return access;
}
