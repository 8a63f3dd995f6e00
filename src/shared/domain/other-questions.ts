// Answers framed as the answer to another common question (other-questions.json): "My biggest
// weakness is…" given to "How would you figure out why?". The built-in persona says it does not
// answer its question; the built-in evaluator counts it as not addressing its line.
import { z } from 'zod';
import { dataComment, parseDataFile, wordList } from '../data-file.js';
import otherQuestionsJson from './other-questions.json' with { type: 'json' };

const otherQuestionsSchema = z.strictObject({
  $comment: dataComment,
  otherQuestions: z.array(z.strictObject({ says: wordList.min(1), asks: wordList.min(1) })).min(1),
});

export const OTHER_QUESTIONS_DATA_FILE = {
  file: 'src/shared/domain/other-questions.json',
  schema: otherQuestionsSchema,
};

const { otherQuestions } = parseDataFile(OTHER_QUESTIONS_DATA_FILE, otherQuestionsJson);

/** lower-case words with single spaces around them, so a phrase is found as whole words */
const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
const saysOne = (text: string, phrases: readonly string[]) => phrases.find((p) => text.includes(` ${p} `));

/**
 * The words by which an answer frames itself as the answer to another common question ("my biggest
 * weakness"), when the question it answers asks nothing of that one; null otherwise.
 */
export function answersAnotherQuestion(question: string, answer: string): string | null {
  const asked = words(question);
  const said = words(answer);
  for (const other of otherQuestions) {
    const frame = saysOne(said, other.says);
    if (frame && !saysOne(asked, other.asks)) return frame;
  }
  return null;
}
