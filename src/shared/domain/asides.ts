// Turns of a conversation that are not answers (asides.json): the persona's listening and the
// built-in evaluator read the same list, so a request the persona meets by asking its question
// again is one the evaluation does not judge as an answer.
import { z } from 'zod';
import { dataComment, parseDataFile, wordList } from '../data-file.js';
import asidesJson from './asides.json' with { type: 'json' };

const asidesSchema = z.strictObject({
  $comment: dataComment,
  repeatRequests: wordList.min(1),
  pauses: wordList.min(1),
  pleasantries: wordList.min(1),
  pleasantryWords: wordList.min(1),
  timeChecks: wordList.min(1),
  farewells: wordList.min(1),
});

export const ASIDES_DATA_FILE = { file: 'src/shared/domain/asides.json', schema: asidesSchema };

export const ASIDES = parseDataFile(ASIDES_DATA_FILE, asidesJson);
