// The reads the track use-cases share.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TrackScenarioResponse } from '../../../shared/contracts/tracks.js';
import { trackMessages } from '../../../shared/contracts/tracks.js';
import type { DbOrTx } from '../../db/client.js';
import { interviewers, trackScenarios, tracks, userTracks } from '../../db/schema.js';
import { notFound } from '../../errors.js';

export type TrackRow = typeof tracks.$inferSelect;
export type UserTrackRow = typeof userTracks.$inferSelect;

/** The scenarios of these tracks with their scenario's name and kind, in each track's order. */
export async function scenariosOf(db: DbOrTx, trackIds: number[]): Promise<TrackScenarioResponse[]> {
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

export async function findTrack(db: DbOrTx, trackId: number): Promise<TrackRow | undefined> {
  const [row] = await db.select().from(tracks).where(eq(tracks.id, trackId));
  return row;
}

/** The track a track scenario belongs to, if it still exists. */
export async function trackIdOfScenario(db: DbOrTx, trackScenarioId: number): Promise<number | undefined> {
  const [scenario] = await db
    .select({ trackId: trackScenarios.trackId })
    .from(trackScenarios)
    .where(eq(trackScenarios.id, trackScenarioId));
  return scenario?.trackId;
}

/** The user's membership of the track (active or left), if they ever joined. */
export async function findMembership(
  db: DbOrTx,
  userId: number,
  trackId: number,
): Promise<UserTrackRow | undefined> {
  const [m] = await db
    .select()
    .from(userTracks)
    .where(and(eq(userTracks.userId, userId), eq(userTracks.trackId, trackId)));
  return m;
}

/** The caller's membership, or 404 "not joined". */
export async function requireMembership(db: DbOrTx, userId: number, trackId: number): Promise<UserTrackRow> {
  const m = await findMembership(db, userId, trackId);
  if (!m) throw notFound(trackMessages.notJoined);
  return m;
}
