// Speech analytics of one call, measured from the transcript (and the utterance timings when the
// live call recorded them). Pure and deterministic: the built-in evaluator scores from these
// figures, the model evaluator receives them as facts, and the results view explains them.
import { z } from 'zod';
import type { SpeechAnalytics } from '../contracts/evaluation.js';
import { dataComment, parseDataFile, wordList } from '../data-file.js';
import markersJson from './speech-markers.json' with { type: 'json' };
import { parseTranscript, type TimedUtterance, type Turn } from './transcript.js';

const markersSchema = z.strictObject({
  $comment: dataComment,
  hedges: wordList,
  star: z.strictObject({ situation: wordList, task: wordList, action: wordList, result: wordList }),
});
/** The phrase lists the figures count (speech-markers.json), checked once at load. */
export const SPEECH_MARKERS_DATA_FILE = {
  file: 'src/shared/domain/speech-markers.json',
  schema: markersSchema,
};
const MARKERS = parseDataFile(SPEECH_MARKERS_DATA_FILE, markersJson);

/** A word: letters or digits, keeping inner apostrophes, hyphens and number separators (I'm, 2.5, 1,000). */
const WORD = /[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu;

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

export const countWords = (text: string): number => words(text).length;

/** Sentences of a text, split after . ! ? (a figure such as 2.5 stays whole). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\S)/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const phrase = (p: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}'’])${p.replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}'’])`, 'giu');

/** Lower-case words of a text with typographic apostrophes made plain: what phrases match on. */
export function tokens(text: string): string[] {
  return words(text.toLowerCase().replace(/’/g, "'"));
}

// Phrase lists are matched on word tokens, not with regular expressions: a transcript of a
// 30-minute call is scanned for a dozen lists per criterion, and a token walk is linear and cheap.
type PhraseMatcher = Map<string, string[][]>;
const matchers = new WeakMap<readonly string[], PhraseMatcher>();
function matcherFor(phrases: readonly string[]): PhraseMatcher {
  let m = matchers.get(phrases);
  if (!m) {
    m = new Map();
    const split = phrases.map(tokens).sort((a, b) => b.length - a.length);
    for (const t of split) {
      if (t.length === 0) continue;
      const list = m.get(t[0]) ?? [];
      list.push(t);
      m.set(t[0], list);
    }
    matchers.set(phrases, m);
  }
  return m;
}

/** The phrases of the list found in the tokens, in order, longest first and not overlapping. */
export function findPhrases(toks: readonly string[], phrases: readonly string[]): string[] {
  const m = matcherFor(phrases);
  const found: string[] = [];
  for (let i = 0; i < toks.length; ) {
    const hit = m.get(toks[i])?.find((p) => p.every((w, j) => toks[i + j] === w));
    if (hit) {
      found.push(hit.join(' '));
      i += hit.length;
    } else i++;
  }
  return found;
}

/** Counts occurrences of any of the phrases (whole words, case-insensitive, not overlapping). */
export function countPhrases(text: string | readonly string[], phrases: readonly string[]): number {
  return findPhrases(typeof text === 'string' ? tokens(text) : text, phrases).length;
}

/** Filler words. Unambiguous sounds always count; "like", "you know" and "I mean" count only when
 * set off by a comma ("it was, like, fine"), because "I like it" and "you know the answer" are
 * ordinary speech. */
export const FILLERS: { word: string; pattern: RegExp }[] = [
  { word: 'um', pattern: phrase('umm*') },
  { word: 'uh', pattern: phrase('uhh*') },
  { word: 'er', pattern: phrase('(?:er|erm)') },
  { word: 'ah', pattern: phrase('ahh*') },
  { word: 'hmm', pattern: phrase('hmm*') },
  { word: 'like', pattern: /(?:,\s*like(?![\p{L}\p{N}'’])|(?<![\p{L}\p{N}'’])like\s*,)/giu },
  { word: 'you know', pattern: /(?:,\s*you\s+know(?![\p{L}\p{N}'’])|(?<![\p{L}\p{N}'’])you\s+know\s*,)/giu },
  { word: 'i mean', pattern: /(?<![\p{L}\p{N}'’])i\s+mean\s*,/giu },
  { word: 'basically', pattern: phrase('basically') },
  { word: 'literally', pattern: phrase('literally') },
];

export function fillerCounts(text: string): { word: string; count: number }[] {
  return FILLERS.map(({ word, pattern }) => ({ word, count: text.match(pattern)?.length ?? 0 }))
    .filter((f) => f.count > 0)
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

/** Qualifiers that soften a statement ("I think", "kind of"); speech-markers.json. */
export const HEDGES: readonly string[] = MARKERS.hedges;

/** Phrases that mark each part of a situation–task–action–result story; speech-markers.json. */
export const STAR_MARKERS = MARKERS.star;

export type StarPart = keyof typeof STAR_MARKERS;

const NUMBER_WORDS =
  /(?<![\p{L}])(?:percent|per cent|half|double[ds]?|tripled?|halved|twice|thousand|million|billion|dozen|hundred)(?![\p{L}])/iu;
const DIGIT = /\p{N}/u;

/** A sentence holds concrete evidence when it has a figure (a digit, %, $, or a quantity word). */
export function hasConcreteFigure(sentence: string): boolean {
  return DIGIT.test(sentence) || NUMBER_WORDS.test(sentence);
}

const QUESTION_START =
  /^(?:what|how|why|when|where|who|which|can you|could you|would you|tell me|describe|walk me|do you|did you|have you|are you|is there|give me)\b/i;

/** A turn asks a question when it has a question mark, or (for unpunctuated speech-to-text)
 * starts like one. */
export const isQuestion = (text: string): boolean => text.includes('?') || QUESTION_START.test(text.trim());

/** An interviewer question counts as answered when the next candidate turn has five words or more. */
export const ANSWERED_MIN_WORDS = 5;

const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export type AnalyticsInput = { transcript: string; utterances?: readonly TimedUtterance[] };

/** The span of each candidate answer (a run of candidate utterances between interviewer turns). */
function timedAnswerSpans(utterances: readonly TimedUtterance[]) {
  const sorted = [...utterances].filter((u) => u.text.trim() !== '').sort((a, b) => a.startMs - b.startMs);
  const spans: { startMs: number; endMs: number }[] = [];
  let prev: TimedUtterance['speaker'] | null = null;
  for (const u of sorted) {
    if (u.speaker === 'user') {
      const last = spans.at(-1);
      if (prev === 'user' && last) last.endMs = Math.max(last.endMs, u.endMs);
      else spans.push({ startMs: u.startMs, endMs: u.endMs });
    }
    prev = u.speaker;
  }
  return spans;
}

const spanMs = (utterances: readonly TimedUtterance[], speaker: TimedUtterance['speaker']) =>
  utterances
    .filter((u) => u.speaker === speaker && u.text.trim() !== '')
    .reduce((sum, u) => sum + Math.max(0, u.endMs - u.startMs), 0);

export function computeSpeechAnalytics(input: AnalyticsInput): SpeechAnalytics {
  const turns = parseTranscript(input.transcript);
  return analyseTurns(turns, input.utterances);
}

export function analyseTurns(
  turns: readonly Turn[],
  utterances?: readonly TimedUtterance[],
): SpeechAnalytics {
  // Each turn is tokenised once; every count below reads these.
  const turnTokens = turns.map((t) => tokens(t.text));
  const answers = turns.filter((t) => t.speaker === 'user');
  const candidate = answers.map((t) => t.text).join(' ');
  const candidateTokens = turnTokens.filter((_, i) => turns[i].speaker === 'user').flat();
  const candidateWords = candidateTokens.length;
  const interviewerWords = turnTokens.reduce(
    (n, t, i) => n + (turns[i].speaker === 'agent' ? t.length : 0),
    0,
  );

  let questionsAsked = 0;
  let questionsAnswered = 0;
  turns.forEach((t, i) => {
    if (t.speaker !== 'agent' || !isQuestion(t.text)) return;
    questionsAsked++;
    if (turns[i + 1]?.speaker === 'user' && turnTokens[i + 1].length >= ANSWERED_MIN_WORDS)
      questionsAnswered++;
  });
  const answerWords = turnTokens.filter((_, i) => turns[i].speaker === 'user').map((t) => t.length);

  const candidateSentences = answers.flatMap((t) => sentences(t.text));
  const fillers = fillerCounts(candidate);
  const fillerCount = fillers.reduce((n, f) => n + f.count, 0);
  const hedgeCount = countPhrases(candidateTokens, HEDGES);
  const star = {
    situation: countPhrases(candidateTokens, STAR_MARKERS.situation),
    task: countPhrases(candidateTokens, STAR_MARKERS.task),
    action: countPhrases(candidateTokens, STAR_MARKERS.action),
    result: countPhrases(candidateTokens, STAR_MARKERS.result),
  };
  const starComponents = {
    situation: star.situation > 0,
    task: star.task > 0,
    action: star.action > 0,
    result: star.result > 0,
  };
  const structureMarkers = star.situation + star.task + star.action + star.result;

  const timed = (utterances ?? []).filter((u) => u.endMs > u.startMs);
  const userMs = spanMs(timed, 'user');
  const agentMs = spanMs(timed, 'agent');
  const timedUserWords = timed
    .filter((u) => u.speaker === 'user')
    .reduce((n, u) => n + countWords(u.text), 0);
  const hasTimings = userMs > 0;
  const totalWords = candidateWords + interviewerWords;
  const talkRatio = hasTimings
    ? userMs / (userMs + agentMs)
    : totalWords === 0
      ? 0
      : candidateWords / totalWords;
  const longestTimed = hasTimings
    ? timedAnswerSpans(timed).reduce((m, a) => Math.max(m, a.endMs - a.startMs), 0)
    : null;

  const per100 = (n: number) => (candidateWords === 0 ? 0 : round1((n / candidateWords) * 100));
  return {
    candidateWords,
    interviewerWords,
    talkRatio: round3(talkRatio),
    talkRatioBasis: hasTimings ? 'time' : 'words',
    wordsPerMinute: hasTimings ? Math.round(timedUserWords / (userMs / 60_000)) : null,
    speakingSeconds: hasTimings ? round1(userMs / 1000) : null,
    fillerCount,
    fillersPer100Words: per100(fillerCount),
    topFillers: fillers.slice(0, 3),
    answerCount: answers.length,
    questionsAsked,
    questionsAnswered,
    candidateQuestions: candidateSentences.filter((s) => s.endsWith('?')).length,
    averageAnswerWords: answers.length === 0 ? 0 : Math.round(candidateWords / answers.length),
    longestAnswerWords: answerWords.reduce((m, n) => Math.max(m, n), 0),
    longestAnswerSeconds: longestTimed === null ? null : round1(longestTimed / 1000),
    evidenceCount: candidateSentences.filter(hasConcreteFigure).length,
    structureMarkers,
    starComponents,
    hedgeCount,
    hedgesPer100Words: per100(hedgeCount),
  };
}
