// The pieces of a query of calls that every list shares: a listed call's columns (with its
// scenario's name and call type), what a completed call is (spec §4: endTime and evaluation set),
// the newest-first order, a page's row counts, and what a search names besides transcripts.
import {
  and,
  eq,
  getTableColumns,
  ilike,
  isNotNull,
  isNull,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { InterviewListQuery } from '../../../shared/contracts/calls.js';
import { interviewers, interviews, users } from '../../db/schema.js';

export const listColumns = {
  ...getTableColumns(interviews),
  interviewerName: interviewers.name,
  interviewerCallType: interviewers.callType,
};

/**
 * A list's columns with the transcript read only when the request asks for it (`withTranscripts`:
 * a statement's value, `transcripts` of the list query): a page without them never reads the
 * transcripts' 8 KB values, nor sends them.
 */
export const listColumnsWith = (withTranscripts: SQL | Placeholder) => ({
  ...listColumns,
  transcript: sql<string | null>`case when ${withTranscripts}::boolean then ${interviews.transcript} end`.as(
    'transcript',
  ),
});

export const completedCall: SQL = sql`${and(isNotNull(interviews.endTime), isNotNull(interviews.evaluation))}`;

/**
 * A completed call of the fixed sample that interviews_user_words_sample_idx holds (migration 0019):
 * its id hashes to 0 of 16. Spelled as the index's predicate, so the planner reads it.
 */
export const sampledCall = sql`${completedCall} and (hashint4(${interviews.id}) & 15) = 0`;

/** Newest first, spelled like the indexes' key order (DESC NULLS LAST) so the planner reads them. */
export const newestFirst = [
  sql`${interviews.startTime} desc nulls last`,
  sql`${interviews.id} desc nulls last`,
];

/** A page, and how far to count the matches (see matchesUpTo). */
export type Paging = { limit: number; offset: number; countUpTo: number };

/** The same in SQL: values or placeholders; `countLimit` is `countUpTo + 1`. */
export type FilteredPaging = {
  limit: number | Placeholder;
  offset: number | Placeholder;
  countLimit: number | Placeholder;
};

/** A list's paging over the whole table, or over its `window` newest calls. */
export type WindowPaging = FilteredPaging & { window?: number | Placeholder };

/** A rating filter (spec: 0, 1, 2 or 'unrated'): `column` is null, or equals `value` as the statement takes it. */
export function ratingIs(
  column: typeof interviews.callRating | typeof interviews.evaluationRating,
  rating: NonNullable<InterviewListQuery['callRating']>,
  value: SQL | Placeholder | number,
) {
  return rating === 'unrated' ? isNull(column) : eq(column, value);
}

/** A search's ILIKE pattern (containsPattern), as a value or in SQL. */
type Pattern = string | SQLWrapper;

/** A scenario the search names: its name contains the text (spec §5). */
export const scenarioNamed = (pattern: Pattern) => ilike(interviewers.name, pattern);

/** A caller All Calls' search names: their name or email contains the text. */
export const callerNamed = (pattern: Pattern) =>
  or(ilike(users.name, pattern), ilike(users.email, pattern)) as SQL;
