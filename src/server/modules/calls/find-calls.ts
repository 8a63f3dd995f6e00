// Reading calls for review: the user's own list (plain or paged with the dashboard's summary),
// the admin's All Calls list, and the user's score trends. Completed means endTime and evaluation
// are both set (spec §4). The dashboard's page is read along interviews_user_completed_idx, its
// summary from user_call_stats (kept by the database), and a filtered list counts its matches only
// LIST_COUNT_AHEAD past the page. A search's first pages are one statement (searchedMatches), the
// rest reads the newest calls first (searchNewestFirst); decision 018 explains both, and
// bench/dashboard prints the plans (issue 25).
import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  or,
  type Placeholder,
  type SQL,
  sql,
  type WithSubquery,
} from 'drizzle-orm';
import type { PgSelectQueryBuilder, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { TrendPoint } from '../../../shared/contracts/call-review.js';
import type { InterviewListQuery } from '../../../shared/contracts/calls.js';
import { ADMIN_PAGE_SIZE, DASHBOARD_PAGE_SIZE, LIST_COUNT_AHEAD } from '../../../shared/domain/limits.js';
import { callAverageScore, evaluationCriteriaList } from '../../../shared/domain/score-averages.js';
import type { DbOrTx } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { type Preparable, preparedQuery } from '../../db/prepared.js';
import { interviewers, interviews, userCallStats, users } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import {
  callerNamed,
  completedCall,
  type FilteredPaging,
  listColumns,
  listColumnsWith,
  newestFirst,
  type Paging,
  ratingIs,
  scenarioNamed,
  type WindowPaging,
} from './call-columns.js';
import { type ListedInterviewRow, toListedView } from './call-view.js';
import {
  placeholderOf,
  SEARCH_WINDOW,
  type SearchedCounts,
  searchedFirst,
  searchedMatches,
  type Value,
} from './searched-matches.js';

export type Caller = { id: number; isAdmin: boolean };

/** The user whose calls are read: the caller, or anyone for an admin. */
export function resolveOwner(caller: Caller, userId: number | undefined): number {
  if (userId === undefined || userId === caller.id) return caller.id;
  if (!caller.isAdmin) throw forbidden('You can only view your own calls');
  return userId;
}

/** ids of the rows a search names, or 'many' when there are too many to list */
type Named = number[] | 'many';

/**
 * What a search names besides transcripts: the scenarios (and, for All Calls, the callers) whose
 * name contains it. They are read first, in one small query, so that the call query gets them as a
 * list of ids (almost always empty or short) whose share of the calls the planner can estimate.
 * Given a subquery instead, it has to guess, guesses "most calls", and then walks every call of the
 * user checking transcripts instead of asking the transcript's trigram index for the few that match.
 */
type Search = {
  pattern: string;
  interviewers: Named;
  callers?: Named;
};

/**
 * The call's transcript contains the search (case-insensitive): LIKE on the lower-cased copy the
 * database keeps (migration 0014; not in the Drizzle schema, so no other query reads it), which its
 * trigram index answers for a rare word. ILIKE would lower-case every transcript it checks, on every
 * search. The pattern is lower-cased as the copy was.
 */
function transcriptContains(pattern: string | Placeholder) {
  return sql`${interviews}.search_text like lower(${pattern}::text)`;
}

/** past this many, a name arm stays a subquery (a search matching so much needs no index) */
const MAX_LISTED_IDS = 500;

const namesContaining = preparedQuery('search_names', (db) => {
  const pattern = sql.placeholder('pattern');
  const scenarios = db
    .select({ id: interviewers.id })
    .from(interviewers)
    .where(scenarioNamed(pattern))
    .limit(MAX_LISTED_IDS + 1);
  const callers = db
    .select({ id: users.id })
    .from(users)
    .where(callerNamed(pattern))
    .limit(MAX_LISTED_IDS + 1);
  return db
    .select({
      interviewers: sql<number[]>`array(${scenarios})`,
      callers: sql<
        number[] | null
      >`case when ${sql.placeholder('withCallers')}::boolean then array(${callers}) end`,
    })
    .from(sql`(select 1) as one`);
});

async function resolveSearch(db: DbOrTx, q: InterviewListQuery, withCallers: boolean) {
  const text = q.search?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const [row] = await namesContaining(db, { pattern, withCallers });
  const named = (ids: number[]): Named => (ids.length > MAX_LISTED_IDS ? 'many' : ids.map(Number));
  const search: Search = { pattern, interviewers: named(row.interviewers) };
  if (withCallers && row.callers) search.callers = named(row.callers);
  return search;
}

/**
 * The search for a statement over a window of the newest calls, with the names it matches read
 * inside the statement (subqueries) rather than as lists of ids. The window's plan does not depend
 * on them, but the planner's guess of how many calls match does: given lists (usually empty) it
 * took the text for rare, expected to need the whole window, and sorted every call instead of
 * walking the newest along the index (All Calls' "budget", 8 KB transcripts: 27 ms against 13).
 */
const namesInStatement = (search: Search): Search => ({
  ...search,
  interviewers: 'many',
  ...(search.callers ? { callers: 'many' as const } : {}),
});

/**
 * How a list's filter values go into its SQL: as parameters of a statement built for this request,
 * or as named placeholders of a statement prepared once for every request of the same shape (the
 * dashboard's: drizzle builds it once, and PostgreSQL parses it once per connection; each run is
 * still planned for its own values, which the search needs).
 */
type Bind = {
  value: <T>(name: string, value: T) => T | Placeholder;
  anyOf: (
    column: typeof interviews.interviewerId | typeof interviews.userId,
    name: string,
    ids: number[],
  ) => SQL;
};
const inline: Bind = { value: (_, value) => value, anyOf: (column, _, ids) => inArray(column, ids) };
const placeholders: Bind = {
  value: (name) => sql.placeholder(name),
  anyOf: (column, name) => sql`${column} = any(${sql.placeholder(name)})`,
};

/** The search (case-insensitive substring of the transcript or a named scenario or caller, spec §5),
 * the call type and the scenario. */
function commonFilters(q: InterviewListQuery, search: Search | undefined, bind: Bind = inline): SQL[] {
  const filters: SQL[] = [];
  if (search) {
    const pattern = bind.value('pattern', search.pattern);
    const named = (
      column: typeof interviews.interviewerId | typeof interviews.userId,
      name: string,
      ids: Named,
      names: SQL,
    ) => {
      if (ids === 'many') return sql`${column} = any(array(${names}))`;
      return ids.length ? bind.anyOf(column, name, ids) : undefined;
    };
    const arms = [
      transcriptContains(pattern),
      named(
        interviews.interviewerId,
        'interviewerIds',
        search.interviewers,
        sql`select ${interviewers.id} from ${interviewers} where ${scenarioNamed(pattern)}`,
      ),
      search.callers
        ? named(
            interviews.userId,
            'callerIds',
            search.callers,
            sql`select ${users.id} from ${users} where ${callerNamed(pattern)}`,
          )
        : undefined,
    ].filter((arm) => arm !== undefined);
    filters.push(arms.length === 1 ? arms[0] : or(...arms)!);
  }
  if (q.callType) filters.push(eq(interviewers.callType, bind.value('callType', q.callType)));
  if (q.interviewerId)
    filters.push(eq(interviews.interviewerId, bind.value('interviewerId', q.interviewerId)));
  return filters;
}

function ratingFilter(
  column: typeof interviews.callRating | typeof interviews.evaluationRating,
  name: 'callRating' | 'evaluationRating',
  value: InterviewListQuery['callRating'],
  bind: Bind,
) {
  if (value === undefined) return undefined;
  return ratingIs(column, value, bind.value(name, Number(value)));
}

/** A rating filter's value as its placeholder takes it (none for 'unrated': IS NULL). */
const ratingValue = (value: InterviewListQuery['callRating']) =>
  value === undefined || value === 'unrated' ? undefined : Number(value);

/** A rating filter's part of a statement's shape. */
const ratingShape = (value: InterviewListQuery['callRating']) =>
  value === undefined ? '-' : value === 'unrated' ? 'u' : 'r';

/** Whether a list's items carry their transcripts (the default; `transcripts=omit` leaves them out). */
const withTranscripts = (q: InterviewListQuery) => q.transcripts !== 'omit';

/** A list's columns, as the statement's `withTranscripts` value asks. */
type ListColumns = ReturnType<typeof listColumnsWith>;

/** Every call of one user, newest first (the spec's plain-array form). */
export async function listUserInterviews(db: DbOrTx, userId: number, q: InterviewListQuery = {}) {
  const rows = await db
    .select(listColumnsWith(sql`${withTranscripts(q)}`))
    .from(interviews)
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .where(eq(interviews.userId, userId))
    .orderBy(...newestFirst);
  return rows.map((r) => toListedView(r, withTranscripts(q)));
}

/** The filters of a list and the search they hold, resolved (see resolveSearch). */
export type ListFilters = { q: InterviewListQuery; search?: Search };

/** `page` from 1 and `pageSize`; the matches are counted LIST_COUNT_AHEAD (at least a page) past the page's start. */
function paging(q: InterviewListQuery): Paging {
  const limit = q.pageSize ?? DASHBOARD_PAGE_SIZE;
  const offset = ((q.page ?? 1) - 1) * limit;
  return { limit, offset, countUpTo: offset + Math.max(limit, LIST_COUNT_AHEAD) };
}

/** The total of a count made up to `upTo + 1` rows. */
const cappedTotal = (matched: number, upTo: number) =>
  matched > upTo ? { total: upTo, totalCapped: true } : { total: matched, totalCapped: false };

/**
 * A filtered list in one scan: the matching calls newest first (`where`, over `from`), as far as
 * the count goes — `countUpTo + 1`, one more says "more than" — as the CTE `matches` (ids and start
 * times only); their number; and the page's ids among them. A common word may match thousands of
 * calls, each a transcript to read: this reads as many as the count needs, and the page is taken
 * from those instead of being searched for again.
 */
function matchesUpTo<Q extends PgSelectQueryBuilder>(
  db: DbOrTx,
  from: Q,
  where: SQL | undefined,
  p: FilteredPaging,
) {
  const matches = db.$with('matches').as(
    from
      .where(where)
      .orderBy(...newestFirst)
      .limit(p.countLimit),
  );
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.startTime), desc(matches.id))
    .limit(p.limit)
    .offset(p.offset)
    .as('page_ids');
  const matched = sql<number>`(select count(*) from ${matches})`.mapWith(Number);
  return { matches, pageIds, matched };
}

/** What `matchesUpTo` selects: a call's id and start time (the page is ordered by them). */
const matchKey = () => ({ id: interviews.id, startTime: interviews.startTime });

/**
 * Calls Completed and Average Score over all the user's completed calls (spec §9), read from the
 * user's row of user_call_stats that the database keeps (migration 0013). An aggregate, so it is
 * one row even for a user who has no row there yet (no completed call): 0 and 0.
 */
function summaryRow(db: DbOrTx, userId: number | Placeholder | SQL) {
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

/** The page's columns, under the same keys as listColumns. */
function pageColumns<P extends Record<keyof typeof listColumns, unknown>>(page: P) {
  return Object.fromEntries(
    Object.keys(listColumns).map((key) => [key, page[key as keyof typeof listColumns]]),
  ) as {
    [K in keyof typeof listColumns]: P[K];
  };
}

/**
 * The dashboard's usual request, a page with no filters, and its summary in one prepared statement:
 * the page straight from interviews_user_completed_idx, joined laterally to the summary row so a
 * page past the end still answers the summary (one row with no call). The total is the summary's
 * count.
 */
function unfilteredStatement(
  db: DbOrTx,
  userId: number | Placeholder,
  p: { limit: number | Placeholder; offset: number | Placeholder },
  transcripts: SQL | Placeholder = sql.placeholder('withTranscripts'),
) {
  const summary = summaryRow(db, userId);
  const page = ownCompletedNewestFirst(
    db.select(listColumnsWith(transcripts)).from(interviews).$dynamic(),
    userId,
  )
    .limit(p.limit)
    .offset(p.offset)
    .as('page');
  return db
    .select({
      completedCount: summary.completedCount,
      averageScore: summary.averageScore,
      call: pageColumns(page),
    })
    .from(summary)
    .leftJoinLateral(page, sql`true`);
}

const unfilteredDashboard = preparedQuery('dashboard_page', (db) =>
  unfilteredStatement(db, sql.placeholder('userId'), {
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }),
);

/**
 * A row count written into a statement's text instead of bound. PostgreSQL plans a LIMIT it cannot
 * see for a tenth of the rows, so a prepared statement with `LIMIT $n` never takes its generic plan
 * (it looks dearer than any planned with the values) and is planned again on every run: 0.37 ms of
 * the dashboard's 0.5 ms statement. First pages of the size the app asks for (WRITTEN_PAGE_SIZES),
 * by far the most read, have no OFFSET and their counts written in, so they are planned once per
 * connection. Other sizes stay bound: one statement per size would let anyone make thousands.
 */
const writtenIn = (n: number) => {
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  // drizzle writes a limit given as SQL into the text, and binds one given as a number
  return sql.raw(String(n)) as unknown as number;
};
const WRITTEN_PAGE_SIZES = new Set([DASHBOARD_PAGE_SIZE, ADMIN_PAGE_SIZE]);
const writesIn = (p: { limit: number; offset: number }) => p.offset === 0 && WRITTEN_PAGE_SIZES.has(p.limit);

/** The dashboard's first page at its own size, with the counts written in (see writtenIn). */
const firstDashboardPage = preparedQuery(`dashboard_first_${DASHBOARD_PAGE_SIZE}`, (db) =>
  unfilteredStatement(db, sql.placeholder('userId'), { limit: writtenIn(DASHBOARD_PAGE_SIZE), offset: 0 }),
);
function unfilteredPage(db: DbOrTx, userId: number, p: Paging, transcripts: boolean) {
  if (p.offset === 0 && p.limit === DASHBOARD_PAGE_SIZE)
    return firstDashboardPage(db, { userId, withTranscripts: transcripts });
  return unfilteredDashboard(db, { userId, limit: p.limit, offset: p.offset, withTranscripts: transcripts });
}

const fromInterviews = (db: DbOrTx) => db.select(matchKey()).from(interviews).$dynamic();

/**
 * The `window` newest calls that `where` picks, under the table's own name so that the list's
 * filters read them as they read the table: a search looks there first (see SEARCH_WINDOW).
 */
function newestCalls(db: DbOrTx, where: SQL | undefined, window: number | Placeholder) {
  return db
    .select({
      ...getTableColumns(interviews),
      searchText: sql<string>`${interviews}.search_text`.as('search_text'),
    })
    .from(interviews)
    .where(where)
    .orderBy(...newestFirst)
    .limit(window)
    .as('interviews');
}

/** A list's matches read from the whole table, or from its `window` newest calls that `where` picks. */
function matchesFrom(db: DbOrTx, window: number | Placeholder | undefined, where?: SQL) {
  const select = db.select(matchKey());
  return (
    window === undefined ? select.from(interviews) : select.from(newestCalls(db, where, window))
  ).$dynamic() as ReturnType<typeof fromInterviews>;
}

/** matchesUpTo over `from`, joined to the scenario when the call type is a filter (the only one that needs its row). */
function listMatches(
  db: DbOrTx,
  q: InterviewListQuery,
  from: ReturnType<typeof fromInterviews>,
  where: SQL | undefined,
  p: WindowPaging,
) {
  const joined = q.callType
    ? from.innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    : from;
  return matchesUpTo(db, joined, where, p);
}

/** With filters: the summary row, the matches counted as far as matchesUpTo goes, and the page. */
function filteredStatement(
  db: DbOrTx,
  userId: number | Placeholder,
  q: InterviewListQuery,
  search: Search | undefined,
  bind: Bind,
  p: WindowPaging,
) {
  const from = matchesFrom(db, p.window, and(eq(interviews.userId, userId), completedCall));
  const where = and(eq(interviews.userId, userId), completedCall, ...commonFilters(q, search, bind));
  const { matches, pageIds, matched } = listMatches(db, q, from, where, p);
  const page = db
    .select(listColumnsWith(sql.placeholder('withTranscripts')))
    .from(pageIds)
    .innerJoin(interviews, eq(interviews.id, pageIds.id))
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .as('page');
  return summaryAndPage(db, [matches], userId, page, { matched });
}

/**
 * The summary row with a filtered list's page joined to it (a page past the end still answers the
 * summary: one row with no call), newest first, and `fields` beside them; `ctes` are the page's.
 */
function summaryAndPage<F extends Record<string, SQL | SQL.Aliased>>(
  db: DbOrTx,
  ctes: WithSubquery[],
  userId: number | Placeholder | SQL,
  page: SubqueryWithSelection<ListColumns, 'page'>,
  fields: F,
) {
  const summary = summaryRow(db, userId);
  return db
    .with(...ctes)
    .select({
      completedCount: summary.completedCount,
      averageScore: summary.averageScore,
      ...fields,
      call: pageColumns(page),
    })
    .from(summary)
    .leftJoinLateral(page, sql`true`)
    .orderBy(desc(page.startTime), desc(page.id));
}

/** The row counts a list's statement runs with (see matchesUpTo; `window` for a window's). */
type Counts = { limit: number; offset: number; countLimit: number; window?: number };

/** The values of a list statement's placeholders (see statementByShape). */
type StatementValues = Counts & Record<string, unknown>;

/**
 * A list's statements are built once per shape of filters (which of them are given, whether the
 * search names scenarios or callers, and whether it reads a window of the newest calls), with
 * placeholders (see Bind). Over a window (and the one-statement search, searchedMatches, which is
 * given one) the plan is the same for any values, so the statement is named and PostgreSQL plans it
 * once per connection; over the whole table with a text to search it is unnamed, so each run is
 * planned for its own values (a rare word: the trigram index), and so is one with other filters (a
 * rare scenario or rating is read another way than a common one). The whole table with nothing to
 * filter by (All Calls as an admin opens it, at the app's page size) is named: its plan was made on
 * every run, 0.45 of its 0.6 ms in the database. A named statement for a first page
 * has its row counts written in (see writtenIn): bound, they had it planned again on every run.
 */
function statementByShape<R>(
  prefix: string,
  filters: (q: InterviewListQuery) => string,
  build: (db: DbOrTx, q: InterviewListQuery, search: Search | undefined, p: WindowPaging) => Preparable<R>,
) {
  const prepared = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<R>>();
  keptShapes.push(() => prepared.size);
  const names = (ids: Named | undefined) =>
    ids === undefined ? '' : ids === 'many' ? 'm' : ids.length ? 'i' : 't';
  return (db: DbOrTx, q: InterviewListQuery, search: Search | undefined, values: StatementValues) => {
    const windowed = values.window !== undefined;
    const given = filters(q);
    // the whole table without a text or a filter (All Calls as it opens): one plan for any values
    const unfiltered = search === undefined && /^-*$/.test(given) && writesIn(values);
    const named = windowed || unfiltered;
    const written = named && writesIn(values);
    const shape = search ? `${names(search.interviewers)}${names(search.callers)}` : '-';
    const firstWindow = written && values.window === SEARCH_WINDOW;
    const counts = written
      ? `_${values.limit}_${values.countLimit}${firstWindow ? `_${SEARCH_WINDOW}` : ''}`
      : '';
    const key = `${shape}${given}${windowed ? 'w' : '-'}${counts}`;
    const known = prepared.get(key);
    if (known) return known(db, values);
    const bound = (name: string) => sql.placeholder(name);
    const paging: WindowPaging = {
      limit: written ? writtenIn(values.limit) : bound('limit'),
      offset: written ? 0 : bound('offset'),
      countLimit: written ? writtenIn(values.countLimit) : bound('countLimit'),
      window: !windowed ? undefined : firstWindow ? writtenIn(SEARCH_WINDOW) : bound('window'),
    };
    // Past MAX_SHAPES (an admin trying every combination of filters) a shape's statement is built
    // for the request and unnamed: each named one holds a plan in every connection.
    const keep = prepared.size < MAX_SHAPES;
    const name = named && keep ? `${prefix}_${key}` : '';
    if (name) namedShapes.add(name);
    const statement = preparedQuery(name, (db) => build(db, q, search, paging));
    if (keep) prepared.set(key, statement);
    return statement(db, values);
  };
}

const keptShapes: (() => number)[] = [];
/** The names of the list statements PostgreSQL plans once per connection (see statementByShape). */
const namedShapes = new Set<string>();
export const namedStatementShapes = (): readonly string[] => [...namedShapes];
/** How many shapes of statements the lists keep (each named one is prepared in every connection it runs on). */
export const keptStatementShapes = () => keptShapes.reduce((sum, size) => sum + size(), 0);

/**
 * How many shapes of statements each list keeps, named, in every connection (the app's own
 * requests use a few dozen; an admin combining All Calls' filters could ask for thousands).
 */
const MAX_SHAPES = 64;

/** The dashboard's filtered statement for the shape of `q` and `search` (see statementByShape). */
const filteredDashboard = statementByShape(
  'dashboard',
  (q) => `${q.callType ? 'c' : '-'}${q.interviewerId ? 's' : '-'}`,
  (db, q, search, paging) =>
    filteredStatement(db, sql.placeholder('userId'), q, search, placeholders, paging),
);

/**
 * Runs a search over the SEARCH_WINDOW newest calls first (`run(SEARCH_WINDOW)`). That answers it
 * when more than `countUpTo` of them match, or when they are all the calls there are to search.
 * Otherwise the share that matched says how common the search is: reading on along the newest calls
 * finds the rest in about (countUpTo + 1) / share calls, and the trigram index reads about
 * share × calls transcripts (each candidate is one to check), so it reads on while
 * share² ≥ (countUpTo + 1) / calls, and asks the index (`run(undefined)`) below that.
 */
export async function searchNewestFirst<R>(
  countUpTo: number,
  run: (window: number | undefined) => Promise<R>,
  found: (rows: R) => { matched: number; calls: number | (() => Promise<Counted>) },
): Promise<R> {
  const recent = await run(SEARCH_WINDOW);
  const { matched, calls: counting } = found(recent);
  if (matched > countUpTo) return recent;
  const { calls, exact } = typeof counting === 'number' ? { calls: counting, exact: true } : await counting();
  if (exact && calls <= SEARCH_WINDOW) return recent;
  const share = matched / SEARCH_WINDOW;
  if (share * share >= (countUpTo + 1) / calls) {
    // (with room for calls added since they were counted)
    const more = await run(calls + SEARCH_WINDOW);
    // a count that only stood in for the calls may have left some out: the index answers then
    if (exact || found(more).matched > countUpTo) return more;
  }
  return run(undefined);
}

/** How many calls a search covers, and whether that is their number or a stand-in for it. */
export type Counted = { calls: number; exact: boolean };

const hasFilters = (q: InterviewListQuery) => Boolean(q.search?.trim() || q.callType || q.interviewerId);

/** The dashboard's page without filters, with its values (bench/dashboard prints its plan). */
export const firstPageQuery = (db: DbOrTx, userId: number, q: InterviewListQuery) =>
  unfilteredStatement(db, userId, paging(q), sql`${withTranscripts(q)}`);

/**
 * The paging a search runs with once its total is known (searchedFirst counted past countUpTo and
 * nothing but the search filters): the page's calls only, not the matches past it. A common word
 * then reads about as many transcripts as the page needs instead of LIST_COUNT_AHEAD more.
 */
const pageOnly = (p: Paging): Paging => ({ ...p, countUpTo: p.offset + p.limit - 1 });

/** The dashboard's search in one statement: searchedMatches, its page and the summary. */
function searchedDashboardStatement(
  db: DbOrTx,
  q: InterviewListQuery,
  p: WindowPaging,
  v: Value = placeholderOf,
) {
  const { ctes, inMatched, counts } = searchedMatches(db, 'dashboard', q, p, v);
  const page = db
    .select(listColumnsWith(v('withTranscripts')))
    .from(interviews)
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .where(inMatched)
    .orderBy(...newestFirst)
    .limit(p.limit)
    .offset(p.offset)
    .as('page');
  return summaryAndPage(db, ctes, v('userId'), page, counts);
}

/**
 * The statement the dashboard runs for a search on its first pages, with its values (bench/dashboard
 * prints its plan; every value is unseen by the planner, so it is the plan every run keeps).
 */
export function searchedDashboardQuery(db: DbOrTx, userId: number, q: InterviewListQuery) {
  const p = paging(q);
  const text = q.search?.trim() ?? '';
  const values: Record<string, unknown> = {
    ...listValues(q, p, undefined, p, SEARCH_WINDOW),
    userId,
    text,
    pattern: containsPattern(text),
  };
  const counts = { limit: p.limit, offset: p.offset, countLimit: p.countUpTo + 1, window: SEARCH_WINDOW };
  return searchedDashboardStatement(db, q, counts, (name) => sql`${values[name]}`);
}

/** The dashboard's one-statement search for the shape of `q` (see searchedMatches, statementByShape). */
const searchedDashboard = statementByShape(
  'dashboard_search',
  (q) => `${q.callType ? 'c' : '-'}${q.interviewerId ? 's' : '-'}`,
  (db, q, _search, paging) => searchedDashboardStatement(db, q, paging),
);

/**
 * The values of a list statement's placeholders that both lists share: the search's, the common
 * filters' and the row counts (`counting`: how far the matches are counted, see pageOnly).
 */
function listValues(
  q: InterviewListQuery,
  p: Paging,
  search: Search | undefined,
  counting: Paging,
  window?: number,
) {
  return {
    pattern: search?.pattern,
    interviewerIds: Array.isArray(search?.interviewers) ? search.interviewers : undefined,
    callType: q.callType,
    interviewerId: q.interviewerId,
    limit: p.limit,
    offset: p.offset,
    countLimit: counting.countUpTo + 1,
    window,
    withTranscripts: withTranscripts(q),
  };
}

/**
 * One page of the user's completed calls matching the filters, the total (without filters exact:
 * the summary's count; with filters counted LIST_COUNT_AHEAD past the page's start), and the
 * summary figures. With filters the rows are read as filteredRows reads them (decision 018).
 */
export async function findCompletedInterviews(db: DbOrTx, userId: number, q: InterviewListQuery) {
  const p = paging(q);
  if (!hasFilters(q)) {
    const rows = await unfilteredPage(db, userId, p, withTranscripts(q));
    const [{ completedCount, averageScore }] = rows;
    const items = rows.flatMap((r) => (r.call ? [toListedView(r.call, withTranscripts(q))] : []));
    return { items, total: completedCount, totalCapped: false, summary: { completedCount, averageScore } };
  }
  const values = (search: Search | undefined, counting = p, window?: number) => ({
    ...listValues(q, p, search, counting, window),
    userId,
  });
  const { rows, counted } = await filteredRows(db, q, p, {
    narrowing: Boolean(q.callType || q.interviewerId),
    withCallers: false,
    values,
    searched: (v) => searchedDashboard(db, q, undefined, v),
    statement: (search, v) => filteredDashboard(db, q, search, v),
    calls: (rows) => rows[0].completedCount,
  });
  return dashboardPage(rows, p.countUpTo, withTranscripts(q), counted);
}

/** The values of a list's statement for a search, how far it counts, and a window. */
type ListValues = (search: Search | undefined, counting?: Paging, window?: number) => StatementValues;

/**
 * A filtered list's rows, the way decision 018 takes: a search's first pages in one statement
 * (searchedFirst), else the list's own statement (`statement`) over the newest calls first
 * (searchNewestFirst), as a list without a text is read too. `counted`: the total is past countUpTo
 * and the rows hold the page only. `narrowing`: a filter besides the search and the caller;
 * `calls`: how many calls the list covers (searchNewestFirst's rule).
 */
async function filteredRows<R extends { matched: number }>(
  db: DbOrTx,
  q: InterviewListQuery,
  p: Paging,
  list: {
    narrowing: boolean;
    withCallers: boolean;
    values: ListValues;
    searched: (values: StatementValues) => Promise<(R & SearchedCounts)[]>;
    statement: (search: Search | undefined, values: StatementValues) => Promise<R[]>;
    calls: (rows: R[]) => number | (() => Promise<Counted>);
  },
): Promise<{ rows: R[]; counted: boolean }> {
  const first = await searchedFirst(q, p, list.narrowing, (text) =>
    list.searched({ ...list.values(undefined, p, SEARCH_WINDOW), ...text }),
  );
  if (first.rows) return { rows: first.rows, counted: first.countedPast };
  const named = await resolveSearch(db, q, list.withCallers);
  if (!named) return { rows: await list.statement(undefined, list.values(undefined)), counted: false };
  const counted = first.countedPast;
  const counting = counted ? pageOnly(p) : p;
  const rows = await searchNewestFirst(
    counting.countUpTo,
    (window) =>
      window === undefined
        ? list.statement(named, list.values(named, counting))
        : list.statement(namesInStatement(named), list.values(named, counting, window)),
    (rows) => ({ matched: rows[0].matched, calls: list.calls(rows) }),
  );
  return { rows, counted };
}

/**
 * The dashboard's answer from its statement's rows (see filteredStatement); `counted`: the search
 * was already counted past countUpTo (searchedFirst), and the statement only read the page.
 */
function dashboardPage(
  rows: {
    completedCount: number;
    averageScore: number;
    matched: number;
    call: ListedInterviewRow | null;
  }[],
  countUpTo: number,
  transcripts: boolean,
  counted = false,
) {
  const [{ completedCount, averageScore, matched }] = rows;
  const items = rows.flatMap((r) => (r.call ? [toListedView(r.call, transcripts)] : []));
  const total = counted ? cappedTotal(countUpTo + 1, countUpTo) : cappedTotal(matched, countUpTo);
  return { items, ...total, summary: { completedCount, averageScore } };
}

// the caller's name under a name of its own: the scenario's is `name` too
const adminColumnsWith = (transcripts: SQL | Placeholder) => ({
  ...listColumnsWith(transcripts),
  userName: sql<string>`${users.name}`.as('user_name'),
  userEmail: users.email,
});
type AdminColumns = ReturnType<typeof adminColumnsWith>;

function adminWhere({ q, search }: ListFilters, bind: Bind = inline) {
  // the search also names callers (name or email) here: resolveSearch(…, true)
  const filters = commonFilters(q, search, bind);
  const call = ratingFilter(interviews.callRating, 'callRating', q.callRating, bind);
  const evaluation = ratingFilter(interviews.evaluationRating, 'evaluationRating', q.evaluationRating, bind);
  if (call) filters.push(call);
  if (evaluation) filters.push(evaluation);
  if (q.userId) filters.push(eq(interviews.userId, bind.value('userId', q.userId)));
  return filters.length ? and(...filters) : undefined;
}

/** The user's completed calls with their scenario, newest first (the dashboard's page, the trends). */
function ownCompletedNewestFirst<Q extends PgSelectQueryBuilder>(query: Q, userId: number | Placeholder) {
  return query
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .where(and(eq(interviews.userId, userId), completedCall))
    .orderBy(...newestFirst);
}

/** A call's scenario and caller, for the admin list's rows. */
function withScenarioAndCaller<Q extends PgSelectQueryBuilder>(query: Q) {
  return query
    .innerJoin(interviewers, eq(interviews.interviewerId, interviewers.id))
    .innerJoin(users, eq(interviews.userId, users.id));
}

const toAdmin = (r: ListedInterviewRow & { userName: string; userEmail: string }, transcripts: boolean) => ({
  ...toListedView(r, transcripts),
  userName: r.userName,
  userEmail: r.userEmail,
});

/**
 * All users' calls for admins, newest first; paged and filtered when `page` is given, with the
 * total counted as the dashboard counts (LIST_COUNT_AHEAD past the page's start) (see filteredRows).
 */
export async function findAllInterviews(db: DbOrTx, q: InterviewListQuery) {
  if (!q.page) {
    const where = adminWhere({ q, search: await resolveSearch(db, q, true) });
    const columns = adminColumnsWith(sql`${withTranscripts(q)}`);
    const rows = await withScenarioAndCaller(db.select(columns).from(interviews).$dynamic())
      .where(where)
      .orderBy(...newestFirst);
    return { items: rows.map((r) => toAdmin(r, withTranscripts(q))), page: undefined };
  }
  const p = paging(q);
  const values = (search: Search | undefined, counting = p, window?: number) => ({
    ...listValues(q, p, search, counting, window),
    callerIds: Array.isArray(search?.callers) ? search.callers : undefined,
    callRating: ratingValue(q.callRating),
    evaluationRating: ratingValue(q.evaluationRating),
    userId: q.userId,
  });
  const { rows, counted } = await filteredRows(db, q, p, {
    // the caller (userId) is the search's scope; any other filter narrows what it counted
    narrowing: Boolean(q.callType || q.interviewerId || q.callRating || q.evaluationRating),
    withCallers: true,
    values,
    searched: (v) => searchedAllCalls(db, q, undefined, v),
    statement: (search, v) => allCallsPage(db, q, search, v),
    calls: () => () => countAllCalls(db),
  });
  return allCallsAnswer(rows, p.countUpTo, withTranscripts(q), counted);
}

type AllCallsRows = Awaited<ReturnType<typeof allCallsPage>>;

/** All Calls' answer from its statement's rows: the page and its total, counted as the dashboard counts. */
function allCallsAnswer(rows: AllCallsRows, countUpTo: number, transcripts: boolean, counted = false) {
  const items = rows.flatMap((r) => (r.call ? [toAdmin(r.call, transcripts)] : []));
  return { items, page: cappedTotal(counted ? countUpTo + 1 : rows[0].matched, countUpTo) };
}

/** All Calls' page, over every call or the `window` newest (see searchNewestFirst). */
function allCallsStatement(
  db: DbOrTx,
  q: InterviewListQuery,
  search: Search | undefined,
  bind: Bind,
  p: WindowPaging,
) {
  const from = matchesFrom(db, p.window);
  const { matches, pageIds, matched } = listMatches(db, q, from, adminWhere({ q, search }, bind), p);
  const page = withScenarioAndCaller(
    db
      .select(adminColumnsWith(sql.placeholder('withTranscripts')))
      .from(pageIds)
      .innerJoin(interviews, eq(interviews.id, pageIds.id))
      .$dynamic(),
  ).as('page');
  return allCallsRows(db, [matches], page, { matched });
}

/** All Calls' page (with the caller) after `ctes`, newest first, and `fields` beside it. */
function allCallsRows<F extends Record<string, SQL | SQL.Aliased>>(
  db: DbOrTx,
  ctes: WithSubquery[],
  page: SubqueryWithSelection<AdminColumns, 'page'>,
  fields: F,
) {
  return db
    .with(...ctes)
    .select({ ...fields, call: { ...pageColumns(page), userName: page.userName, userEmail: page.userEmail } })
    .from(sql`(select 1) as one`)
    .leftJoinLateral(page, sql`true`)
    .orderBy(desc(page.startTime), desc(page.id));
}

/** All Calls' search in one statement: searchedMatches and its page. */
function searchedAllCallsStatement(db: DbOrTx, q: InterviewListQuery, p: WindowPaging) {
  const { ctes, inMatched, counts } = searchedMatches(db, 'allCalls', q, p);
  const page = withScenarioAndCaller(
    db
      .select(adminColumnsWith(sql.placeholder('withTranscripts')))
      .from(interviews)
      .$dynamic(),
  )
    .where(inMatched)
    .orderBy(...newestFirst)
    .limit(p.limit)
    .offset(p.offset)
    .as('page');
  return allCallsRows(db, ctes, page, counts);
}

/** The shape of All Calls' filters, part of its statements' names. */
const allCallsFilters = (q: InterviewListQuery) =>
  `${q.callType ? 'c' : '-'}${q.interviewerId ? 's' : '-'}${ratingShape(q.callRating)}${ratingShape(q.evaluationRating)}${q.userId ? 'u' : '-'}`;

/** All Calls' one-statement search for the shape of `q` (see searchedMatches, statementByShape). */
const searchedAllCalls = statementByShape('all_calls_search', allCallsFilters, (db, q, _search, paging) =>
  searchedAllCallsStatement(db, q, paging),
);

/** All Calls' statement for the shape of `q` and `search` (see statementByShape). */
const allCallsPage = statementByShape('all_calls', allCallsFilters, (db, q, search, paging) =>
  allCallsStatement(db, q, search, placeholders, paging),
);

/**
 * How many calls All Calls searches: exact up to the search window (whether the window held them
 * all); past it the completed calls' count from user_call_stats stands in (the share rule needs no
 * more than its size, and searchNewestFirst checks what it found).
 */
async function countAllCalls(db: DbOrTx): Promise<Counted> {
  const window = sql`(select 1 from ${interviews} limit ${SEARCH_WINDOW + 1}) as w`;
  const [{ upTo, completed }] = await db
    .select({
      upTo: sql<number>`(select count(*) from ${window})`.mapWith(Number),
      completed:
        sql<number>`(select coalesce(sum(${userCallStats.completedCount}), 0) from ${userCallStats})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return upTo <= SEARCH_WINDOW
    ? { calls: upTo, exact: true }
    : { calls: Math.max(upTo, completed), exact: false };
}

const finiteOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The user's most recent completed calls, oldest first, as points of the progress charts. */
export async function findScoreTrends(db: DbOrTx, userId: number, limit: number): Promise<TrendPoint[]> {
  const columns = {
    id: interviews.id,
    startTime: interviews.startTime,
    evaluation: interviews.evaluation,
    interviewerName: interviewers.name,
  };
  const rows = await ownCompletedNewestFirst(db.select(columns).from(interviews).$dynamic(), userId).limit(
    limit,
  );
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
