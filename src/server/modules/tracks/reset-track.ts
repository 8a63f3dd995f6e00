// POST /api/tracks/:id/reset: the member starts the track afresh.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userTracks } from '../../db/schema.js';
import type { SessionUser } from '../auth/session-auth.js';
import { getTrack } from './get-track.js';
import { requireMembership } from './queries.js';

/** Reset starts the track afresh: calls before now no longer count; the achievement stays. */
export async function resetTrack(db: Db, actor: SessionUser, trackId: number, now: Date) {
  const m = await requireMembership(db, actor.id, trackId);
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
