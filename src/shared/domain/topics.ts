// What talk is about: subjects with no place in a practice call, and subjects of work (topics.json).
// The persona's listening and the built-in evaluator read the same lists, so what the persona brings
// back to the question is what the evaluation does not count.
import { z } from 'zod';
import { dataComment, parseDataFile, wordList } from '../data-file.js';
import topicsJson from './topics.json' with { type: 'json' };

const topicsSchema = z.strictObject({
  $comment: dataComment,
  offTopic: wordList.min(1),
  work: wordList.min(1),
});

export const TOPICS_DATA_FILE = { file: 'src/shared/domain/topics.json', schema: topicsSchema };

export const TOPICS = parseDataFile(TOPICS_DATA_FILE, topicsJson);
