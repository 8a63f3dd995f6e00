// Team membership by invitation (issue 19 §4). A team's owner or admin invites an email; the
// person joins only when they accept, signed in with an account of that email (compared without
// letter case). Until then nothing of theirs is in the team's members, progress or assignments,
// and they cannot read the team.
// What an invitation reveals: nothing about registration. Inviting answers the same (202, the
// pending invitation) whether or not an account uses the email — no user is looked up — and an
// invitation to an unregistered address simply waits for that address to register. The only
// other answer is 409 for an email that is already a member, which the inviter can read in the
// member list anyway. Re-inviting a pending email answers as the first time did.
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import {
  type InviteMemberRequest,
  MAX_INVITATIONS_PER_MINUTE,
  MAX_PENDING_INVITATIONS,
  type MyInvitationResponse,
  type TeamInvitationResponse,
  teamMessages,
} from '../../../shared/contracts/teams.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { teamInvitations, teamMembers, teams, users } from '../../db/schema.js';
import { conflict, notFound, tooMany } from '../../errors.js';
import type { SessionUser } from '../auth/session-auth.js';
import { requireManager } from './team-access.js';
import { getTeam } from './team-service.js';

const MINUTE_MS = 60_000;
const emailKey = (email: string) => email.trim().toLowerCase();

const invitationColumns = {
  id: teamInvitations.id,
  teamId: teamInvitations.teamId,
  email: teamInvitations.email,
  role: teamInvitations.role,
  invitedByName: users.name,
  createdAt: teamInvitations.createdAt,
};

type InvitationRow = Omit<TeamInvitationResponse, 'status' | 'createdAt'> & { createdAt: Date };

const selectInvitations = (db: DbOrTx) =>
  db.select(invitationColumns).from(teamInvitations).leftJoin(users, eq(users.id, teamInvitations.invitedBy));

const toResponse = (r: InvitationRow): TeamInvitationResponse => ({
  ...r,
  status: 'pending',
  createdAt: r.createdAt.toISOString(),
});

/** Invites an email to the team (owner, admin or site admin). */
export async function inviteMember(
  db: Db,
  actor: SessionUser,
  teamId: number,
  input: InviteMemberRequest,
  now: Date,
): Promise<TeamInvitationResponse> {
  const email = emailKey(input.email);
  return db.transaction(async (tx) => {
    await requireManager(tx, actor, teamId);
    // One team's invitations are made one at a time, so its pending cap holds.
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
    const [member] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(sql`lower(${users.email})`, email)));
    if (member) throw conflict(teamMessages.alreadyMember);

    const [pending] = await selectInvitations(tx).where(
      and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email)),
    );
    if (pending) {
      // The same answer as the first time; the role is the one asked for last.
      if (pending.role !== input.role)
        await tx.update(teamInvitations).set({ role: input.role }).where(eq(teamInvitations.id, pending.id));
      return toResponse({ ...pending, role: input.role });
    }

    const [{ total }] = await tx
      .select({ total: count() })
      .from(teamInvitations)
      .where(eq(teamInvitations.teamId, teamId));
    if (total >= MAX_PENDING_INVITATIONS) throw conflict(teamMessages.tooManyPending);
    const [{ recent }] = await tx
      .select({ recent: count() })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.invitedBy, actor.id),
          gt(teamInvitations.createdAt, new Date(now.getTime() - MINUTE_MS)),
        ),
      );
    if (recent >= MAX_INVITATIONS_PER_MINUTE) throw tooMany(teamMessages.tooManyInvitations);

    const [created] = await tx
      .insert(teamInvitations)
      .values({ teamId, email, role: input.role, invitedBy: actor.id, createdAt: now })
      .returning({ id: teamInvitations.id });
    const [row] = await selectInvitations(tx).where(eq(teamInvitations.id, created.id));
    return toResponse(row);
  });
}

/** The team's pending invitations, oldest first (owner, admin or site admin). */
export async function listTeamInvitations(
  db: Db,
  actor: SessionUser,
  teamId: number,
): Promise<TeamInvitationResponse[]> {
  await requireManager(db, actor, teamId);
  const rows = await selectInvitations(db)
    .where(eq(teamInvitations.teamId, teamId))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
  return rows.map(toResponse);
}

export async function withdrawInvitation(db: Db, actor: SessionUser, teamId: number, invitationId: number) {
  await requireManager(db, actor, teamId);
  const deleted = await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.id, invitationId)))
    .returning({ id: teamInvitations.id });
  if (deleted.length === 0) throw notFound(teamMessages.invitationNotFound);
  return { message: 'Invitation withdrawn' };
}

/** An invitation belongs to whoever is signed in with its email; anyone else gets "not found". */
const addressedTo = (actor: SessionUser, invitationId: number) =>
  and(eq(teamInvitations.id, invitationId), eq(teamInvitations.email, emailKey(actor.email)));

/** The invitations addressed to the signed-in user, newest first. */
export async function listMyInvitations(db: Db, actor: SessionUser): Promise<MyInvitationResponse[]> {
  const rows = await db
    .select({ ...invitationColumns, teamName: teams.name, teamDescription: teams.description })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.email, emailKey(actor.email)))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
  return rows.map((r) => ({ ...r, status: 'pending' as const, createdAt: r.createdAt.toISOString() }));
}

/** Accepting makes the caller a member with the invited role (a member already keeps theirs). */
export async function acceptInvitation(db: Db, actor: SessionUser, invitationId: number) {
  const teamId = await db.transaction(async (tx) => {
    const [invitation] = await tx
      .delete(teamInvitations)
      .where(addressedTo(actor, invitationId))
      .returning({ teamId: teamInvitations.teamId, role: teamInvitations.role });
    if (!invitation) throw notFound(teamMessages.invitationNotFound);
    await tx
      .insert(teamMembers)
      .values({ teamId: invitation.teamId, userId: actor.id, role: invitation.role })
      .onConflictDoNothing();
    return invitation.teamId;
  });
  return getTeam(db, actor, teamId);
}

export async function declineInvitation(db: Db, actor: SessionUser, invitationId: number) {
  const deleted = await db
    .delete(teamInvitations)
    .where(addressedTo(actor, invitationId))
    .returning({ id: teamInvitations.id });
  if (deleted.length === 0) throw notFound(teamMessages.invitationNotFound);
  return { message: 'Invitation declined' };
}
