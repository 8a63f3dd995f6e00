// A search on a list's first pages in one statement (issue 25, decision 018): a common text counted
// by the words index, a rare one found by the trigram index and matched by id, a common one paged
// along the newest calls. find-calls.ts puts each list's page on top and goes the longer way
// (searchNewestFirst) when this does not answer.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { InterviewListQuery } from '../../../shared/contracts/calls.js';
import type { DbOrTx } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { interviewers, interviews, users } from '../../db/schema.js';
import {
  callerNamed,
  completedCall,
  newestFirst,
  type Paging,
  ratingIs,
  sampledCall,
  scenarioNamed,
  type WindowPaging,
} from './call-columns.js';

/**
 * A search reads the user's newest calls first, this many of them. Whether a word is common or
 * rare is what decides between reading the newest calls until enough match and asking the
 * transcripts' trigram index, and PostgreSQL cannot tell from its statistics once transcripts are
 * longer than a kilobyte (it keeps none for wider values): it asked the index for "budget", found
 * in a quarter of all calls, and read 5,000 transcripts (bench/dashboard, 8 KB transcripts: 90 ms
 * instead of 4). The window tells: see searchNewestFirst (find-calls.ts).
 */
export const SEARCH_WINDOW = 250;

/** A value of a statement kept for every run: `(select value)` is an InitPlan, so the planner estimates it as unknown in every plan (see searchedMatches). */
const unseen = (value: SQL) => sql`(select ${value})`;

/** A statement's value by name: its placeholder, or (for bench/dashboard's plans) the value itself. */
export type Value = (name: string) => SQL;
export const placeholderOf: Value = (name) => sql`${sql.placeholder(name)}`;

/** Which list a search runs for: the dashboard (one user's completed calls) or All Calls (anyone's). */
export type Listing = 'dashboard' | 'allCalls';

/**
 * A list's filters besides the search, written on `interviews` (see searchedMatches): call type and
 * scenario, and on All Calls the ratings. The caller (All Calls' `userId`) is the search's scope.
 */
function narrowingFilters(listing: Listing, q: InterviewListQuery, v: Value): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (q.callType)
    filters.push(
      sql`${interviews.interviewerId} in (select ${interviewers.id} from ${interviewers} where ${interviewers.callType} = ${v('callType')})`,
    );
  if (q.interviewerId) filters.push(eq(interviews.interviewerId, v('interviewerId')));
  if (listing === 'allCalls') {
    const ratings = [
      [interviews.callRating, 'callRating'],
      [interviews.evaluationRating, 'evaluationRating'],
    ] as const;
    for (const [column, name] of ratings) {
      const rating = q[name];
      if (rating !== undefined) filters.push(ratingIs(column, rating, v(name)));
    }
  }
  const given = filters.filter((f) => f !== undefined);
  return given.length ? and(...given) : undefined;
}

const count = (name: string) => sql<number>`n`.mapWith(Number).as(name);
const matchColumns = () => ({
  id: sql<number>`id`.as('id'),
  startTime: sql<Date>`start_time`.as('start_time'),
});

/**
 * A search on a list's first pages (while its count's limit is within SEARCH_WINDOW), as the CTEs
 * of one statement whose plan is the same for every text (named, planned once per connection):
 * - `words`: how many of the list's calls (the caller's or anyone's, through its other filters)
 *   have the text as a word, up to the count's limit, without reading a transcript: among the
 *   sixteenth of the calls in interviews_user_words_sample_idx (migration 0019) first, and when
 *   fewer of those say it, among all of them in interviews_user_words_idx (migration 0016). Each
 *   such call contains the text, so reaching the limit says "more than countUpTo".
 * - `probe`: otherwise the trigram index's calls of the caller (or anyone) that contain it, up to
 *   the limit (each candidate a transcript to check; a narrowing filter is left to the next step,
 *   or it could read every candidate). Fewer than the limit are all of them.
 * - `rare`: then the list's matches are those calls and the calls of the scenarios (on All Calls,
 *   and the callers) whose name contains it (`named`), counted and paged by id.
 * - `recent`: else the text is common, and the page is read along the SEARCH_WINDOW newest calls,
 *   stopping once it is full (or, when only the probe counted and a filter narrows the list, once
 *   the count is reached).
 * `matched` holds the page's candidates; the statement's counts say which answered (searchedFirst),
 * and the caller goes the longer way when neither did. Every value is read through `unseen`: a text
 * the planner could see would have each run planned for it, which cost more than the statement
 * (2.7 ms against 0.7 ms).
 */
export function searchedMatches(
  db: DbOrTx,
  listing: Listing,
  q: InterviewListQuery,
  p: WindowPaging,
  v: Value = placeholderOf,
) {
  const caller = listing === 'dashboard' || q.userId ? v('userId') : undefined;
  const pattern = unseen(sql`lower(${v('pattern')}::text)`);
  const namePattern = unseen(sql`${v('pattern')}::text`);
  // the text itself where no index is asked: strpos finds it faster than LIKE scans for the pattern
  const lowered = unseen(sql`lower(${v('text')}::text)`);
  const scope =
    and(
      caller ? eq(interviews.userId, caller) : undefined,
      listing === 'dashboard' ? completedCall : undefined,
    ) ?? sql`true`;
  const narrowing = narrowingFilters(listing, q, v);
  const narrowed = narrowing ? sql` and ${narrowing}` : sql``;
  const limit = p.countLimit;
  const newest = sql.join(newestFirst, sql`, `);
  const page = sql`${p.offset}::int + ${p.limit}::int`;
  // The calls with the word, filtered as the list is: only the words index can read them (no
  // user_id = $1 beside it, as the keys name the caller: the planner would AND in the trigram
  // index's posting list of all the caller's calls, 0.6 ms at 10,000), and `offset 0` keeps a
  // narrowing filter out of the scan (an index on it would have call_words computed for every call
  // it gives). Completed calls only (the index's), which All Calls' list holds among others.
  const key = unseen(
    sql`array[${caller ? sql`${caller}::text` : sql`'*'`} || ':' || lower(${v('text')}::text)]`,
  );
  const withWord = (
    among: SQL,
  ) => sql`select ${interviews.id}, ${interviews.interviewerId}, ${interviews.userId},
      ${interviews.callRating}, ${interviews.evaluationRating} from ${interviews} where ${among}
      and call_words(${interviews.userId}, ${interviews}.search_text) @> ${key}
      offset 0`;
  const saying = (among: SQL) =>
    sql`(select count(*)::int from (select 1 from (${withWord(among)}) as ${interviews}
        where true${narrowed} limit ${limit}) as said)`;
  // the sampled calls first: a word in `limit` of them is in as many calls, read from a sixteenth of
  // its postings; below that, every call's (an InitPlan runs only when its value is asked for)
  const words = db
    .$with('words', { n: count('n') })
    .as(
      sql`select case when ${saying(sampledCall)} >= ${limit} then ${limit} else ${saying(completedCall)} end as n`,
    );
  const probe = db
    .$with('probe', { id: matchColumns().id })
    .as(
      sql`select ${interviews.id} from ${interviews} where (select n from words) < ${limit} and ${scope} and ${interviews}.search_text like ${pattern} limit ${limit}`,
    );
  const found = db.$with('found', { n: count('n') }).as(sql`select count(*)::int as n from probe`);
  // the callers whose name holds the text: All Calls' (the dashboard's calls are all the caller's)
  const allCalls = listing === 'allCalls';
  const callers = allCalls
    ? sql`array(select ${users.id} from ${users} where ${callerNamed(namePattern)})`
    : sql`'{}'::int[]`;
  const named = db
    .$with('named', { ids: sql<number[]>`ids`.as('ids'), callers: sql<number[]>`callers`.as('callers') })
    .as(
      sql`select array(select ${interviewers.id} from ${interviewers} where ${scenarioNamed(namePattern)}) as ids, ${callers} as callers`,
    );
  const common = sql`((select n from words) >= ${limit} or (select n from found) >= ${limit})`;
  // the page's matches when the text is common: a full page once the list's count is known (by
  // words, or by the probe without a narrowing filter), else the count itself
  const recentLimit = narrowing
    ? sql`case when (select n from words) >= ${limit} then ${page} else ${limit} end`
    : page;
  const namedIds = sql`(select ids from named)::int[]`;
  const callerIds = sql`(select callers from named)::int[]`;
  const byName = (column: SQL, ids: SQL) =>
    sql`select ${interviews.id}, ${interviews.startTime} from ${interviews}
          where not ${common} and cardinality(${ids}) > 0 and ${scope} and ${column} = any(${ids})${narrowed}`;
  // DISTINCT ON, not UNION: a union's hash table is sized for the planner's guess of the name
  // arms (thousands of calls) and set up on every run, used or not (0.1-0.2 ms, bench/dashboard)
  const rare = db.$with('rare', matchColumns()).as(
    sql`select distinct on (start_time, id) id, start_time from (
        select ${interviews.id}, ${interviews.startTime} from probe join ${interviews} on ${interviews.id} = probe.id
          where not ${common}${narrowed}
        union all ${byName(sql`${interviews.interviewerId}`, namedIds)}
        ${allCalls ? sql`union all ${byName(sql`${interviews.userId}`, callerIds)}` : sql``}
      ) as said order by start_time desc nulls last, id desc nulls last limit ${limit}`,
  );
  const recent = db.$with('recent', matchColumns()).as(
    sql`select ${interviews.id}, ${interviews.startTime} from (
        select ${interviews.id}, ${interviews.startTime}, ${interviews.interviewerId}, ${interviews.userId},
            ${interviews.callRating}, ${interviews.evaluationRating}, ${interviews}.search_text
          from ${interviews} where ${scope} order by ${newest} limit ${p.window ?? SEARCH_WINDOW}
      ) as ${interviews}
      where ${common} and (strpos(${interviews}.search_text, ${lowered}) > 0 or ${interviews.interviewerId} = any(${namedIds})
        ${allCalls ? sql`or ${interviews.userId} = any(${callerIds})` : sql``})${narrowed}
      order by ${newest} limit ${recentLimit}`,
  );
  const matched = db
    .$with('matched', matchColumns())
    .as(sql`select id, start_time from rare union all select id, start_time from recent`);
  const counted = (cte: string) => sql<number>`(select count(*) from ${sql.raw(cte)})`.mapWith(Number);
  return {
    ctes: [words, probe, found, named, rare, recent, matched],
    /** the page's calls are among these */
    inMatched: sql`${interviews.id} in (select id from matched)`,
    counts: {
      words: sql<number>`(select n from words)`.mapWith(Number),
      found: sql<number>`(select n from found)`.mapWith(Number),
      matched: counted('rare'),
      recent: counted('recent'),
    },
  };
}

/** The counts of a searchedMatches statement. */
export type SearchedCounts = { words: number; found: number; matched: number; recent: number };

/**
 * A search on a list's first pages (while its count's limit is within SEARCH_WINDOW): `run`'s one
 * statement (searchedMatches) answers a rare text (`rows`, counted in `matched`) and a common one
 * whose page the newest calls hold (`rows`, `countedPast`: the total is "more than countUpTo").
 * Otherwise, without `rows`, the caller reads on along the newest calls or asks the index
 * (searchNewestFirst), as it does past the first pages; `countedPast` then says whether it needs
 * to count (false) or only to find the page.
 */
export async function searchedFirst<R extends SearchedCounts>(
  q: InterviewListQuery,
  p: Paging,
  narrowing: boolean,
  run: (text: { text: string; pattern: string }) => Promise<R[]>,
): Promise<{ rows?: R[]; countedPast: boolean }> {
  const text = q.search?.trim();
  const limit = p.countUpTo + 1;
  if (!text || limit > SEARCH_WINDOW) return { countedPast: false };
  const rows = await run({ text, pattern: containsPattern(text) });
  const [r] = rows;
  if (r.words < limit && r.found < limit) return { rows, countedPast: false };
  // more than countUpTo of the list's calls: by the words (filtered as the list), or by the probe
  const countedPast = r.words >= limit || !narrowing;
  if (r.recent >= (countedPast ? p.offset + p.limit : limit)) return { rows, countedPast: true };
  return { countedPast };
}
