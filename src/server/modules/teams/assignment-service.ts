// Practice assigned by a team's owner or admins: a scenario or a track, to the whole team or one
// member, with an optional due date and target score. Members see only what applies to them.
import { and, asc, count, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AssignmentResponse,
  CreateAssignmentRequest,
  MyAssignmentResponse,
  TeamAssignmentResponse,
} from '../../../shared/contracts/teams.js';
import { MAX_TEAM_ASSIGNMENTS, teamMessages } from '../../../shared/contracts/teams.js';
import type { Db } from '../../db/client.js';
import {
  interviewers,
  interviews,
  teamAssignments,
  teamMembers,
  teams,
  trackScenarios,
  tracks,
  users,
} from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/session-auth.js';
import { livePreset } from '../scenarios/visibility.js';
import { assignmentStatusOf, type CallForAssignment } from './assignment-status.js';
import { requireManager, teamAccess } from './team-access.js';

const assignee = alias(users, 'assignee');

const assignmentColumns = {
  id: teamAssignments.id,
  teamId: teamAssignments.teamId,
  teamName: teams.name,
  interviewerId: teamAssignments.interviewerId,
  interviewerName: interviewers.name,
  trackId: teamAssignments.trackId,
  trackName: tracks.name,
  assigneeId: teamAssignments.assigneeId,
  assigneeName: assignee.name,
  dueDate: teamAssignments.dueDate,
  targetScore: teamAssignments.targetScore,
  createdAt: teamAssignments.createdAt,
};

type AssignmentRow = Omit<AssignmentResponse, 'dueDate' | 'createdAt'> & {
  dueDate: Date | null;
  createdAt: Date;
};

function selectAssignments(db: Db) {
  return db
    .select(assignmentColumns)
    .from(teamAssignments)
    .innerJoin(teams, eq(teams.id, teamAssignments.teamId))
    .leftJoin(interviewers, eq(interviewers.id, teamAssignments.interviewerId))
    .leftJoin(tracks, eq(tracks.id, teamAssignments.trackId))
    .leftJoin(assignee, eq(assignee.id, teamAssignments.assigneeId));
}

const toResponse = (r: AssignmentRow): AssignmentResponse => ({
  ...r,
  dueDate: r.dueDate ? r.dueDate.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** The scenario ids an assignment covers: its scenario, or its track's scenarios. */
async function scenarioIdsByAssignment(db: Db, rows: AssignmentRow[]) {
  const trackIds = [...new Set(rows.map((r) => r.trackId).filter((id): id is number => id !== null))];
  const trackRows = trackIds.length
    ? await db
        .select({ trackId: trackScenarios.trackId, interviewerId: trackScenarios.interviewerId })
        .from(trackScenarios)
        .where(inArray(trackScenarios.trackId, trackIds))
    : [];
  return new Map(
    rows.map((r) => [
      r.id,
      r.interviewerId !== null
        ? [r.interviewerId]
        : trackRows.filter((t) => t.trackId === r.trackId).map((t) => t.interviewerId),
    ]),
  );
}

async function callsOf(db: Db, userIds: number[], scenarioIds: number[], since: Date) {
  if (userIds.length === 0 || scenarioIds.length === 0) return new Map<number, CallForAssignment[]>();
  const rows = await db
    .select({
      userId: interviews.userId,
      interviewerId: interviews.interviewerId,
      startTime: interviews.startTime,
      evaluation: interviews.evaluation,
    })
    .from(interviews)
    .where(
      and(
        inArray(interviews.userId, userIds),
        inArray(interviews.interviewerId, scenarioIds),
        gte(interviews.startTime, since),
      ),
    );
  const byUser = new Map<number, CallForAssignment[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  return byUser;
}

async function withStatuses(db: Db, rows: AssignmentRow[], members: { userId: number; name: string }[]) {
  const scenarios = await scenarioIdsByAssignment(db, rows);
  const allScenarioIds = [...new Set([...scenarios.values()].flat())];
  // (a loop, not Math.min(...spread): a spread of many rows overflows the call stack)
  const since = new Date(rows.reduce((min, r) => Math.min(min, r.createdAt.getTime()), Date.now()));
  const calls = await callsOf(
    db,
    members.map((m) => m.userId),
    allScenarioIds,
    since,
  );
  return rows.map((r) => ({
    ...toResponse(r),
    progress: members
      .filter((m) => r.assigneeId === null || r.assigneeId === m.userId)
      .map((m) => ({
        userId: m.userId,
        name: m.name,
        ...assignmentStatusOf(
          scenarios.get(r.id) ?? [],
          r.createdAt,
          r.targetScore,
          calls.get(m.userId) ?? [],
        ),
      })),
  }));
}

export async function listTeamAssignments(
  db: Db,
  actor: SessionUser,
  teamId: number,
): Promise<TeamAssignmentResponse[]> {
  const access = await teamAccess(db, actor, teamId);
  const appliesToCaller = or(isNull(teamAssignments.assigneeId), eq(teamAssignments.assigneeId, actor.id));
  const rows = (await selectAssignments(db)
    .where(and(eq(teamAssignments.teamId, teamId), access.canManage ? undefined : appliesToCaller))
    .orderBy(asc(teamAssignments.dueDate), asc(teamAssignments.id))) as AssignmentRow[];
  // Managers see every member's progress; a member sees only their own.
  const members = await db
    .select({ userId: teamMembers.userId, name: users.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(eq(teamMembers.teamId, teamId), access.canManage ? undefined : eq(teamMembers.userId, actor.id)),
    );
  return withStatuses(db, rows, members);
}

export async function createAssignment(
  db: Db,
  actor: SessionUser,
  teamId: number,
  input: CreateAssignmentRequest,
): Promise<TeamAssignmentResponse> {
  await requireManager(db, actor, teamId);
  if (input.assigneeId !== undefined) {
    const [member] = await db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, input.assigneeId)));
    if (!member)
      throw invalid(teamMessages.assigneeNotMember, { assigneeId: teamMessages.assigneeNotMember });
  }
  if (input.interviewerId !== undefined) {
    const [scenario] = await db
      .select({ id: interviewers.id })
      .from(interviewers)
      .where(and(eq(interviewers.id, input.interviewerId), livePreset));
    if (!scenario) throw notFound('Scenario not found');
  }
  if (input.trackId !== undefined) {
    const [track] = await db
      .select({ id: tracks.id })
      .from(tracks)
      .where(and(eq(tracks.id, input.trackId), eq(tracks.isArchived, false)));
    if (!track) throw notFound('Track not found');
  }
  // one team's assignments are made one at a time, so its cap holds
  const created = await db.transaction(async (tx) => {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
    const [{ total }] = await tx
      .select({ total: count() })
      .from(teamAssignments)
      .where(eq(teamAssignments.teamId, teamId));
    if (total >= MAX_TEAM_ASSIGNMENTS) throw conflict(teamMessages.tooManyAssignments);
    const [row] = await tx
      .insert(teamAssignments)
      .values({
        teamId,
        interviewerId: input.interviewerId ?? null,
        trackId: input.trackId ?? null,
        assigneeId: input.assigneeId ?? null,
        dueDate: input.dueDate ? new Date(input.dueDate) : null,
        targetScore: input.targetScore ?? null,
        createdBy: actor.id,
      })
      .returning({ id: teamAssignments.id });
    return row;
  });
  const all = await listTeamAssignments(db, actor, teamId);
  return all.find((a) => a.id === created.id)!;
}

export async function deleteAssignment(db: Db, actor: SessionUser, teamId: number, assignmentId: number) {
  await requireManager(db, actor, teamId);
  const deleted = await db
    .delete(teamAssignments)
    .where(and(eq(teamAssignments.teamId, teamId), eq(teamAssignments.id, assignmentId)))
    .returning({ id: teamAssignments.id });
  if (deleted.length === 0) throw notFound(teamMessages.assignmentNotFound);
  return { message: 'Assignment removed' };
}

/** The caller's assignments across all their teams, soonest due first (dashboard). */
export async function listMyAssignments(db: Db, actor: SessionUser): Promise<MyAssignmentResponse[]> {
  const rows = (await selectAssignments(db)
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.teamId, teamAssignments.teamId), eq(teamMembers.userId, actor.id)),
    )
    .where(or(isNull(teamAssignments.assigneeId), eq(teamAssignments.assigneeId, actor.id)))
    .orderBy(asc(teamAssignments.dueDate), asc(teamAssignments.id))) as AssignmentRow[];
  const withProgress = await withStatuses(db, rows, [{ userId: actor.id, name: actor.name }]);
  return withProgress.map(({ progress, ...a }) => ({
    ...a,
    status: progress[0]?.status ?? 'not_started',
    bestScore: progress[0]?.bestScore ?? null,
  }));
}
