// GET /api/tracks/:id: one track with the caller's progress. An archived one is shown to admins
// and to its active members only; asking for another user's view is for admins.
import { trackMessages } from '../../../shared/contracts/tracks.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/session-auth.js';
import { findTrack } from './queries.js';
import { toTrackViews } from './track-view.js';

export async function getTrack(db: Db, actor: SessionUser, trackId: number, now: Date, forUserId?: number) {
  if (forUserId !== undefined && forUserId !== actor.id && !actor.isAdmin) throw forbidden();
  const row = await findTrack(db, trackId);
  if (!row) throw notFound(trackMessages.notFound);
  const [track] = await toTrackViews(db, [row], actor.id, now);
  if (row.isArchived && !actor.isAdmin && !track.progress?.isActive) throw notFound(trackMessages.notFound);
  return track;
}
