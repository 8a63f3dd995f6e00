// A member's progress on a track, recomputed from their calls and stored in user_tracks: when the
// track is read, and after a call on one of its scenarios is evaluated.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { interviews, trackAchievements, userTracks } from '../../db/schema.js';
import { findMembership, scenariosOf, trackIdOfScenario, type UserTrackRow } from './queries.js';
import { computeTrackProgress } from './track-progress.js';

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
  const trackId = await trackIdOfScenario(db, trackScenarioId);
  if (trackId === undefined) return;
  const membership = await findMembership(db, userId, trackId);
  if (!membership) return;
  const ids = (await scenariosOf(db, [trackId])).map((s) => s.id);
  await syncTrackProgress(db, membership, ids, now);
}
