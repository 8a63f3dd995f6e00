// How the built-in evaluator's measurements (signals.ts) become the twelve dimension scores every
// criterion is scored from: each figure — substance per 100 words, fillers, questions asked back,
// answers that lead with their point — goes through a curve from data/scoring.json to a 0–10 score,
// with a sentence saying what was measured and the dimension's tip.
import { type Dimension, SCORING } from './evaluator-data.js';
import type { AnswerFacts, SentenceFacts } from './signals.js';

/** `praise`: the fact as a strength, for a figure where less is better ("only 1.6 hedges … per 100 words") */
export type DimensionReading = { score: number; fact: string; tip: string; praise?: string };

/** Piecewise-linear map from a figure to 0–10 through the given (figure, score) points. */
export function ramp(x: number, points: readonly [number, number][]): number {
  if (x <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i];
    if (x <= x1) {
      const [x0, y0] = points[i - 1];
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return points[points.length - 1][1];
}

/** each dimension's curves (figure → score) and tip */
const C = SCORING.dimensions;

const round1 = (n: number) => Math.round(n * 10) / 10;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const rate = (n: number, one: string, many = `${one}s`) => plural(round1(n), one, many);

/** the relevance from which an answer addresses the line it answers */
const ADDRESSES = 0.6;

/** The twelve dimensions' scores, each with the figure behind it and a tip. */
export function scoreDimensions(answers: readonly AnswerFacts[], sentences: readonly SentenceFacts[]) {
  const weighted = (f: (s: SentenceFacts) => number) => sentences.reduce((n, s) => n + f(s) * s.weight, 0);
  /** substance counts as far as it was said in sentences, and once (SentenceFacts.counts) */
  const substantive = (f: (s: SentenceFacts) => number) => weighted((s) => f(s) * s.counts);
  const answerWeight = answers.reduce((n, a) => n + a.weight, 0) || 1;
  const nAnswers = Math.max(1, answerWeight);
  const words = Math.max(
    1,
    weighted((s) => s.words),
  );
  /** the sentences that say it, as the rationale names them (the scores weigh each) */
  const said = (f: (s: SentenceFacts) => number) => sentences.filter((s) => f(s) > 0).length;
  const units = substantive((s) => s.units);
  const per100 = (n: number) => (n / words) * 100;
  const density = per100(units);
  const unitsPerAnswer = units / nAnswers;

  // a turn that only asks the other side about something else ("Who would I report to?") neither
  // answers nor fails the line, while there are answers besides; one about the line addresses it
  const asidesAsked = (a: AnswerFacts) => a.asks && a.relevance < ADDRESSES;
  const judged = answers.some((a) => !asidesAsked(a)) ? answers.filter((a) => !asidesAsked(a)) : answers;
  const relevance =
    judged.reduce((n, a) => n + a.relevance * a.weight, 0) / (judged.reduce((n, a) => n + a.weight, 0) || 1);
  const addressed = judged.filter((a) => a.relevance >= ADDRESSES).length;

  const fillers = answers.reduce((n, a) => n + a.fillers * a.weight, 0);
  const hedges = weighted((s) => s.hedges);
  const vague = weighted((s) => s.vague);
  const rambling = answers.filter((a) => a.words >= 70 && (a.units / a.words) * 100 < 4.5);
  const ramblingShare = rambling.reduce((n, a) => n + a.words, 0) / Math.max(1, words);
  const avgSentence = words / Math.max(1, sentences.length);
  const clarity = Math.max(
    0,
    10 -
      ramp(per100(fillers), C.clarity.curves.fillers) -
      ramp(per100(hedges), C.clarity.curves.hedges) -
      ramp(per100(vague), C.clarity.curves.vague) -
      ramp(ramblingShare, C.clarity.curves.rambling) -
      ramp(avgSentence, C.clarity.curves.sentenceLength) -
      (1 - relevance) * 3 -
      ramp(density, C.clarity.curves.density),
  );

  const structured = answers.filter((a) => {
    const first = a.sentences[0];
    const leads = first !== undefined && (first.units >= 0.5 || (first.uptake > 0 && a.units >= 1));
    return leads && a.words >= 8 && a.words <= 160;
  }).length;
  const signposts = weighted((s) => s.signposts);
  const structure = Math.min(
    10,
    ramp(structured / Math.max(1, answers.length), C.structure.curves.leading) +
      Math.min(1.5, signposts * 0.5) -
      ramp(ramblingShare, C.structure.curves.rambling),
  );

  const questions = substantive((s) => s.questionBack);
  const commitments = substantive((s) => s.commitment);
  const vagueCommitments = weighted((s) => s.vagueCommitments);
  const reasons = substantive((s) => Math.min(1, s.reasons) + Math.min(1, s.contrasts) * 0.75);
  const specificSentences = substantive((s) => (s.numbers + s.specifics > 0 ? 1 : 0));
  const actions = substantive((s) => Math.min(2, s.actions));
  const apologies = weighted((s) => s.apologies);
  const caving = weighted((s) => s.caving);
  const uptakeAnswers = answers.filter((a) =>
    a.sentences.some((s) => s.uptake > 0 || s.questionBack > 0),
  ).length;

  const curt = answers.filter((a) => a.words < 8 && a.kind !== 'yes-no' && a.kind !== 'none').length;
  const negatives = weighted((s) => s.deflections + s.dismissals);
  const hygiene =
    10 -
    ramp(per100(fillers), C.hygiene.curves.fillers) -
    ramp(per100(hedges + vague), C.hygiene.curves.hedgesAndVague) -
    ramp(ramblingShare, C.hygiene.curves.rambling) -
    ramp(negatives / nAnswers, C.hygiene.curves.negatives) -
    ramp(curt / Math.max(1, answers.length), C.hygiene.curves.curt) -
    (1 - relevance) * 3;
  const composureRate = per100(hedges + fillers + caving * 3 + Math.max(0, apologies - 1) * 2);
  const dims: Record<Dimension, DimensionReading> = {
    relevance: {
      score: ramp(relevance, C.relevance.curves.score),
      fact: `${addressed} of ${judged.length} answers address the line they answer`,
      tip: C.relevance.tip,
    },
    substance: {
      score:
        0.5 * ramp(density, C.substance.curves.density) +
        0.5 * ramp(unitsPerAnswer, C.substance.curves.perAnswer),
      fact: `${round1(density)} points of substance per 100 words (actions, reasons, figures, questions, commitments)`,
      tip: C.substance.tip,
    },
    clarity: {
      score: clarity,
      fact: `${rate(per100(fillers), 'filler')}, ${rate(per100(hedges), 'hedge')} and ${rate(per100(vague), 'vague word')} per 100 words${rambling.length ? `; ${plural(rambling.length, 'long answer')} with little substance` : ''}`,
      tip: rambling.length > 0 ? C.clarity.tipWhenRambling : C.clarity.tip,
      praise: `plain speech, with few fillers, hedges or vague words (${round1(per100(fillers + hedges + vague))} per 100 words)`,
    },
    structure: {
      score: Math.max(0, structure),
      fact: `${structured} of ${answers.length} answers lead with a point of substance`,
      tip: C.structure.tip,
    },
    questions: {
      score: ramp(questions, C.questions.curves.score),
      fact: `${plural(
        said((s) => s.questionBack),
        'question',
      )} asked back`,
      tip: C.questions.tip,
    },
    commitments: {
      score: Math.max(0, ramp(commitments, C.commitments.curves.score) - Math.min(2, vagueCommitments * 0.7)),
      fact: `${plural(
        said((s) => s.commitment),
        'sentence',
      )} committing to a step${
        vagueCommitments
          ? `, ${plural(
              said((s) => s.vagueCommitments),
              'vague promise',
            )} (such as "get back to you")`
          : ''
      }`,
      praise: `${plural(
        said((s) => s.commitment),
        'sentence',
      )} committing to a concrete step`,
      tip: C.commitments.tip,
    },
    reasons: {
      score: ramp(reasons / nAnswers, C.reasons.curves.perAnswer),
      fact: `${plural(
        said((s) => s.reasons + s.contrasts),
        'sentence',
      )} giving a reason or trade-off`,
      tip: C.reasons.tip,
    },
    specifics: {
      score: ramp(specificSentences / nAnswers, C.specifics.curves.perAnswer),
      fact: `${plural(
        said((s) => s.numbers + s.specifics),
        'sentence',
      )} with a figure, date or name`,
      tip: C.specifics.tip,
    },
    actions: {
      score: ramp(actions / nAnswers, C.actions.curves.perAnswer),
      fact: `${plural(
        sentences.reduce((n, s) => n + Math.min(2, s.actions), 0),
        'first-person action',
      )} ("I checked…", "we'll send…")`,
      tip: C.actions.tip,
    },
    composure: {
      score: Math.max(0, 10 - ramp(composureRate, C.composure.curves.penalty)),
      fact: `${round1(composureRate)} hedges, fillers, apologies or climb-downs per 100 words`,
      tip: C.composure.tip,
      praise: `a steady delivery, with few hedges, fillers, apologies or climb-downs (${round1(composureRate)} per 100 words)`,
    },
    hygiene: {
      score: hygiene,
      fact: `${rate(per100(fillers), 'filler')} and ${rate(per100(hedges + vague), 'hedge or vague word', 'hedges or vague words')} per 100 words${negatives ? `, ${plural(round1(negatives), 'deflecting or dismissive remark')}` : ''}${curt ? `, ${plural(curt, 'answer')} under eight words` : ''}`,
      tip: C.hygiene.tip,
      praise: `clean delivery, with few fillers, hedges or vague words (${round1(per100(fillers + hedges + vague))} per 100 words)`,
    },
    listening: {
      score: ramp(uptakeAnswers / Math.max(1, answers.length), C.listening.curves.score),
      fact: `${uptakeAnswers} of ${answers.length} answers take up what the other person said`,
      tip: C.listening.tip,
    },
  };
  return { dims, words };
}
