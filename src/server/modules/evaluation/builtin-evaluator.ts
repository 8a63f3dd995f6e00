// The built-in evaluator: deterministic, offline and explainable. The conversation is read once
// (signals.ts): each answer against the line it answers, each sentence for substance per unit of
// speech. Each criterion is then scored from the behaviours its name and description ask for
// (criterion-categories.ts) — the phrases that show them, matched on lemmas — and from the
// measured dimensions that matter for it. The rationale cites the criterion's own evidence: a
// quote no other criterion uses where the transcript has one, else the measured figures, and says
// plainly when there is none.
import type {
  CriterionScore,
  EvaluationResult,
  RubricCriterionInput as RubricCriterion,
  SpeechAnalytics,
} from '../../../shared/contracts/evaluation.js';
import { averageScore, normaliseScore } from '../../../shared/domain/evaluation-display.js';
import { CLEAR_CONFIDENCE } from '../../../shared/domain/not-heard.js';
import { analyseTurns } from '../../../shared/domain/speech-analytics.js';
import type { TimedUtterance, Turn } from '../../../shared/domain/transcript.js';
import { parseTranscript } from '../../../shared/domain/transcript.js';
import { allConcepts, type CriterionProfile, findIn, profileFor } from './criterion-categories.js';
import { LEXICON, SCORING } from './evaluator-data.js';
import {
  type ApproximateLine,
  buildContext,
  clearestFirst,
  type Dimension,
  type Discount,
  type EvaluationContext,
  ramp,
  type SentenceFacts,
} from './signals.js';

export const BUILTIN_EVALUATOR = 'built-in';
/** Below this many candidate words there is too little to judge; every score is capped. */
export const MIN_WORDS_TO_JUDGE = 25;
export const NO_EVIDENCE_MAX_SCORE = 2;
/** A criterion whose behaviour the transcript never shows scores at most this. */
export const NO_BEHAVIOUR_MAX_SCORE = 3;
const QUOTE_MAX_WORDS = 30;
const STOPWORDS = new Set(LEXICON.stopwords);
const HYGIENE_SHARE = 0.3;
/** From this share of the score lost to keyword lists (or repeats), the tip is about them. */
const DISCOUNT_TIP_FROM = 0.2;

/** A rubric criterion as the evaluation contract holds it (description defaulted to ''). */
export type RubricCriterionInput = RubricCriterion;

function truncateQuote(sentence: string): string {
  const parts = sentence.split(/\s+/);
  return parts.length <= QUOTE_MAX_WORDS ? sentence : `${parts.slice(0, QUOTE_MAX_WORDS).join(' ')}…`;
}

/** Which per-sentence signal stands for each dimension, when a sentence shows it. */
const SENTENCE_SIGNAL: Partial<Record<Dimension, (s: SentenceFacts) => number>> = {
  questions: (s) => s.questionBack,
  commitments: (s) => (s.commitment >= 0.5 ? 1 : 0),
  reasons: (s) => (s.reasons + s.contrasts > 0 ? 1 : 0),
  specifics: (s) => (s.numbers + s.specifics > 0 ? 1 : 0),
  actions: (s) => (s.actions > 0 ? 1 : 0),
  listening: (s) => (s.uptake > 0 ? 0.5 : 0),
};

type SentenceEvidence = { sentence: SentenceFacts; score: number; phrases: string[]; counter: string[] };

function behaviourEvidence(profile: CriterionProfile, c: EvaluationContext): SentenceEvidence[] {
  const lists = profile.concepts.length > 0 ? profile.concepts : [];
  return c.sentences.map((s) => {
    const phrases: string[] = [];
    const counter: string[] = [];
    for (const concept of lists) {
      phrases.push(...findIn(s.toks, concept.evidence));
      counter.push(...findIn(s.toks, concept.counter));
    }
    const own = profile.ownTerms;
    if (own) phrases.push(...new Set(s.toks.filter((t) => own.has(t.l)).map((t) => t.l)));
    let signals = 0;
    const conceptDims = lists.flatMap((k) => k.signals);
    for (const d of new Set(conceptDims)) signals += SENTENCE_SIGNAL[d]?.(s) ?? 0;
    const answer = c.answers[s.answer];
    const relevance = 0.5 + 0.5 * (answer?.relevance ?? 1);
    const hits = Math.min(2, new Set(phrases).size + 0.5 * Math.min(2, signals));
    return { sentence: s, score: hits * s.weight * s.counts * relevance, phrases, counter };
  });
}

function headline(label: string, score: number): string {
  const Label = label.charAt(0).toUpperCase() + label.slice(1);
  if (score >= 7.5) return `Strong ${label}.`;
  if (score >= 5) return `${Label} is solid, with room to grow.`;
  if (score >= 2.5) return `${Label} needs work.`;
  return `Little ${label} came through.`;
}

/** Below 1 a score shrinks smoothly towards 0 instead of stopping at 0, so two poor answers
 * still rank. */
const softFloor = (x: number) => Math.min(10, x >= 1 ? x : Math.exp(x - 1));

type Scored = {
  criterion: RubricCriterionInput;
  profile: CriterionProfile;
  score: number;
  evidence: SentenceEvidence[];
  hasBehaviour: boolean;
  noEvidence: boolean;
  dimsUsed: [Dimension, number][];
};

function scoreCriterion(criterion: RubricCriterionInput, c: EvaluationContext): Scored {
  const profile = profileFor(criterion.name, criterion.description);
  const dimsUsed = (Object.entries(profile.dims) as [Dimension, number][]).sort((a, b) => b[1] - a[1]);
  const weightSum = dimsUsed.reduce((n, [, w]) => n + w, 0);
  const general = dimsUsed.reduce((n, [d, w]) => n + c.dims[d].score * w, 0) / weightSum;

  const hasBehaviour = profile.concepts.some((k) => k.hasEvidenceList) || profile.ownTerms !== null;
  const evidence = hasBehaviour ? behaviourEvidence(profile, c) : [];
  const answers = Math.max(
    1,
    c.answers.reduce((n, a) => n + a.weight, 0),
  );
  const total = evidence.reduce((n, e) => n + e.score, 0);
  const counter = evidence.reduce((n, e) => n + e.counter.length * e.sentence.weight, 0);
  let score = general;
  let noEvidence = false;
  if (hasBehaviour) {
    const behaviour =
      ramp(total / answers, SCORING.criterion.behaviour) - ramp(counter / answers, SCORING.criterion.counter);
    score = 0.6 * general + 0.4 * behaviour;
    noEvidence = total === 0;
  }
  // a clean, on-topic, courteous answer is the floor of every criterion; substance builds on it
  score = HYGIENE_SHARE * c.dims.hygiene.score + (1 - HYGIENE_SHARE) * score;
  score *= 1 - c.negatives.penalty;
  score *= 1 - c.lists.penalty;
  score *= 1 - c.repeats.penalty;
  score *= 1 - c.claims.penalty;
  score *= 1 - c.offTopic.penalty;
  if (noEvidence) score = Math.min(score, NO_BEHAVIOUR_MAX_SCORE);
  return {
    criterion,
    profile,
    score: normaliseScore(softFloor(score)) ?? 0,
    evidence,
    hasBehaviour,
    noEvidence,
    dimsUsed,
  };
}

/** Quote candidates for a criterion, best first. */
function candidates(s: Scored, c: EvaluationContext): SentenceFacts[] {
  if (s.hasBehaviour) {
    return s.evidence
      .filter((e) => e.score > 0)
      .sort((a, b) => b.score - a.score || a.sentence.answer - b.sentence.answer)
      .map((e) => e.sentence);
  }
  // relevance, clarity, structure: the most substantive sentence of the best-addressed answers
  const top = s.dimsUsed.slice(0, 3).map(([d]) => d);
  const value = (x: SentenceFacts) => {
    const a = c.answers[x.answer];
    let v = x.units * x.weight;
    if (top.includes('relevance')) v *= 0.3 + a.relevance;
    if (top.includes('clarity')) v *= 1 / (1 + x.hedges + x.vague + Math.max(0, x.words - 30) / 15);
    if (top.includes('structure') && a.sentences[0] === x) v *= 1.5;
    return v;
  };
  return c.sentences
    .map((x) => ({ x, v: value(x) }))
    .filter((e) => e.v > 0.3)
    .sort((a, b) => b.v - a.v || a.x.answer - b.x.answer)
    .map((e) => e.x);
}

/**
 * A line the built-in recogniser heard with less confidence than this is quoted only where no
 * clearer line shows the criterion: it gets about one word in seven wrong on clean speech, more
 * at low confidence (decision 005), and a garbled quote is not what the candidate said.
 */
export const QUOTE_MIN_CONFIDENCE = CLEAR_CONFIDENCE;
/**
 * A call is not scored on its words when those heard under QUOTE_MIN_CONFIDENCE are this many times
 * the clear ones and fewer than MIN_WORDS_TO_JUDGE are clear: every criterion says so, its score
 * held to NO_EVIDENCE_MAX_SCORE as for a call with too little said. Noise heard as words (the
 * recogniser's guesses at 25–30% confidence) scored 2–5 where the same answers typed scored 0–3.
 */
export const UNHEARD_SHARE = 2;
const clear = (s: SentenceFacts) => !s.approximate || s.weight >= QUOTE_MIN_CONFIDENCE;

/**
 * One quote per criterion, each a sentence no other criterion quotes where the transcript has
 * one. Clear lines are given out first; a criterion that shows only in clear lines quoted for
 * others, and in unclear ones, quotes a clear line twice rather than a garbled one; an unclear
 * line is quoted (and says so) only for a criterion no clear line shows.
 */
function assignQuotes(scored: Scored[], c: EvaluationContext): (SentenceFacts | null)[] {
  const lists = scored.map((s) => candidates(s, c));
  const used = new Set<SentenceFacts>();
  const chosen: (SentenceFacts | null)[] = scored.map(() => null);
  const giveOut = (eligible: (s: SentenceFacts) => boolean) => {
    // the criterion with the fewest candidates chooses first, so a scarce quote is not taken away
    const order = lists
      .map((l, i) => ({ i, n: l.filter(eligible).length }))
      .filter(({ i, n }) => chosen[i] === null && n > 0)
      .sort((a, b) => a.n - b.n || a.i - b.i);
    for (const { i } of order) {
      const pick = lists[i].find((x) => eligible(x) && !used.has(x));
      if (pick) used.add(pick);
      chosen[i] = pick ?? null;
    }
  };
  giveOut(clear);
  lists.forEach((l, i) => {
    if (chosen[i] === null && l.some((x) => !clear(x) && !used.has(x))) chosen[i] = l.find(clear) ?? null;
  });
  giveOut((x) => !clear(x));
  return chosen;
}

function quoteText(s: SentenceFacts): string {
  const approx = s.approximate
    ? ` (recognised approximately, ${Math.round(s.weight * 100)}% confidence)`
    : '';
  return `"${truncateQuote(s.text)}"${approx}`;
}

/** the tips and strengths said for the criteria before, so each says its own where it has one */
type Given = { tips: Set<string>; strengths: Set<string> };

/** the first of `options` not given yet, else the first (a criterion still gets a tip) */
function ownFirst(options: readonly string[], given: Set<string>): string {
  const pick = options.find((o) => !given.has(o)) ?? options[0];
  given.add(pick);
  return pick;
}

function explain(
  s: Scored,
  quote: SentenceFacts | null,
  c: EvaluationContext,
  given: Given = { tips: new Set(), strengths: new Set() },
): CriterionScore {
  const { criterion, profile } = s;
  const label = criterion.name.trim().toLowerCase();
  const facts = s.dimsUsed
    .slice(0, 3)
    .map(([d]) => c.dims[d].fact)
    .join('; ');
  const readings = s.dimsUsed.map(([d]) => ({ d, r: c.dims[d] }));
  const weakestFirst = [...readings].sort((a, b) => a.r.score - b.r.score);
  const weakest = weakestFirst[0];
  const weakTips = weakestFirst.filter((w) => w.r.score < 6).map((w) => w.r.tip);
  const concept = profile.concepts[0];
  const lookedFor =
    concept?.lookedFor ??
    (profile.ownTermsList.length > 0
      ? `what the criterion names (${profile.ownTermsList.slice(0, 5).join(', ')})`
      : 'what the criterion names');

  if (c.analytics.candidateWords < MIN_WORDS_TO_JUDGE) {
    return {
      name: criterion.name,
      score: Math.min(s.score, NO_EVIDENCE_MAX_SCORE),
      feedback: `Too little was said to judge ${label}: the candidate spoke ${c.analytics.candidateWords} words. Give full answers with examples.`,
      rationale: `With fewer than ${MIN_WORDS_TO_JUDGE} words there is no reliable evidence. Measured: ${facts}.`,
    };
  }

  // most of it heard as noise (two words in three or more, and too few clear words to judge): what
  // would be scored is the recogniser's guesses, not what was said
  const unclear = c.analytics.unclearWords ?? 0;
  const clearWords = c.analytics.candidateWords - unclear;
  if (clearWords < MIN_WORDS_TO_JUDGE && unclear >= UNHEARD_SHARE * clearWords && unclear > 0) {
    const confidence = Math.round(
      (100 * c.sentences.filter((x) => !clear(x)).reduce((n, x) => n + x.weight * x.words, 0)) /
        Math.max(1, unclear),
    );
    return {
      name: criterion.name,
      score: Math.min(s.score, NO_EVIDENCE_MAX_SCORE),
      feedback: `Too little was heard clearly to judge ${label}: ${unclear} of your ${c.analytics.candidateWords} words were recognised with low confidence (about ${confidence}%), so the text may not be what you said. Speak closer to the microphone, somewhere quieter, or type your answers.`,
      rationale: `Below ${Math.round(QUOTE_MIN_CONFIDENCE * 100)}% confidence the built-in recogniser gets about half the words wrong; with fewer than ${MIN_WORDS_TO_JUDGE} words heard clearly there is no reliable evidence. Measured: ${facts}.`,
    };
  }

  const counterQuote = s.evidence
    .filter((e) => e.counter.length > 0)
    .map((e) => e.sentence)
    .sort(clearestFirst)[0];
  // the phrases that showed the behaviour, as they are worth naming: not function words alone ("on
  // the", "so you"), which count as evidence beside other signals but say nothing quoted
  const shown = [...new Set(s.evidence.flatMap((e) => e.phrases))].filter(
    (phrase) => /\d/.test(phrase) || phrase.split(' ').some((w) => w.length >= 3 && !STOPWORDS.has(w)),
  );
  const evidenceSentences = s.evidence.filter((e) => e.score > 0).length;
  // shown already ("…starting next Monday. Does that work?"): its tip is not to do what was done
  const behaviourShown = s.hasBehaviour && evidenceSentences > 0;
  const tip =
    c.lists.penalty >= DISCOUNT_TIP_FROM
      ? SCORING.listsTip
      : c.repeats.penalty >= DISCOUNT_TIP_FROM
        ? SCORING.repeatsTip
        : c.claims.penalty >= DISCOUNT_TIP_FROM
          ? SCORING.claimsTip
          : c.offTopic.penalty >= DISCOUNT_TIP_FROM
            ? SCORING.offTopicTip
            : // the tip of what this criterion shows least, one another criterion has not said
              ownFirst(
                s.noEvidence || !concept
                  ? [concept?.tip ?? weakest.r.tip]
                  : behaviourShown
                    ? [...weakestFirst.map((w) => w.r.tip), concept.tip]
                    : weakTips.length > 0
                      ? [...weakTips, concept.tip]
                      : [concept.tip, ...weakestFirst.map((w) => w.r.tip)],
                given.tips,
              );
  const offTopicWhat = `Answers about something other than the call${
    c.offTopic.names.length > 0 ? ` (${c.offTopic.names.join(', ')})` : ''
  }`;
  if (s.noEvidence) {
    const against = counterQuote ? ` Counted against it: ${quoteText(counterQuote)}.` : '';
    const elsewhere = c.offTopic.example
      ? ` ${offTopicWhat} counted nothing (e.g. ${quoteText(c.offTopic.example)}).`
      : '';
    return {
      name: criterion.name,
      score: s.score,
      feedback: `No evidence of ${label} in the transcript. ${tip}`,
      rationale: `No evidence of ${label}: looked for ${lookedFor} and found none, so the score stays at ${NO_BEHAVIOUR_MAX_SCORE} or below. Measured: ${facts}.${against}${elsewhere}`,
    };
  }
  const negative =
    c.negatives.penalty > 0 && c.negatives.example
      ? ` Deflecting or dismissive remarks cost ${Math.round(c.negatives.penalty * 100)}% of the score (e.g. ${quoteText(c.negatives.example)}).`
      : '';
  const discount = (d: Discount, what: string) => {
    if (d.penalty <= 0 || !d.example) return '';
    const example = d.example !== quote ? ` (e.g. ${quoteText(d.example)})` : '';
    return ` ${what} cost ${Math.round(d.penalty * 100)}% of the score${example}.`;
  };
  const listed =
    discount(c.lists, 'Answers given as lists of words instead of sentences') +
    discount(c.repeats, 'Answers that repeat an earlier answer') +
    discount(c.claims, 'Answers that describe yourself with no example to show it') +
    discount(c.offTopic, offTopicWhat);
  const evidenceLine = quote
    ? ` In the candidate's words: ${quoteText(quote)}.`
    : ' No sentence not already quoted for another criterion shows it; the figures above are the evidence.';
  const found = behaviourShown
    ? ` Found ${evidenceSentences === 1 ? '1 sentence' : `${evidenceSentences} sentences`} showing it${
        shown.length
          ? ` (${shown
              .slice(0, 4)
              .map((p) => `"${p}"`)
              .join(', ')})`
          : ''
      }.`
    : '';
  // its strong point nearest what it asks for (dimsUsed is in the criterion's order) that no
  // criterion before has praised; none where all were
  const praised = readings
    .filter((x) => x.r.score >= 6.5)
    .map((x) => x.r.praise ?? x.r.fact)
    .find((p) => !given.strengths.has(p));
  if (praised) given.strengths.add(praised);
  // else, strong, the sentences that show the behaviour it names
  const showsIt =
    !praised && s.score >= 6.5 && found && shown.length
      ? `${evidenceSentences === 1 ? 'a sentence' : `${evidenceSentences} sentences`} showing it (${shown
          .slice(0, 3)
          .map((p) => `"${p}"`)
          .join(', ')})`
      : undefined;
  const strength = praised || showsIt ? ` Strength: ${praised ?? showsIt}.` : '';
  const improve = s.score < 8.5 ? ` To improve: ${tip}` : '';
  return {
    name: criterion.name,
    score: s.score,
    feedback: `${headline(label, s.score)}${strength}${improve}`,
    rationale: `Looked for ${lookedFor}.${found} Measured: ${facts}.${evidenceLine}${negative}${listed}`,
  };
}

export type BuiltinInput = {
  transcript: string;
  rubricCriteria: readonly RubricCriterionInput[];
  utterances?: readonly TimedUtterance[];
  /** user lines whose text came from the built-in (offline) recogniser, with its confidence
   * 0..1: evidence from them weighs less. Typed or cloud-transcribed lines weigh 1. */
  approximate?: readonly ApproximateLine[];
  /** what the call is about besides the persona's lines (the scenario's role and brief): with the
   * rubric, it tells which fields of work are the call's own (signals.ts, otherWorkAnswers) */
  subject?: string;
};

/** how much of a scenario's text the evaluator reads for the fields of work it raises */
const SUBJECT_CHARS = 4000;

/** Scores every criterion; same input, same output. */
export function evaluateBuiltin(input: BuiltinInput): EvaluationResult {
  const turns: Turn[] = parseTranscript(input.transcript);
  const analytics: SpeechAnalytics = analyseTurns(turns, input.utterances);
  allConcepts(); // every phrase list is registered before the sentences are scanned
  // the rubric, then as much of the scenario as SUBJECT_CHARS holds: its role and questions come
  // first (scenarioSubject); a 20,000-character brief read whole nearly doubled a long call's scoring
  const subject = [
    ...input.rubricCriteria.map((c) => `${c.name}. ${c.description}`),
    (input.subject ?? '').slice(0, SUBJECT_CHARS),
  ].join('\n');
  const context = buildContext(turns, analytics, input.approximate ?? [], subject);
  // the candidate's words the built-in recogniser heard with too little confidence to be taken as said
  const unclearWords = context.sentences.filter((x) => !clear(x)).reduce((n, x) => n + x.words, 0);
  if (unclearWords > 0) analytics.unclearWords = Math.min(unclearWords, analytics.candidateWords);
  const scored = input.rubricCriteria.map((c) => scoreCriterion(c, context));
  const quotes = assignQuotes(scored, context);
  const given: Given = { tips: new Set(), strengths: new Set() };
  const criteria = scored.map((s, i) => explain(s, quotes[i], context, given));
  return {
    criteria,
    overallScore: averageScore(criteria.map((c) => c.score)),
    analytics,
    evaluator: BUILTIN_EVALUATOR,
  };
}
