// Text search with ILIKE, written once: the user's words are matched literally, so a search for
// "50%" or "a_b" finds that text instead of treating % and _ as wildcards.
import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** Escapes LIKE's wildcards and its escape character (backslash, PostgreSQL's default). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `s` anywhere in the text. */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`;

/** True where any of the columns contains `search` (case-insensitive). */
export function anyContains(search: string, columns: Column[]): SQL {
  const pattern = containsPattern(search);
  return or(...columns.map((column) => ilike(column, pattern))) as SQL;
}
