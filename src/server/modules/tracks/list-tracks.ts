// GET /api/tracks: a user sees live tracks plus archived ones they still belong to; admins may
// ask for all. Searchable by name or description, paged on request.
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { TrackListQuery } from '../../../shared/contracts/tracks.js';
import type { Db } from '../../db/client.js';
import { anyContains } from '../../db/like.js';
import { readPage } from '../../db/paging.js';
import { tracks, userTracks } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import type { SessionUser } from '../auth/session-auth.js';
import { toTrackViews } from './track-view.js';

export async function listTracks(db: Db, actor: SessionUser, q: TrackListQuery, now: Date) {
  if (q.userId !== undefined && q.userId !== actor.id && !actor.isAdmin) throw forbidden();
  const filters: SQL[] = [];
  if (!(actor.isAdmin && q.includeArchived === 'true')) {
    const member = sql`exists (select 1 from ${userTracks} where ${userTracks.trackId} = ${tracks.id} and ${userTracks.userId} = ${actor.id} and ${userTracks.isActive})`;
    filters.push(or(eq(tracks.isArchived, false), member)!);
  }
  if (q.search) filters.push(anyContains(q.search, [tracks.name, tracks.description]));
  const where = filters.length ? and(...filters) : undefined;
  const base = db.select().from(tracks).where(where).orderBy(asc(tracks.name), asc(tracks.id));
  if (!q.page) return toTrackViews(db, await base, actor.id, now);
  const total = db.select({ total: count() }).from(tracks).where(where);
  const page = await readPage(base, total, q.page, q.pageSize ?? 5);
  return { items: await toTrackViews(db, page.rows, actor.id, now), total: page.total };
}
