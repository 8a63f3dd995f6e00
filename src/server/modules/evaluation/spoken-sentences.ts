// Spoken answers come back from a recogniser (the built-in one, a browser's) as one run of
// lower-case words without punctuation: a 40-second answer would be read as one sentence of 100
// words, and the evaluator reads sentences — how many show a behaviour, how long and clear each
// is, which ask a question back. Such a run is cut into sentences where speech usually starts a
// new clause: before "I" or "we" (or "and"/"but"/"so" right before them), unless the word before
// binds it to the sentence ("I think I…", "because we…"), and before a question ("could I…",
// "have you…", "how are…"), which then ends with a question mark. Typed and punctuated text is
// left as it is.
import { LEXICON } from './evaluator-data.js';

/** no sentence is cut shorter than this many words */
export const MIN_SPOKEN_SENTENCE_WORDS = 5;

const STARTS = new Set(LEXICON.spokenClauseStarts);
const JOINERS = new Set(LEXICON.spokenJoiners);
const BINDERS = new Set(LEXICON.spokenBinders);
const Q_VERBS = new Set(LEXICON.spokenQuestionVerbs);
const Q_SUBJECTS = new Set(LEXICON.spokenQuestionSubjects);
const WH = new Set(LEXICON.whWords);
const word = (w: string | undefined) => (w ?? '').toLowerCase().replace(/’/g, "'");

/** Whether the words from `k` open a question: "could i", "have you", "is there", "how are". */
const asksAt = (words: readonly string[], k: number) => {
  const [here, next] = [word(words[k]), word(words[k + 1])];
  return (Q_VERBS.has(here) && Q_SUBJECTS.has(next)) || (WH.has(here) && Q_VERBS.has(next));
};

/** The text with sentence ends put in where an unpunctuated run of speech starts a new clause. */
export function sentencesOfSpeech(text: string): string {
  const trimmed = text.trim();
  // punctuated — commas too — (typed, or a recogniser that punctuates): its own sentences stand.
  // A figure's separators ("9:30", "1,200", "2.5", as a browser writes them) are no punctuation.
  const marks = trimmed.replace(/[.!?]+$/, '').replace(/(?<=\d)[.,:](?=\d)/g, '');
  if (/[.,;:!?]/.test(marks)) return text;
  const words = trimmed.split(/\s+/);
  if (words.length < 2 * MIN_SPOKEN_SENTENCE_WORDS) return text;
  const sentences: { words: string[]; asks: boolean }[] = [{ words: [], asks: asksAt(words, 0) }];
  words.forEach((w, k) => {
    const here = word(w);
    const before = word(words[k - 1]);
    const asks = asksAt(words, k) && !BINDERS.has(before) && !WH.has(before);
    const starts =
      asks ||
      (STARTS.has(here) && !BINDERS.has(before)) ||
      (JOINERS.has(here) && STARTS.has(word(words[k + 1])) && !BINDERS.has(before));
    const current = sentences[sentences.length - 1];
    // questions one after another are read as one ("how are you, are you having a good day?"):
    // a typed run of them is one sentence too, and each would count as a question asked back
    if (starts && current.words.length >= MIN_SPOKEN_SENTENCE_WORDS && !(asks && current.asks))
      sentences.push({ words: [w], asks });
    else {
      // a question after a lead-in too short to stand alone ("out of interest, how are you…?")
      if (asks) current.asks = true;
      current.words.push(w);
    }
  });
  if (sentences.length === 1 && !sentences[0].asks) return text;
  return sentences.map((s) => s.words.join(' ').replace(/[.!?]*$/, s.asks ? '?' : '.')).join(' ');
}
