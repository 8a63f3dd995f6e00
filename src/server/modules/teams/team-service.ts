// Teams and their members: create, read, edit, change role, remove, transfer, leave. People join
// by invitation (invitation-service.ts).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  CreateTeamRequest,
  TeamMemberResponse,
  TeamResponse,
  TeamRole,
  UpdateTeamRequest,
} from '../../../shared/contracts/teams.js';
import { MAX_OWNED_TEAMS, teamMessages } from '../../../shared/contracts/teams.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { teamMembers, teams, users } from '../../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/session-auth.js';
import { requireManager, requireOwner, teamAccess } from './team-access.js';

type TeamRow = typeof teams.$inferSelect;

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`;

function toTeamResponse(team: TeamRow, role: TeamRole | null, members: number): TeamResponse {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    avatar: team.avatar,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
    role,
    memberCount: Number(members),
  };
}

export async function listTeamsOfUser(db: Db, actor: SessionUser, userId: number) {
  if (userId !== actor.id && !actor.isAdmin) throw forbidden();
  const rows = await db
    .select({ team: teams, role: teamMembers.role, members: memberCount })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.name), asc(teams.id));
  return rows.map((r) => toTeamResponse(r.team, r.role, r.members));
}

export async function createTeam(db: Db, actor: SessionUser, input: CreateTeamRequest) {
  if (input.userId !== undefined && input.userId !== actor.id) throw forbidden();
  return db.transaction(async (tx) => {
    // one person's teams are made one at a time, so the cap holds
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [{ owned }] = await tx
      .select({ owned: count() })
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, actor.id), eq(teamMembers.role, 'owner')));
    if (owned >= MAX_OWNED_TEAMS) throw conflict(teamMessages.tooManyTeams);
    const [team] = await tx
      .insert(teams)
      .values({ name: input.name, description: input.description ?? '' })
      .returning();
    await tx.insert(teamMembers).values({ teamId: team.id, userId: actor.id, role: 'owner' });
    return toTeamResponse(team, 'owner', 1);
  });
}

export async function getTeam(db: Db, actor: SessionUser, teamId: number) {
  const access = await teamAccess(db, actor, teamId);
  const [{ members }] = await db
    .select({ members: count() })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return toTeamResponse(access.team, access.role, members);
}

export async function updateTeam(db: Db, actor: SessionUser, teamId: number, input: UpdateTeamRequest) {
  await requireManager(db, actor, teamId);
  const patch: Partial<TeamRow> = { updatedAt: new Date() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  await db.update(teams).set(patch).where(eq(teams.id, teamId));
  return getTeam(db, actor, teamId);
}

const memberColumns = {
  id: teamMembers.id,
  teamId: teamMembers.teamId,
  userId: teamMembers.userId,
  name: users.name,
  email: users.email,
  role: teamMembers.role,
  joinedAt: teamMembers.joinedAt,
};

const toMemberResponse = (m: { joinedAt: Date } & Omit<TeamMemberResponse, 'joinedAt'>) => ({
  ...m,
  joinedAt: m.joinedAt.toISOString(),
});

export async function listMembers(db: Db, actor: SessionUser, teamId: number) {
  await teamAccess(db, actor, teamId);
  const rows = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(
      sql`case ${teamMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(users.email),
    );
  return rows.map(toMemberResponse);
}

async function findMember(db: DbOrTx, teamId: number, userId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!row) throw notFound(teamMessages.memberNotFound);
  return row;
}

export async function changeMemberRole(
  db: Db,
  actor: SessionUser,
  teamId: number,
  userId: number,
  role: TeamRole,
) {
  await requireManager(db, actor, teamId);
  if (role === 'owner') throw invalid(teamMessages.useTransfer);
  const member = await findMember(db, teamId, userId);
  if (member.role === 'owner') throw invalid(teamMessages.ownerStays);
  await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return toMemberResponse({ ...member, role });
}

export async function removeMember(db: Db, actor: SessionUser, teamId: number, userId: number) {
  // Anyone may remove themselves (leave); removing others takes a manager.
  if (userId === actor.id) return leaveTeam(db, actor, teamId);
  await requireManager(db, actor, teamId);
  const member = await findMember(db, teamId, userId);
  if (member.role === 'owner') throw invalid(teamMessages.ownerStays);
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return { message: 'Member removed' };
}

export async function leaveTeam(db: Db, actor: SessionUser, teamId: number) {
  const access = await teamAccess(db, actor, teamId);
  if (!access.role) throw notFound(teamMessages.memberNotFound);
  if (access.isOwner) throw invalid(teamMessages.ownerCannotLeave);
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, actor.id)));
  return { message: 'You left the team' };
}

/**
 * The owner hands the team to another member, who becomes owner; the old owner becomes admin. The
 * team's row is locked first and the owner checked inside the lock, so transfers at the same moment
 * run one after the other: the second finds its actor no longer owner (403), where it used to
 * promote a second owner against the one-owner index (500).
 */
export async function transferOwnership(db: Db, actor: SessionUser, teamId: number, newOwnerId: number) {
  await db.transaction(async (tx) => {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
    await requireOwner(tx, actor, teamId);
    const next = await findMember(tx, teamId, newOwnerId);
    if (next.role === 'owner') return;
    // Demote first: the one-owner unique index allows a single owner row at any moment.
    await tx
      .update(teamMembers)
      .set({ role: 'admin' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')));
    await tx
      .update(teamMembers)
      .set({ role: 'owner' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, newOwnerId)));
  });
  return listMembers(db, actor, teamId);
}
