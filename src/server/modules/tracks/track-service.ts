// Tracks: admin authoring (create, edit, archive, scenario order) and each user's membership
// (join, leave, reset) with progress computed from their calls and kept in user_tracks.
import { and, asc, count, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type {
  Track,
  TrackListQuery,
  TrackPatchRequest,
  TrackProgress,
  TrackScenarioResponse,
  TrackWriteRequest,
} from '../../../shared/contracts/tracks.js';
import { trackMessages } from '../../../shared/contracts/tracks.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { anyContains } from '../../db/like.js';
import {
  interviewers,
  interviews,
  trackAchievements,
  trackScenarios,
  tracks,
  userTracks,
} from '../../db/schema.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import type { SessionUser } from '../../http/session-auth.js';
import { recordAudit } from '../audit/service.js';
import { computeTrackProgress } from './track-progress.js';

type TrackRow = typeof tracks.$inferSelect;
type UserTrackRow = typeof userTracks.$inferSelect;

async function scenariosOf(db: DbOrTx, trackIds: number[]): Promise<TrackScenarioResponse[]> {
  if (trackIds.length === 0) return [];
  return db
    .select({
      id: trackScenarios.id,
      trackId: trackScenarios.trackId,
      interviewerId: trackScenarios.interviewerId,
      sequenceOrder: trackScenarios.sequenceOrder,
      interviewerName: interviewers.name,
      interviewerRubricName: interviewers.rubricName,
      interviewerRole: interviewers.role,
      interviewerCompany: interviewers.company,
      interviewerCallType: interviewers.callType,
    })
    .from(trackScenarios)
    .leftJoin(interviewers, eq(interviewers.id, trackScenarios.interviewerId))
    .where(inArray(trackScenarios.trackId, trackIds))
    .orderBy(asc(trackScenarios.trackId), asc(trackScenarios.sequenceOrder), asc(trackScenarios.id));
}

/** Recomputes one user's progress on one track from their calls and stores it; records the
 * completion and the achievement once. Also called when a call on a track scenario is evaluated. */
export async function syncTrackProgress(
  db: DbOrTx,
  membership: UserTrackRow,
  scenarioIds: number[],
  now: Date,
) {
  const calls = scenarioIds.length
    ? await db
        .select({
          trackScenarioId: sql<number>`${interviews.trackScenarioId}`,
          ended: sql<boolean>`${interviews.endTime} is not null`,
          evaluation: interviews.evaluation,
        })
        .from(interviews)
        .where(
          and(
            eq(interviews.userId, membership.userId),
            inArray(interviews.trackScenarioId, scenarioIds),
            gte(interviews.startTime, membership.startedAt),
          ),
        )
    : [];
  const p = computeTrackProgress(scenarioIds, calls);
  const completedAt = p.complete ? (membership.completedAt ?? now) : null;
  const changed =
    membership.progress !== p.percentComplete ||
    JSON.stringify([membership.attempts, membership.averageScores, membership.bestScores]) !==
      JSON.stringify([p.attempts, p.averageScores, p.bestScores]) ||
    (membership.completedAt === null) !== (completedAt === null);
  if (changed) {
    await db
      .update(userTracks)
      .set({
        attempts: p.attempts,
        averageScores: p.averageScores,
        bestScores: p.bestScores,
        progress: p.percentComplete,
        completedAt,
        updatedAt: now,
      })
      .where(eq(userTracks.id, membership.id));
  }
  if (p.complete && membership.completedAt === null) {
    await db
      .insert(trackAchievements)
      .values({ userId: membership.userId, trackId: membership.trackId, completedAt: now })
      .onConflictDoNothing();
  }
  return {
    ...membership,
    attempts: p.attempts,
    averageScores: p.averageScores,
    bestScores: p.bestScores,
    progress: p.percentComplete,
    completedAt,
  };
}

/** Called after a call is evaluated: refreshes the caller's progress on the track it belongs to. */
export async function recordTrackCall(db: DbOrTx, userId: number, trackScenarioId: number, now: Date) {
  const [scenario] = await db
    .select({ trackId: trackScenarios.trackId })
    .from(trackScenarios)
    .where(eq(trackScenarios.id, trackScenarioId));
  if (!scenario) return;
  const [membership] = await db
    .select()
    .from(userTracks)
    .where(and(eq(userTracks.userId, userId), eq(userTracks.trackId, scenario.trackId)));
  if (!membership) return;
  const ids = (await scenariosOf(db, [scenario.trackId])).map((s) => s.id);
  await syncTrackProgress(db, membership, ids, now);
}

const toProgress = (m: UserTrackRow): TrackProgress => ({
  isActive: m.isActive,
  startedAt: m.startedAt.toISOString(),
  completedAt: m.completedAt ? m.completedAt.toISOString() : null,
  percentComplete: m.progress,
  attempts: m.attempts,
  averageScores: m.averageScores,
  bestScores: m.bestScores,
});

async function assemble(db: Db, rows: TrackRow[], userId: number, now: Date): Promise<Track[]> {
  const ids = rows.map((r) => r.id);
  const scenarios = await scenariosOf(db, ids);
  const memberships = ids.length
    ? await db
        .select()
        .from(userTracks)
        .where(and(eq(userTracks.userId, userId), inArray(userTracks.trackId, ids)))
    : [];
  return Promise.all(
    rows.map(async (t) => {
      const own = scenarios.filter((s) => s.trackId === t.id);
      const membership = memberships.find((m) => m.trackId === t.id);
      const synced = membership
        ? await syncTrackProgress(
            db,
            membership,
            own.map((s) => s.id),
            now,
          )
        : null;
      return {
        id: t.id,
        name: t.name,
        description: t.description,
        estimatedCompletionTime: t.estimatedCompletionTime,
        isArchived: t.isArchived,
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
        scenarios: own,
        progress: synced ? toProgress(synced) : null,
      };
    }),
  );
}

/** A user sees live tracks plus archived ones they still belong to; admins may ask for all. */
export async function listTracks(db: Db, actor: SessionUser, q: TrackListQuery, now: Date) {
  if (q.userId !== undefined && q.userId !== actor.id && !actor.isAdmin) throw forbidden();
  const filters: SQL[] = [];
  if (!(actor.isAdmin && q.includeArchived === 'true')) {
    const member = sql`exists (select 1 from ${userTracks} where ${userTracks.trackId} = ${tracks.id} and ${userTracks.userId} = ${actor.id} and ${userTracks.isActive})`;
    filters.push(or(eq(tracks.isArchived, false), member)!);
  }
  if (q.search) filters.push(anyContains(q.search, [tracks.name, tracks.description]));
  const where = filters.length ? and(...filters) : undefined;
  const base = db.select().from(tracks).where(where).orderBy(asc(tracks.name), asc(tracks.id));
  if (!q.page) return assemble(db, await base, actor.id, now);
  const pageSize = q.pageSize ?? 5;
  const [rows, [{ total }]] = await Promise.all([
    base.limit(pageSize).offset((q.page - 1) * pageSize),
    db.select({ total: count() }).from(tracks).where(where),
  ]);
  return { items: await assemble(db, rows, actor.id, now), total };
}

export async function getTrack(db: Db, actor: SessionUser, trackId: number, now: Date) {
  const [row] = await db.select().from(tracks).where(eq(tracks.id, trackId));
  if (!row) throw notFound(trackMessages.notFound);
  const [track] = await assemble(db, [row], actor.id, now);
  if (row.isArchived && !actor.isAdmin && !track.progress?.isActive) throw notFound(trackMessages.notFound);
  return track;
}

async function checkScenarios(db: DbOrTx, scenarios: { interviewerId: number }[]) {
  const ids = [...new Set(scenarios.map((s) => s.interviewerId))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: interviewers.id, isArchived: interviewers.isArchived })
    .from(interviewers)
    .where(inArray(interviewers.id, ids));
  if (found.length !== ids.length) throw invalid(trackMessages.unknownScenario);
  if (found.some((f) => f.isArchived)) throw invalid(trackMessages.archivedScenario);
}

async function replaceScenarios(db: DbOrTx, trackId: number, scenarios: TrackWriteRequest['scenarios']) {
  if (!scenarios) return;
  // Keep the rows of scenarios that stay (calls point at them); add new ones; drop the rest.
  const existing = await db.select().from(trackScenarios).where(eq(trackScenarios.trackId, trackId));
  const sorted = [...scenarios].sort((a, b) => a.sequenceOrder - b.sequenceOrder);
  const kept = new Set<number>();
  for (const [index, s] of sorted.entries()) {
    const reuse = existing.find((e) => e.interviewerId === s.interviewerId && !kept.has(e.id));
    if (reuse) {
      kept.add(reuse.id);
      await db
        .update(trackScenarios)
        .set({ sequenceOrder: index + 1 })
        .where(eq(trackScenarios.id, reuse.id));
    } else {
      const [row] = await db
        .insert(trackScenarios)
        .values({ trackId, interviewerId: s.interviewerId, sequenceOrder: index + 1 })
        .returning({ id: trackScenarios.id });
      kept.add(row.id);
    }
  }
  const gone = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
  if (gone.length) await db.delete(trackScenarios).where(inArray(trackScenarios.id, gone));
}

export async function createTrack(db: Db, admin: SessionUser, input: TrackWriteRequest, now: Date) {
  await checkScenarios(db, input.scenarios ?? []);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tracks)
      .values({
        name: input.name,
        description: input.description ?? '',
        estimatedCompletionTime: input.estimatedCompletionTime || '2-3 hours',
        isArchived: input.isArchived ?? false,
      })
      .returning({ id: tracks.id });
    await replaceScenarios(tx, row.id, input.scenarios ?? []);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'track.create',
      targetType: 'track',
      targetId: row.id,
      details: { name: input.name },
    });
    return row.id;
  });
  return getTrack(db, admin, id, now);
}

export async function updateTrack(
  db: Db,
  admin: SessionUser,
  trackId: number,
  input: TrackPatchRequest,
  now: Date,
) {
  const [row] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, trackId));
  if (!row) throw notFound(trackMessages.notFound);
  if (input.scenarios) {
    // Only newly added scenarios must be live; archived ones already in the track may stay.
    const current = await db.select().from(trackScenarios).where(eq(trackScenarios.trackId, trackId));
    await checkScenarios(
      db,
      input.scenarios.filter((s) => !current.some((c) => c.interviewerId === s.interviewerId)),
    );
  }
  await db.transaction(async (tx) => {
    const patch: Partial<TrackRow> = { updatedAt: now };
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description;
    if (input.estimatedCompletionTime !== undefined)
      patch.estimatedCompletionTime = input.estimatedCompletionTime;
    if (input.isArchived !== undefined) patch.isArchived = input.isArchived;
    await tx.update(tracks).set(patch).where(eq(tracks.id, trackId));
    await replaceScenarios(tx, trackId, input.scenarios);
    const action =
      input.isArchived === true
        ? 'track.archive'
        : input.isArchived === false
          ? 'track.unarchive'
          : 'track.update';
    await recordAudit(tx, {
      actorId: admin.id,
      action,
      targetType: 'track',
      targetId: trackId,
      details: input,
    });
  });
  return getTrack(db, admin, trackId, now);
}

export async function joinTrack(db: Db, actor: SessionUser, trackId: number, now: Date) {
  const [row] = await db.select().from(tracks).where(eq(tracks.id, trackId));
  if (!row) throw notFound(trackMessages.notFound);
  const [existing] = await db
    .select()
    .from(userTracks)
    .where(and(eq(userTracks.userId, actor.id), eq(userTracks.trackId, trackId)));
  if (row.isArchived && !existing?.isActive) throw invalid(trackMessages.archivedTrack);
  // Rejoining restores the earlier progress: the membership row (and its startedAt) is kept.
  await db
    .insert(userTracks)
    .values({ userId: actor.id, trackId, startedAt: now, isActive: true })
    .onConflictDoUpdate({
      target: [userTracks.userId, userTracks.trackId],
      set: { isActive: true, updatedAt: now },
    });
  return getTrack(db, actor, trackId, now);
}

async function membershipOf(db: Db, actor: SessionUser, trackId: number) {
  const [m] = await db
    .select()
    .from(userTracks)
    .where(and(eq(userTracks.userId, actor.id), eq(userTracks.trackId, trackId)));
  if (!m) throw notFound(trackMessages.notJoined);
  return m;
}

export async function leaveTrack(db: Db, actor: SessionUser, trackId: number, now: Date) {
  const m = await membershipOf(db, actor, trackId);
  await db.update(userTracks).set({ isActive: false, updatedAt: now }).where(eq(userTracks.id, m.id));
  return { message: 'Successfully left the track' };
}

/** Reset starts the track afresh: calls before now no longer count; the achievement stays. */
export async function resetTrack(db: Db, actor: SessionUser, trackId: number, now: Date) {
  const m = await membershipOf(db, actor, trackId);
  await db
    .update(userTracks)
    .set({
      startedAt: now,
      completedAt: null,
      attempts: {},
      averageScores: {},
      bestScores: {},
      progress: 0,
      updatedAt: now,
    })
    .where(eq(userTracks.id, m.id));
  return getTrack(db, actor, trackId, now);
}
