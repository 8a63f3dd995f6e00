// Spoken answers come back from a recogniser (the built-in one, a browser's) as one run of
// lower-case words without punctuation: a 40-second answer would be read as one sentence of 100
// words, and the evaluator reads sentences — how many show a behaviour, how long and clear each
// is. Such a run is cut into sentences where speech usually starts a new clause: before "I" or
// "we" (or "and"/"but"/"so" right before them) unless the word before binds it to the sentence
// ("I think I…", "because we…"). Typed and punctuated text is left as it is.
import { LEXICON } from './evaluator-data.js';

/** no sentence is cut shorter than this many words */
export const MIN_SPOKEN_SENTENCE_WORDS = 5;

const STARTS = new Set(LEXICON.spokenClauseStarts);
const JOINERS = new Set(LEXICON.spokenJoiners);
const BINDERS = new Set(LEXICON.spokenBinders);
const word = (w: string | undefined) =>
  (w ?? '')
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[,;:]+$/, '');

/** The text with sentence ends put in where an unpunctuated run of speech starts a new clause. */
export function sentencesOfSpeech(text: string): string {
  const trimmed = text.trim();
  // punctuated (typed, or a recogniser that punctuates): its own sentences stand
  if (/[.!?]/.test(trimmed.replace(/[.!?]+$/, ''))) return text;
  const words = trimmed.split(/\s+/);
  if (words.length < 2 * MIN_SPOKEN_SENTENCE_WORDS) return text;
  const sentences: string[][] = [[]];
  words.forEach((w, k) => {
    const here = word(w);
    const before = word(words[k - 1]);
    const starts =
      (STARTS.has(here) && !BINDERS.has(before)) ||
      (JOINERS.has(here) && STARTS.has(word(words[k + 1])) && !BINDERS.has(before));
    const current = sentences[sentences.length - 1];
    if (starts && current.length >= MIN_SPOKEN_SENTENCE_WORDS) sentences.push([w]);
    else current.push(w);
  });
  if (sentences.length === 1) return text;
  return sentences.map((s) => s.join(' ').replace(/[.!?]*$/, '.')).join(' ');
}
