// Reading calls for review: the user's own list (plain or paged with the dashboard's summary),
// the admin's All Calls list, and the user's score trends. Completed means endTime and evaluation
// are both set (spec §4); the paged dashboard query is served by interviews_user_completed_idx.
import {
  and,
  count,
  eq,
  getTableColumns,
  ilike,
  isNotNull,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgSelectQueryBuilder } from 'drizzle-orm/pg-core';
import type { TrendPoint } from '../../../shared/contracts/call-review.js';
import type { InterviewListQuery } from '../../../shared/contracts/calls.js';
import { DASHBOARD_PAGE_SIZE } from '../../../shared/domain/limits.js';
import { callAverageScore, evaluationCriteriaList } from '../../../shared/domain/score-averages.js';
import type { DbOrTx } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { readPage } from '../../db/paging.js';
import { preparedQuery } from '../../db/prepared.js';
import { interviewers, interviews, users } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import { type ListedInterviewRow, toListedInterviewView } from './call-view.js';

export type Caller = { id: number; isAdmin: boolean };

export const listColumns = {
  ...getTableColumns(interviews),
  interviewerName: interviewers.name,
  interviewerCallType: interviewers.callType,
};

export const completedCall = and(isNotNull(interviews.endTime), isNotNull(interviews.evaluation));

/** Newest first, spelled like the indexes' key order (DESC NULLS LAST) so the planner reads them. */
const newestFirst = [sql`${interviews.startTime} desc nulls last`, sql`${interviews.id} desc nulls last`];

/** The user whose calls are read: the caller, or anyone for an admin. */
export function resolveOwner(caller: Caller, userId: number | undefined): number {
  if (userId === undefined || userId === caller.id) return caller.id;
  if (!caller.isAdmin) throw forbidden('You can only view your own calls');
  return userId;
}

const searchPattern = (q: InterviewListQuery) =>
  q.search?.trim() ? containsPattern(q.search.trim()) : undefined;

function commonFilters(q: InterviewListQuery, extraSearch: (pattern: string) => SQL[] = () => []): SQL[] {
  const filters: SQL[] = [];
  const pattern = searchPattern(q);
  if (pattern) {
    filters.push(
      // the scenario's name is matched in its own (small) table first, so both halves of the OR are
      // conditions on `interviews` the planner can answer from indexes (interviewer_id, and the
      // transcript's trigram index), combined in one bitmap scan
      or(
        sql`${interviews.interviewerId} = any(array(select ${interviewers.id} from ${interviewers} where ${ilike(interviewers.name, pattern)}))`,
        ilike(interviews.transcript, pattern),
        ...extraSearch(pattern),
      )!,
    );
  }
  if (q.callType) filters.push(eq(interviewers.callType, q.callType));
  if (q.interviewerId) filters.push(eq(interviews.interviewerId, q.interviewerId));
  return filters;
}

function ratingFilter(
  column: typeof interviews.callRating | typeof interviews.evaluationRating,
  value: InterviewListQuery['callRating'],
) {
  if (value === undefined) return undefined;
  return value === 'unrated' ? isNull(column) : eq(column, Number(value));
}

/** Every call of one user, newest first (the spec's plain-array form). */
export async function listUserInterviews(db: DbOrTx, userId: number) {
  const rows = await db
    .select(listColumns)
    .from(interviews)
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .where(eq(interviews.userId, userId))
    .orderBy(...newestFirst);
  return rows.map(toListedInterviewView);
}

const completedWhere = (userId: number, q: InterviewListQuery) =>
  and(eq(interviews.userId, userId), completedCall, ...commonFilters(q));

/** The dashboard's page query (exported so bench/dashboard can show its plan). */
export function completedPageQuery(db: DbOrTx, userId: number, q: InterviewListQuery) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? DASHBOARD_PAGE_SIZE;
  return db
    .select(listColumns)
    .from(interviews)
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .where(completedWhere(userId, q))
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/**
 * The dashboard's usual request — a page with no filters — and its summary in one prepared
 * statement: the summary is one row, and the page joins it laterally, so a page past the end still
 * answers the summary (one row with no call).
 */
const unfilteredPageWithSummary = preparedQuery('completed_page_with_summary', (db) => {
  const summary = db
    .select({
      completedCount: count().as('completed_count'),
      averageScore: sql<string | null>`avg(${interviews.scoreForAverage})`.as('average_score'),
    })
    .from(interviews)
    .where(and(eq(interviews.userId, sql.placeholder('userId')), completedCall))
    .as('summary');
  const page = db
    .select(listColumns)
    .from(interviews)
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .where(and(eq(interviews.userId, sql.placeholder('userId')), completedCall))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  // every column of the page, under the same keys as listColumns
  const call = Object.fromEntries(
    Object.keys(listColumns).map((key) => [key, page[key as keyof typeof listColumns]]),
  );
  return db
    .select({
      completedCount: summary.completedCount,
      averageScore: summary.averageScore,
      call: call as { [K in keyof typeof listColumns]: (typeof page)[K] },
    })
    .from(summary)
    .leftJoinLateral(page, sql`true`);
});

/** One page of the user's completed calls matching the filters, plus the summary figures. */
export async function findCompletedInterviews(db: DbOrTx, userId: number, q: InterviewListQuery) {
  const pageSize = q.pageSize ?? DASHBOARD_PAGE_SIZE;
  if (!hasFilters(q)) {
    const rows = await unfilteredPageWithSummary(db, {
      userId,
      limit: pageSize,
      offset: ((q.page ?? 1) - 1) * pageSize,
    });
    const summary = {
      completedCount: rows[0].completedCount,
      averageScore: Number(rows[0].averageScore ?? 0),
    };
    const items = rows.flatMap((r) => (r.call ? [toListedInterviewView(r.call)] : []));
    return { items, total: summary.completedCount, summary };
  }
  const [rows, summary, total] = await Promise.all([
    completedPageQuery(db, userId, q),
    completedSummary(db, userId),
    countCompleted(db, userId, q),
  ]);
  return { items: rows.map(toListedInterviewView), total, summary };
}

const hasFilters = (q: InterviewListQuery) => Boolean(q.search?.trim() || q.callType || q.interviewerId);

async function countCompleted(db: DbOrTx, userId: number, q: InterviewListQuery) {
  const base = db.select({ total: count() }).from(interviews);
  // The scenario's name and call type live on interviewers; the id filter needs no join.
  const query =
    q.search?.trim() || q.callType
      ? base
          .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
          .where(completedWhere(userId, q))
      : base.where(completedWhere(userId, q));
  const [{ total }] = await query;
  return total;
}

/** Calls Completed and Average Score over all the user's completed calls (spec §9). */
export async function completedSummary(db: DbOrTx, userId: number) {
  const [row] = await preparedSummary(db, { userId });
  return { completedCount: row.completedCount, averageScore: Number(row.averageScore ?? 0) };
}

const preparedSummary = preparedQuery('completed_summary', (db) =>
  completedSummaryQuery(db, sql.placeholder('userId')),
);

export function completedSummaryQuery(db: DbOrTx, userId: number | Placeholder) {
  return db
    .select({
      completedCount: count(),
      averageScore: sql<string | null>`avg(${interviews.scoreForAverage})`,
    })
    .from(interviews)
    .where(and(eq(interviews.userId, userId), completedCall));
}

const adminColumns = { ...listColumns, userName: users.name, userEmail: users.email };

function adminWhere(q: InterviewListQuery) {
  // All Calls also finds calls by the caller's name or email.
  const filters = commonFilters(q, (p) => [
    sql`${interviews.userId} = any(array(select ${users.id} from ${users} where ${or(ilike(users.name, p), ilike(users.email, p))}))`,
  ]);
  const call = ratingFilter(interviews.callRating, q.callRating);
  const evaluation = ratingFilter(interviews.evaluationRating, q.evaluationRating);
  if (call) filters.push(call);
  if (evaluation) filters.push(evaluation);
  if (q.userId) filters.push(eq(interviews.userId, q.userId));
  return filters.length ? and(...filters) : undefined;
}

/** The calls matching `where`, with their scenario and caller (the admin list and its count). */
function adminCalls<Q extends PgSelectQueryBuilder>(query: Q, where: SQL | undefined) {
  return query
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .innerJoin(users, eq(interviews.userId, users.id))
    .where(where);
}

/** All users' calls for admins, newest first; paged and filtered when `page` is given. */
export async function findAllInterviews(db: DbOrTx, q: InterviewListQuery) {
  const where = adminWhere(q);
  const base = adminCalls(db.select(adminColumns).from(interviews).$dynamic(), where).orderBy(...newestFirst);
  const toAdmin = (r: ListedInterviewRow & { userName: string; userEmail: string }) => ({
    ...toListedInterviewView(r),
    userName: r.userName,
    userEmail: r.userEmail,
  });
  if (!q.page) return { items: (await base).map(toAdmin), total: undefined };
  const total = adminCalls(db.select({ total: count() }).from(interviews).$dynamic(), where);
  const page = await readPage(base, total, q.page, q.pageSize ?? DASHBOARD_PAGE_SIZE);
  return { items: page.rows.map(toAdmin), total: page.total };
}

const finiteOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The user's most recent completed calls, oldest first, as points of the progress charts. */
export async function findScoreTrends(db: DbOrTx, userId: number, limit: number): Promise<TrendPoint[]> {
  const rows = await db
    .select({
      id: interviews.id,
      startTime: interviews.startTime,
      evaluation: interviews.evaluation,
      interviewerName: interviewers.name,
    })
    .from(interviews)
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .where(and(eq(interviews.userId, userId), completedCall))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.reverse().map((r) => {
    const criteria = (evaluationCriteriaList(r.evaluation) ?? []).flatMap((c, i) => {
      const item = (c ?? {}) as { name?: unknown; criteriaId?: unknown; score?: unknown };
      const score = finiteOrNull(item.score);
      if (score === null) return [];
      const name =
        typeof item.name === 'string' ? item.name : `Criterion ${String(item.criteriaId ?? i + 1)}`;
      return [{ name, score }];
    });
    const analytics =
      r.evaluation && typeof r.evaluation === 'object' && !Array.isArray(r.evaluation)
        ? ((r.evaluation as { analytics?: Record<string, unknown> }).analytics ?? {})
        : {};
    return {
      id: r.id,
      date: r.startTime.toISOString(),
      interviewerName: r.interviewerName,
      averageScore: callAverageScore(r.evaluation),
      criteria,
      wordsPerMinute: finiteOrNull(analytics.wordsPerMinute),
      fillersPer100Words: finiteOrNull(analytics.fillersPer100Words),
    };
  });
}
