// Tables a non-programmer edits (word lists, phrase tables, scoring curves, preset profiles) live in
// JSON files beside the code that reads them. Each file is parsed against its zod schema once, when
// the owning module loads, so a broken edit fails at start-up and in the unit tests — naming the
// file and the entry — instead of surfacing later as a wrong score or a crash in a user's request.
import { z } from 'zod';

/** At most this many problems are listed; the first few are enough to find a bad edit. */
const MAX_ISSUES = 5;

/** A data file: its path from the repository root (for messages) and the schema it must meet. */
export type DataFileSpec<S extends z.ZodType = z.ZodType> = { file: string; schema: S };

/** `data` checked against the file's schema, or an error naming the file and the wrong entries. */
export function parseDataFile<S extends z.ZodType>(
  { file, schema }: DataFileSpec<S>,
  data: unknown,
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const listed = issues
    .slice(0, MAX_ISSUES)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(top level)'}: ${i.message}`);
  if (issues.length > MAX_ISSUES) listed.push(`and ${issues.length - MAX_ISSUES} more`);
  throw new Error(`data file ${file} is invalid: ${listed.join('; ')}`);
}

/** A list of non-empty strings. */
export const wordList = z.array(z.string().min(1));

/** A regular expression written as a string; rejected at load when it does not compile. */
export const regexSource = z.string().refine(
  (s) => {
    try {
      new RegExp(s);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid regular expression' },
);

/** The `$comment` a data file may open with, saying what it is and how to edit it. */
export const dataComment = z.string().optional();
