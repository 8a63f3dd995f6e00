// POST /api/tracks/:id/leave: the membership goes inactive (its progress is kept for a rejoin).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userTracks } from '../../db/schema.js';
import type { SessionUser } from '../auth/session-auth.js';
import { requireMembership } from './queries.js';

export async function leaveTrack(db: Db, actor: SessionUser, trackId: number, now: Date) {
  const m = await requireMembership(db, actor.id, trackId);
  await db.update(userTracks).set({ isActive: false, updatedAt: now }).where(eq(userTracks.id, m.id));
  return { message: 'Successfully left the track' };
}
