// A temperament word said softened ("a bit impatient", "slightly frustrated", softened.json), or
// held in ("frustrated but polite"): the persona is brisk and testing rather than angry. The custom-scenario generator and the persona
// engine read a description's temperament with the same list.
import { z } from 'zod';
import { dataComment, parseDataFile, wordList } from '../data-file.js';
import { escapeRegex } from '../escape-regex.js';
import softenedJson from './softened.json' with { type: 'json' };

const softenedSchema = z.strictObject({
  $comment: dataComment,
  softeners: wordList.min(1),
  restraints: wordList.min(1),
});

export const SOFTENED_DATA_FILE = { file: 'src/shared/domain/softened.json', schema: softenedSchema };

const { softeners: SOFTENERS, restraints: RESTRAINTS } = parseDataFile(SOFTENED_DATA_FILE, softenedJson);
/** a softener right before a word, with at most one word between ("a bit more impatient") */
const BEFORE = new RegExp(`\\b(?:${SOFTENERS.map(escapeRegex).join('|')})\\s+(?:[\\p{L}-]+\\s+)?$`, 'iu');

/** the word, then a restraint after "but", "yet" or "though" ("frustrated but polite", "impatient yet still civil") */
const AFTER = new RegExp(
  `^[\\p{L}-]+,?\\s+(?:but|yet|though)\\s+(?:still\\s+|always\\s+|very\\s+)?(?:${RESTRAINTS.map(escapeRegex).join('|')})\\b`,
  'iu',
);

/** Whether the word at `at` in `text` is said softened ("a bit impatient") or held in ("frustrated but polite"). */
export function softenedAt(text: string, at: number): boolean {
  return BEFORE.test(text.slice(Math.max(0, at - 32), at)) || AFTER.test(text.slice(at, at + 64));
}
