// The API form of tracks as one user sees them: each with its scenarios and the user's progress
// (synced from their calls on the way).
import { and, eq, inArray } from 'drizzle-orm';
import type { Track, TrackProgress } from '../../../shared/contracts/tracks.js';
import type { Db } from '../../db/client.js';
import { userTracks } from '../../db/schema.js';
import { scenariosOf, type TrackRow, type UserTrackRow } from './queries.js';
import { syncTrackProgress } from './sync-track-progress.js';

const toProgress = (m: UserTrackRow): TrackProgress => ({
  isActive: m.isActive,
  startedAt: m.startedAt.toISOString(),
  completedAt: m.completedAt ? m.completedAt.toISOString() : null,
  percentComplete: m.progress,
  attempts: m.attempts,
  averageScores: m.averageScores,
  bestScores: m.bestScores,
});

export async function toTrackViews(db: Db, rows: TrackRow[], userId: number, now: Date): Promise<Track[]> {
  const ids = rows.map((r) => r.id);
  const scenarios = await scenariosOf(db, ids);
  const memberships = ids.length
    ? await db
        .select()
        .from(userTracks)
        .where(and(eq(userTracks.userId, userId), inArray(userTracks.trackId, ids)))
    : [];
  return Promise.all(
    rows.map(async (t) => {
      const own = scenarios.filter((s) => s.trackId === t.id);
      const membership = memberships.find((m) => m.trackId === t.id);
      const synced = membership
        ? await syncTrackProgress(
            db,
            membership,
            own.map((s) => s.id),
            now,
          )
        : null;
      return {
        id: t.id,
        name: t.name,
        description: t.description,
        estimatedCompletionTime: t.estimatedCompletionTime,
        isArchived: t.isArchived,
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
        scenarios: own,
        progress: synced ? toProgress(synced) : null,
      };
    }),
  );
}
