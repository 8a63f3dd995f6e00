// The built-in evaluator: deterministic and explainable. Every score is a weighted mean of signals
// measured from the transcript (see signals.ts); feedback names the strongest figure and the tip
// for the weakest; the rationale lists the figures and quotes the candidate's own words. A
// criterion that needs specific evidence the transcript lacks says so and scores at most 2.
import type {
  CriterionScore,
  EvaluationResult,
  SpeechAnalytics,
} from '../../../shared/contracts/evaluation.js';
import { averageScore, normaliseScore } from '../../../shared/domain/evaluation-display.js';
import {
  analyseTurns,
  countPhrases,
  FILLERS,
  hasConcreteFigure,
} from '../../../shared/domain/speech-analytics.js';
import type { TimedUtterance, Turn } from '../../../shared/domain/transcript.js';
import { parseTranscript } from '../../../shared/domain/transcript.js';
import { type Category, categoriesFor, type QuoteSource } from './criterion-categories.js';
import { buildContext, type EvaluationContext, PHRASES, type SignalReading } from './signals.js';

export const BUILTIN_EVALUATOR = 'built-in';
/** Below this many candidate words there is too little to judge; every score is capped. */
export const MIN_WORDS_TO_JUDGE = 25;
export const NO_EVIDENCE_MAX_SCORE = 2;
const QUOTE_MAX_WORDS = 30;

export type RubricCriterionInput = { name: string; description: string };

function truncateQuote(sentence: string): string {
  const parts = sentence.split(/\s+/);
  return parts.length <= QUOTE_MAX_WORDS ? sentence : `${parts.slice(0, QUOTE_MAX_WORDS).join(' ')}…`;
}

/** Per candidate sentence, how many matches of the patterns it holds: one pass over all the
 * sentences per pattern rather than a regex run per sentence. */
function matchesPerSentence(sentences: readonly string[], patterns: readonly RegExp[]): number[] {
  const counts = new Array<number>(sentences.length).fill(0);
  const starts: number[] = [];
  let at = 0;
  for (const s of sentences) {
    starts.push(at);
    at += s.length + 1;
  }
  const joined = sentences.join('\n');
  for (const re of patterns) {
    for (const m of joined.matchAll(re)) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= (m.index ?? 0)) lo = mid;
        else hi = mid - 1;
      }
      counts[lo]++;
    }
  }
  return counts;
}

const FILLER_PATTERNS = FILLERS.map((f) => f.pattern);

/** The candidate sentence that best shows what a category looks at (the earliest on a tie). */
export function pickQuote(c: EvaluationContext, source: QuoteSource): string | null {
  const list = c.candidateSentences;
  if (list.length === 0) return null;
  const best = (scores: number[]) => {
    let top = -1;
    for (let i = 0; i < scores.length; i++)
      if (scores[i] > 0 && (top < 0 || scores[i] > scores[top])) top = i;
    return top < 0 ? null : list[top];
  };
  let chosen: string | null = null;
  if (source.kind === 'phrases') {
    const kinds = source.phrases;
    chosen = best(c.sentenceTokens.map((t) => kinds.reduce((n, k) => n + countPhrases(t, PHRASES[k]), 0)));
  } else if (source.kind === 'evidence') chosen = list.find(hasConcreteFigure) ?? null;
  else if (source.kind === 'questions') chosen = list.find((s) => s.endsWith('?')) ?? null;
  else if (source.kind === 'fillers') chosen = best(matchesPerSentence(list, FILLER_PATTERNS));
  if (chosen === null) chosen = best(c.sentenceTokens.map((t) => t.length));
  return chosen === null ? null : truncateQuote(chosen);
}

type CategoryScore = { category: Category; score: number; readings: SignalReading[]; evidence: boolean };

function scoreCategory(category: Category, c: EvaluationContext): CategoryScore {
  let sum = 0;
  let weights = 0;
  const readings: SignalReading[] = [];
  for (const [signal, weight] of category.signals) {
    const r = signal(c);
    if (!r) continue;
    readings.push(r);
    sum += r.score * weight;
    weights += weight;
  }
  const evidence = category.hasEvidence ? category.hasEvidence(c) : true;
  const raw = weights === 0 ? 0 : sum / weights;
  return { category, score: evidence ? raw : Math.min(raw, NO_EVIDENCE_MAX_SCORE), readings, evidence };
}

function headline(label: string, score: number): string {
  const Label = label.charAt(0).toUpperCase() + label.slice(1);
  if (score >= 7.5) return `Strong ${label}.`;
  if (score >= 5) return `${Label} is solid, with room to grow.`;
  if (score >= 2.5) return `${Label} needs work.`;
  return `Little ${label} came through.`;
}

function evaluateCriterion(criterion: RubricCriterionInput, c: EvaluationContext): CriterionScore {
  const scored = categoriesFor(criterion.name, criterion.description).map((cat) => scoreCategory(cat, c));
  const primary = scored[0];
  const label = criterion.name.trim().toLowerCase();
  let score = normaliseScore(scored.reduce((n, x) => n + x.score, 0) / scored.length) ?? 0;
  const readings = scored.flatMap((x) => x.readings);
  const facts = [...new Set(readings.map((r) => r.fact))];
  const sorted = [...readings].sort((a, b) => b.score - a.score);
  const strongest = sorted[0];
  const weakest = sorted.at(-1);
  const words = c.analytics.candidateWords;

  if (words < MIN_WORDS_TO_JUDGE) {
    score = Math.min(score, NO_EVIDENCE_MAX_SCORE);
    return {
      name: criterion.name,
      score,
      feedback: `Too little was said to judge ${label}: the candidate spoke ${words} words. Give full answers with examples.`,
      rationale: `Based on ${facts.join('; ')}. With fewer than ${MIN_WORDS_TO_JUDGE} words there is no reliable evidence.`,
    };
  }

  const missing = scored.find((x) => !x.evidence);
  if (missing && scored.every((x) => !x.evidence)) {
    return {
      name: criterion.name,
      score,
      feedback: `No evidence of ${label} in the transcript. ${missing.readings[0]?.tip ?? ''}`.trim(),
      rationale: `Looked for ${missing.category.lookedFor}; found none, so the score stays at ${NO_EVIDENCE_MAX_SCORE} or below. Measured: ${facts.join('; ')}.`,
    };
  }

  const quote = pickQuote(c, primary.evidence ? primary.category.quote : { kind: 'longest' });
  const strength = strongest && strongest.score >= 6 ? ` Strength: ${strongest.fact}.` : '';
  const improve = weakest && weakest.score < 7 ? ` To improve: ${weakest.fact}. ${weakest.tip}` : '';
  return {
    name: criterion.name,
    score,
    feedback: `${headline(label, score)}${strength}${improve}`,
    rationale: `Based on ${facts.join('; ')}.${quote ? ` In the candidate's words: "${quote}"` : ''}`,
  };
}

export type BuiltinInput = {
  transcript: string;
  rubricCriteria: readonly RubricCriterionInput[];
  utterances?: readonly TimedUtterance[];
};

/** Scores every criterion; same input, same output. */
export function evaluateBuiltin(input: BuiltinInput): EvaluationResult {
  const turns: Turn[] = parseTranscript(input.transcript);
  const analytics: SpeechAnalytics = analyseTurns(turns, input.utterances);
  const context = buildContext(turns, analytics);
  const criteria = input.rubricCriteria.map((c) => evaluateCriterion(c, context));
  return {
    criteria,
    overallScore: averageScore(criteria.map((c) => c.score)),
    analytics,
    evaluator: BUILTIN_EVALUATOR,
  };
}
