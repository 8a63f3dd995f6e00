// Reading calls for review: the user's own list (plain or paged with the dashboard's summary),
// the admin's All Calls list, and the user's score trends. Completed means endTime and evaluation
// are both set (spec §4); the paged dashboard query is served by interviews_user_completed_idx.
import {
  and,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgSelectQueryBuilder } from 'drizzle-orm/pg-core';
import type { TrendPoint } from '../../../shared/contracts/call-review.js';
import type { InterviewListQuery } from '../../../shared/contracts/calls.js';
import { DASHBOARD_PAGE_SIZE, LIST_COUNT_AHEAD } from '../../../shared/domain/limits.js';
import { callAverageScore, evaluationCriteriaList } from '../../../shared/domain/score-averages.js';
import type { DbOrTx } from '../../db/client.js';
import { containsPattern, containsText } from '../../db/like.js';
import { preparedQuery } from '../../db/prepared.js';
import { interviewers, interviews, userCallStats, users } from '../../db/schema.js';
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

/** ids of the rows a search names, or a subquery for them when there are too many to list */
type Named = number[] | SQL;

/**
 * What a search names besides transcripts: the scenarios (and, for All Calls, the callers) whose
 * name contains it. They are read first, in one small query, so that the call query gets them as a
 * list of ids (almost always empty or short) whose share of the calls the planner can estimate.
 * Given a subquery instead, it has to guess, guesses "most calls", and then walks every call of the
 * user checking transcripts instead of asking the transcript's trigram index for the few that match.
 */
export type Search = { text: string; interviewers: Named; callers?: Named };

/** past this many, a name arm stays a subquery (a search matching so much needs no index) */
const MAX_LISTED_IDS = 500;

async function resolveSearch(db: DbOrTx, q: InterviewListQuery, withCallers: boolean) {
  const text = q.search?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const scenarios = db
    .select({ id: interviewers.id })
    .from(interviewers)
    .where(ilike(interviewers.name, pattern))
    .limit(MAX_LISTED_IDS + 1);
  const callers = db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.name, pattern), ilike(users.email, pattern)))
    .limit(MAX_LISTED_IDS + 1);
  const [row] = await db
    .select({
      interviewers: sql<number[]>`array(${scenarios})`,
      callers: withCallers ? sql<number[]>`array(${callers})` : sql<null>`null`,
    })
    .from(sql`(select 1) as one`);
  const named = (ids: number[], subquery: SQL): Named =>
    ids.length > MAX_LISTED_IDS ? subquery : ids.map(Number);
  const search: Search = {
    text,
    interviewers: named(
      row.interviewers,
      sql`select ${interviewers.id} from ${interviewers} where ${ilike(interviewers.name, pattern)}`,
    ),
  };
  if (withCallers && row.callers) {
    search.callers = named(
      row.callers,
      sql`select ${users.id} from ${users} where ${or(ilike(users.name, pattern), ilike(users.email, pattern))}`,
    );
  }
  return search;
}

/** `column` is one of the named ids (nothing when none is named). */
function namedBy(column: typeof interviews.interviewerId | typeof interviews.userId, named: Named) {
  if (Array.isArray(named)) return named.length ? inArray(column, named) : undefined;
  return sql`${column} = any(array(${named}))`;
}

/** The search (case-insensitive substring of the transcript or a named scenario or caller, spec §5),
 * the call type and the scenario. */
function commonFilters(q: InterviewListQuery, search: Search | undefined): SQL[] {
  const filters: SQL[] = [];
  if (search) {
    const arms = [
      containsText(interviews.transcript, search.text),
      namedBy(interviews.interviewerId, search.interviewers),
      search.callers ? namedBy(interviews.userId, search.callers) : undefined,
    ].filter((arm) => arm !== undefined);
    filters.push(arms.length === 1 ? arms[0] : or(...arms)!);
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

/** The filters of a list and the search they hold, resolved (see resolveSearch). */
export type ListFilters = { q: InterviewListQuery; search?: Search };

const noFilters: ListFilters = { q: {} };

/** The dashboard's page of calls matching the filters, newest first. */
function completedPageQuery(
  db: DbOrTx,
  userId: number | Placeholder,
  filters: ListFilters,
  paging: { limit: number | Placeholder; offset: number | Placeholder },
) {
  return db
    .select(listColumns)
    .from(interviews)
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .where(and(eq(interviews.userId, userId), completedCall, ...commonFilters(filters.q, filters.search)))
    .orderBy(...newestFirst)
    .limit(paging.limit)
    .offset(paging.offset);
}

/**
 * Calls Completed and Average Score over all the user's completed calls (spec §9), read from the
 * user's row of user_call_stats that the database keeps (migration 0013). An aggregate, so it is
 * one row even for a user who has no row there yet (no completed call): 0 and 0.
 */
function summaryRow(db: DbOrTx, userId: number | Placeholder) {
  const { completedCount, scoreSum } = userCallStats;
  return db
    .select({
      completedCount: sql<number>`coalesce(max(${completedCount}), 0)`.mapWith(Number).as('completed_count'),
      averageScore:
        sql<number>`coalesce(max(${scoreSum} / nullif(${completedCount}, 0)), 0)::double precision`
          .mapWith(Number)
          .as('average_score'),
    })
    .from(userCallStats)
    .where(eq(userCallStats.userId, userId))
    .as('summary');
}

/**
 * How many rows `matches` has, counted no further than `upTo + 1` (one more says "more than
 * upTo"): a common word may match thousands of calls, and each match is a transcript to read.
 */
const countUpTo = (matches: { limit: (limit: number) => SQLWrapper }, upTo: number) =>
  sql<number>`(select count(*) from (${matches.limit(upTo + 1)}) as matches)`.mapWith(Number);

/** The total of a count made up to `upTo + 1` rows. */
const cappedTotal = (matched: number, upTo: number) =>
  matched > upTo ? { total: upTo, totalCapped: true } : { total: matched, totalCapped: false };

/**
 * The dashboard's request in one statement: the summary row, the filtered total when `countUpTo`
 * is given (see countUpTo), and the page joined laterally, so a page past the end still answers
 * the summary (one row with no call).
 */
function dashboardStatement(
  db: DbOrTx,
  userId: number | Placeholder,
  filters: ListFilters,
  paging: { limit: number | Placeholder; offset: number | Placeholder; countUpTo?: number },
) {
  const summary = summaryRow(db, userId);
  const page = completedPageQuery(db, userId, filters, paging).as('page');
  // every column of the page, under the same keys as listColumns
  const call = Object.fromEntries(
    Object.keys(listColumns).map((key) => [key, page[key as keyof typeof listColumns]]),
  ) as { [K in keyof typeof listColumns]: (typeof page)[K] };
  const head = { completedCount: summary.completedCount, averageScore: summary.averageScore };
  if (paging.countUpTo === undefined) {
    return db
      .select({ ...head, matched: sql<number | null>`null`, call })
      .from(summary)
      .leftJoinLateral(page, sql`true`);
  }
  // the scenario's call type is the only filter that needs the scenario's row
  const base = db.select({ one: sql`1` }).from(interviews).$dynamic();
  const joined = filters.q.callType
    ? base.innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    : base;
  const matches = joined.where(
    and(eq(interviews.userId, userId), completedCall, ...commonFilters(filters.q, filters.search)),
  );
  return db
    .select({ ...head, matched: countUpTo(matches, paging.countUpTo), call })
    .from(summary)
    .leftJoinLateral(page, sql`true`);
}

/** The dashboard's usual request (a page with no filters) as a prepared statement. */
const unfilteredDashboard = preparedQuery('dashboard_page', (db) =>
  dashboardStatement(db, sql.placeholder('userId'), noFilters, {
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }),
);

const hasFilters = (q: InterviewListQuery) => Boolean(q.search?.trim() || q.callType || q.interviewerId);

const dashboardPaging = (q: InterviewListQuery) => {
  const limit = q.pageSize ?? DASHBOARD_PAGE_SIZE;
  const offset = ((q.page ?? 1) - 1) * limit;
  return { limit, offset, countUpTo: offset + LIST_COUNT_AHEAD };
};

/**
 * The statement the dashboard runs for a request with filters (exported so bench/dashboard shows
 * its plan); without filters it runs the same statement prepared, with no count.
 */
export async function filteredDashboardQuery(db: DbOrTx, userId: number, q: InterviewListQuery) {
  const filters = { q, search: await resolveSearch(db, q, false) };
  // wrapped: an async function returning the query itself would run it (a query is a thenable)
  return { statement: dashboardStatement(db, userId, filters, dashboardPaging(q)) };
}

/** The unfiltered statement with these values, for bench/dashboard's plan. */
export const unfilteredDashboardQuery = (db: DbOrTx, userId: number, q: InterviewListQuery) =>
  dashboardStatement(db, userId, noFilters, { ...dashboardPaging(q), countUpTo: undefined });

/**
 * One page of the user's completed calls matching the filters, the total (exact without filters:
 * the summary's count; with filters counted LIST_COUNT_AHEAD past the page's start), and the
 * summary figures.
 */
export async function findCompletedInterviews(db: DbOrTx, userId: number, q: InterviewListQuery) {
  const paging = dashboardPaging(q);
  const filtered = hasFilters(q);
  const rows = filtered
    ? await (await filteredDashboardQuery(db, userId, q)).statement
    : await unfilteredDashboard(db, { userId, limit: paging.limit, offset: paging.offset });
  const [{ completedCount, averageScore, matched }] = rows;
  const items = rows.flatMap((r) => (r.call ? [toListedInterviewView(r.call)] : []));
  const total = filtered
    ? cappedTotal(Number(matched), paging.countUpTo)
    : { total: completedCount, totalCapped: false };
  return { items, ...total, summary: { completedCount, averageScore } };
}

const adminColumns = { ...listColumns, userName: users.name, userEmail: users.email };

function adminWhere({ q, search }: ListFilters) {
  // the search also names callers (name or email) here: resolveSearch(…, true)
  const filters = commonFilters(q, search);
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

/**
 * All users' calls for admins, newest first; paged and filtered when `page` is given, with the
 * total counted as far as the dashboard counts (LIST_COUNT_AHEAD past the page's start).
 */
export async function findAllInterviews(db: DbOrTx, q: InterviewListQuery) {
  const where = adminWhere({ q, search: await resolveSearch(db, q, true) });
  const base = adminCalls(db.select(adminColumns).from(interviews).$dynamic(), where).orderBy(...newestFirst);
  const toAdmin = (r: ListedInterviewRow & { userName: string; userEmail: string }) => ({
    ...toListedInterviewView(r),
    userName: r.userName,
    userEmail: r.userEmail,
  });
  if (!q.page) return { items: (await base).map(toAdmin), page: undefined };
  const pageSize = q.pageSize ?? DASHBOARD_PAGE_SIZE;
  const offset = (q.page - 1) * pageSize;
  const upTo = offset + LIST_COUNT_AHEAD;
  const matches = adminCalls(db.select({ one: sql`1` }).from(interviews).$dynamic(), where);
  const [rows, [{ matched }]] = await Promise.all([
    base.limit(pageSize).offset(offset),
    db.select({ matched: countUpTo(matches, upTo) }).from(sql`(select 1) as one`),
  ]);
  return { items: rows.map(toAdmin), page: cappedTotal(matched, upTo) };
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
