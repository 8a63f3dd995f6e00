// POST /api/tracks/:id/join: become (again) an active member; rejoining keeps the earlier progress.
import { trackMessages } from '../../../shared/contracts/tracks.js';
import type { Db } from '../../db/client.js';
import { userTracks } from '../../db/schema.js';
import { invalid, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/session-auth.js';
import { getTrack } from './get-track.js';
import { findMembership, findTrack } from './queries.js';

export async function joinTrack(db: Db, actor: SessionUser, trackId: number, now: Date) {
  const row = await findTrack(db, trackId);
  if (!row) throw notFound(trackMessages.notFound);
  const existing = await findMembership(db, actor.id, trackId);
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
