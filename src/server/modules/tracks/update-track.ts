// PATCH /api/tracks/:id (admins): edit, archive or unarchive a track and reorder its scenarios, audited.
import { eq } from 'drizzle-orm';
import type { TrackPatchRequest } from '../../../shared/contracts/tracks.js';
import { trackMessages } from '../../../shared/contracts/tracks.js';
import type { Db } from '../../db/client.js';
import { trackScenarios, tracks } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import type { SessionUser } from '../auth/session-auth.js';
import { getTrack } from './get-track.js';
import type { TrackRow } from './queries.js';
import { checkScenarios, replaceScenarios } from './track-scenarios.js';

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
