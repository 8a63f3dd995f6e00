// Sample transcripts for the tests and bench/evaluation.ts, taken from the tuning half of the
// calibration set (calibration/*.json), which was written as people talk and not from the
// evaluator's word lists. The held-out half is never used here.
import { type CalibrationConversation, type Level, loadCalibration, transcriptOf } from './calibration.js';

export const SAMPLE_RUBRIC = [
  { name: 'Communication', description: 'Speaks clearly and concisely, with well-structured answers.' },
  {
    name: 'Problem Solving',
    description: 'Breaks the problem down and reasons towards a sound, practical answer.',
  },
  { name: 'Structure', description: 'Answers in a clear order that is easy to follow.' },
  { name: 'Discovery', description: 'Asks good questions to understand needs.' },
  { name: 'Objection Handling', description: 'Acknowledges concerns and answers them with value.' },
  { name: 'Empathy', description: 'Shows understanding of the other person.' },
  { name: 'Negotiation', description: 'Makes a clear ask and trades concessions.' },
  { name: 'Leadership', description: 'Takes ownership and leads the team.' },
  { name: 'Use of Metrics', description: 'Backs claims with data.' },
  {
    name: 'Cultural Add',
    description: 'Brings curiosity, humility and fresh perspective to the organisation.',
  },
];

const tune = loadCalibration('tune');
const byId = (id: string): CalibrationConversation => {
  const c = tune.find((x) => x.id === id);
  if (!c) throw new Error(`calibration conversation ${id} is missing`);
  return c;
};

/** A product case interview followed by a renewal call: one candidate, two conversations. */
const SAMPLE_IDS = ['interview-product-conversion', 'sales-renewal-price'];
const sample = (level: Level) => SAMPLE_IDS.map((id) => transcriptOf(byId(id), level)).join('\n');

export const STRONG_TRANSCRIPT = sample('strong');
export const MEDIUM_TRANSCRIPT = sample('medium');
export const WEAK_TRANSCRIPT = sample('weak');

/** About `targetWords` candidate words of the tuning half's strong answers (a 30-minute call is
 * ~4,500), each after the line it answers. */
export function longTranscript(targetWords = 4500): string {
  const pairs = tune.flatMap((c) =>
    c.questions.map((q, i) => [`${c.agent}: ${q}`, `You: ${c.answers.strong[i]}`]),
  );
  const lines: string[] = [];
  let words = 0;
  for (let i = 0; words < targetWords; i++) {
    const [question, answer] = pairs[i % pairs.length];
    lines.push(question, answer);
    words += answer.split(/\s+/).length;
  }
  return lines.join('\n');
}
