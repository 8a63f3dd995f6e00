// GET /api/interviewers and /api/interviewers-public: the scenario picker's list (prepared and
// cached per user), the admin's filtered and paged list, and the visitors' list of live presets.
import { and, asc, count, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type InterviewerListQuery, interviewerListResponse } from '../../../shared/contracts/scenarios.js';
import { ADMIN_PAGE_SIZE } from '../../../shared/domain/limits.js';
import type { Db } from '../../db/client.js';
import { anyContains } from '../../db/like.js';
import { preparedQuery } from '../../db/prepared.js';
import { interviewers } from '../../db/schema.js';
import { interviewerListCache } from './list-cache.js';
import type { Caller, InterviewerRow } from './queries.js';
import { toInterviewerResponse } from './scenario-view.js';
import { livePreset, usableBy } from './visibility.js';

/** The scenario picker's list (no filters, no paging): asked for on every visit, so prepared. */
const visibleList = preparedQuery('interviewers_visible', (db) =>
  db
    .select()
    .from(interviewers)
    .where(usableBy(sql.placeholder('userId')))
    .orderBy(asc(interviewers.id)),
);

/** The picker's request: no filters, no paging (only an admin's includeArchived widens the list). */
export function isPlainList(caller: Caller, query: InterviewerListQuery): boolean {
  const widened = caller.isAdmin && query.includeArchived === 'true';
  const callTypes = [query.callType ?? []].flat().filter((c) => c.trim() !== '');
  return !widened && !query.search && callTypes.length === 0 && query.page === undefined;
}

/** The plain list as the route's JSON, from this server's cache when it holds it (list-cache.ts). */
export async function visibleListJson(db: Db, caller: Caller, now: number): Promise<string> {
  const cache = interviewerListCache(db);
  const cached = cache?.get(caller.id, now);
  if (cached !== undefined) return cached;
  const epoch = cache?.epoch ?? 0;
  const rows = await visibleList(db, { userId: caller.id });
  // encoded by the route's own response schema, as fastify's serializer would
  const json = JSON.stringify(z.encode(interviewerListResponse, rows.map(toInterviewerResponse)));
  cache?.set(caller.id, json, now, epoch);
  return json;
}

export async function listInterviewers(
  db: Db,
  caller: Caller,
  query: InterviewerListQuery,
): Promise<InterviewerRow[] | { items: InterviewerRow[]; total: number }> {
  if (isPlainList(caller, query)) return visibleList(db, { userId: caller.id });
  const widened = caller.isAdmin && query.includeArchived === 'true';
  const callTypes = [query.callType ?? []].flat().filter((c) => c.trim() !== '');
  const conditions: (SQL | undefined)[] = [];
  if (!widened) conditions.push(usableBy(caller.id));
  if (query.search) {
    const searched = [interviewers.name, interviewers.role, interviewers.company, interviewers.callType];
    conditions.push(anyContains(query.search, searched));
  }
  if (callTypes.length > 0) conditions.push(inArray(interviewers.callType, callTypes));
  const where = and(...conditions);

  if (query.page === undefined) {
    return db.select().from(interviewers).where(where).orderBy(asc(interviewers.id));
  }
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const [items, [{ total }]] = await Promise.all([
    db
      .select()
      .from(interviewers)
      .where(where)
      .orderBy(asc(interviewers.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(interviewers).where(where),
  ]);
  return { items, total };
}

export async function listPublicInterviewers(db: Db): Promise<InterviewerRow[]> {
  return db.select().from(interviewers).where(livePreset).orderBy(asc(interviewers.id));
}
