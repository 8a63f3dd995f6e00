// Whether a member may start a call on one of a track's scenarios: the same sequential rule the
// track page shows (unlockedScenarioIds), enforced by the server when the call starts, so the
// last scenario of a track cannot be reached by starting it directly.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { trackMessages } from '../../../shared/contracts/tracks.js';
import { unlockedScenarioIds } from '../../../shared/domain/track-unlock.js';
import type { DbOrTx } from '../../db/client.js';
import { trackScenarios, tracks, userTracks } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import { trackIdOfScenario } from './queries.js';

export const scenarioGateMessages = {
  locked: 'This scenario unlocks once the one before it in the track has a score',
} as const;

/** Throws 403 unless the user is an active member of the scenario's track and it is unlocked. */
export async function assertTrackScenarioOpen(db: DbOrTx, userId: number, trackScenarioId: number) {
  const trackId = await trackIdOfScenario(db, trackScenarioId);
  if (trackId === undefined) return;
  const [membership] = await db
    .select({ averageScores: userTracks.averageScores })
    .from(userTracks)
    .where(
      and(eq(userTracks.userId, userId), eq(userTracks.trackId, trackId), eq(userTracks.isActive, true)),
    );
  if (!membership) throw forbidden(trackMessages.notJoined);
  const ordered = await db
    .select({ id: trackScenarios.id })
    .from(trackScenarios)
    .where(eq(trackScenarios.trackId, trackId))
    .orderBy(asc(trackScenarios.sequenceOrder), asc(trackScenarios.id));
  const open = unlockedScenarioIds(
    ordered.map((s) => s.id),
    membership.averageScores,
  );
  if (!open.includes(trackScenarioId)) throw forbidden(scenarioGateMessages.locked);
}

/**
 * The track scenario a call on this scenario started outside its track counts for: one the user can
 * start now in a track they are following (active, not archived, unlocked by the rule above), an
 * unfinished track's before a finished one's, the track joined first before the others, the
 * earliest in its track. A call started from New Call, or from a track page opened in another tab
 * (the hand-over is per tab), counts as the same call started from the track would. Undefined when
 * no track of the user's holds the scenario open.
 */
export async function openTrackScenarioFor(
  db: DbOrTx,
  userId: number,
  interviewerId: number,
): Promise<number | undefined> {
  const memberships = await db
    .select({
      trackId: userTracks.trackId,
      averageScores: userTracks.averageScores,
      completedAt: userTracks.completedAt,
      startedAt: userTracks.startedAt,
    })
    .from(userTracks)
    .innerJoin(tracks, eq(tracks.id, userTracks.trackId))
    .where(and(eq(userTracks.userId, userId), eq(userTracks.isActive, true), eq(tracks.isArchived, false)));
  if (memberships.length === 0) return undefined;
  const scenarios = await db
    .select({
      id: trackScenarios.id,
      trackId: trackScenarios.trackId,
      interviewerId: trackScenarios.interviewerId,
    })
    .from(trackScenarios)
    .where(
      inArray(
        trackScenarios.trackId,
        memberships.map((m) => m.trackId),
      ),
    )
    .orderBy(asc(trackScenarios.sequenceOrder), asc(trackScenarios.id));
  const order = [...memberships].sort(
    (a, b) =>
      Number(a.completedAt !== null) - Number(b.completedAt !== null) ||
      a.startedAt.getTime() - b.startedAt.getTime() ||
      a.trackId - b.trackId,
  );
  for (const m of order) {
    const inTrack = scenarios.filter((x) => x.trackId === m.trackId);
    const open = unlockedScenarioIds(
      inTrack.map((x) => x.id),
      m.averageScores,
    );
    const found = inTrack.find((x) => x.interviewerId === interviewerId && open.includes(x.id));
    if (found) return found.id;
  }
  return undefined;
}
