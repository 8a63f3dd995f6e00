// POST /api/tracks (admins): a track with its scenarios in order, audited.
import type { TrackWriteRequest } from '../../../shared/contracts/tracks.js';
import type { Db } from '../../db/client.js';
import { tracks } from '../../db/schema.js';
import { recordAudit } from '../audit/service.js';
import type { SessionUser } from '../auth/session-auth.js';
import { getTrack } from './get-track.js';
import { checkScenarios, replaceScenarios } from './track-scenarios.js';

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
