// Fields of work (fields.json): words that belong to one kind of work (health, teaching, software…)
// and seldom to another, and which fields are near each other. The built-in evaluator tells answers
// learnt for another call by them (decision 024), and the persona asks how such an answer carries
// over to its own call.
import { z } from 'zod';
import { dataComment, parseDataFile, wordList } from '../data-file.js';
import fieldsJson from './fields.json' with { type: 'json' };

const fieldsSchema = z.strictObject({
  $comment: dataComment,
  minForeign: z.number().int().positive(),
  near: z.array(z.array(z.string().min(1)).min(2)),
  fields: z.record(z.string().min(1), wordList.min(1)),
});

export const FIELDS_DATA_FILE = { file: 'src/shared/domain/fields.json', schema: fieldsSchema };

export const FIELDS = parseDataFile(FIELDS_DATA_FILE, fieldsJson);

/** The fields a call raised with the fields near them: the call's own. */
export function ownFieldsOf(raised: Iterable<string>): Set<string> {
  return new Set([...raised].flatMap((f) => [f, ...FIELDS.near.filter((group) => group.includes(f)).flat()]));
}
