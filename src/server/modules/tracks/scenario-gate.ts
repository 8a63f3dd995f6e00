// Whether a member may start a call on one of a track's scenarios: the same sequential rule the
// track page shows (unlockedScenarioIds), enforced by the server when the call starts, so the
// last scenario of a track cannot be reached by starting it directly.
import { and, asc, eq } from 'drizzle-orm';
import { trackMessages } from '../../../shared/contracts/tracks.js';
import { unlockedScenarioIds } from '../../../shared/domain/track-unlock.js';
import type { DbOrTx } from '../../db/client.js';
import { trackScenarios, userTracks } from '../../db/schema.js';
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
