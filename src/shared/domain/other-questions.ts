// Answers framed as the answer to another common question (other-questions.json): "My biggest
// weakness is…" given to "How would you figure out why?". The built-in persona says it does not
// answer its question; the built-in evaluator counts it as not addressing its line.
import { z } from 'zod';
import { dataComment, parseDataFile, wordList } from '../data-file.js';
import otherQuestionsJson from './other-questions.json' with { type: 'json' };
import { findPhrases, tokens } from './speech-analytics.js';

const otherQuestionsSchema = z.strictObject({
  $comment: dataComment,
  otherQuestions: z.array(z.strictObject({ says: wordList.min(1), asks: wordList.min(1) })).min(1),
});

export const OTHER_QUESTIONS_DATA_FILE = {
  file: 'src/shared/domain/other-questions.json',
  schema: otherQuestionsSchema,
};

const { otherQuestions } = parseDataFile(OTHER_QUESTIONS_DATA_FILE, otherQuestionsJson);

/**
 * The words by which an answer frames itself as the answer to another common question ("my biggest
 * weakness"), when the question it answers asks nothing of that one; null otherwise.
 */
export function answersAnotherQuestion(question: string, answer: string): string | null {
  const asked = tokens(question);
  const said = tokens(answer);
  for (const other of otherQuestions) {
    const frame = findPhrases(said, other.says)[0];
    if (frame && findPhrases(asked, other.asks).length === 0) return frame;
  }
  return null;
}
