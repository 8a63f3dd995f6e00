// The calibration set (calibration/*.json): multi-turn conversations across interviews, sales,
// support, feedback, negotiation, nursing and teaching, each answered at three levels. They were
// written as people talk, not from the evaluator's word lists. Half is for tuning, half is held out
// and only reported (bench/evaluation.ts, the held-out quality test). Any evaluator — built-in or a
// model — can be measured with the same harness.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { EvaluationOutcome } from '../../../shared/contracts/evaluation.js';
import { type DataFileSpec, parseDataFile } from '../../../shared/data-file.js';
import { LEXICON } from './evaluator-data.js';

export const LEVELS = ['strong', 'medium', 'weak'] as const;
export type Level = (typeof LEVELS)[number];
export type Split = 'tune' | 'heldout';

const text = z.string().min(1);
const conversationSchema = z
  .strictObject({
    id: text,
    split: z.enum(['tune', 'heldout']),
    domain: text,
    scenario: text,
    agent: text,
    rubric: z.array(z.strictObject({ name: text, description: text })).min(1),
    questions: z.array(text).min(1),
    answers: z.strictObject({ strong: z.array(text), medium: z.array(text), weak: z.array(text) }),
    notes: z.string().optional(),
  })
  .refine((c) => LEVELS.every((l) => c.answers[l].length === c.questions.length), {
    message: 'every level answers every question',
  });
export type CalibrationConversation = z.infer<typeof conversationSchema>;

const DIR = path.join(import.meta.dirname, 'calibration');

/** The calibration files with their schema (for the data files' own test). */
export function calibrationDataFiles(): DataFileSpec<typeof conversationSchema>[] {
  return fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: `src/server/modules/evaluation/calibration/${f}`, schema: conversationSchema }));
}

export function loadCalibration(split?: Split): CalibrationConversation[] {
  return calibrationDataFiles()
    .map((spec) =>
      parseDataFile(spec, JSON.parse(fs.readFileSync(path.join(DIR, path.basename(spec.file)), 'utf8'))),
    )
    .filter((c) => split === undefined || c.split === split);
}

/** The stored-transcript form: the persona's lines and the candidate's ("You:") in turn. */
export function transcriptOf(c: CalibrationConversation, level: Level): string {
  return answeredInTurn(c, c.answers[level]);
}

/**
 * A transcript as a recogniser without punctuation gives the candidate's lines (the built-in one,
 * a browser's): lower case, no punctuation but the apostrophes and hyphens inside words. The
 * persona's lines stay as written.
 */
export function asSpoken(transcript: string): string {
  return transcript
    .split('\n')
    .map((line) => (line.startsWith('You: ') ? `You: ${spokenForm(line.slice('You: '.length))}` : line))
    .join('\n');
}

/** One answer as a recogniser without punctuation gives it (see asSpoken). */
export function spokenForm(said: string): string {
  return said
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^\p{L}\p{N}'\s-]+/gu, ' ')
    .replace(/(^|\s)[-']+|[-']+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export type ConversationResult = {
  id: string;
  domain: string;
  /** overall score per level, per run (null when the evaluator failed) */
  runs: Record<Level, (number | null)[]>;
  scores: Record<Level, number | null>;
  ordered: boolean;
  spread: number;
};

export type CalibrationSummary = {
  conversations: number;
  ordered: number;
  strongHigh: number;
  weakLow: number;
  gap: number;
  /** largest difference between repeated runs of the same transcript */
  spread: number;
  failures: number;
  results: ConversationResult[];
};

export const TARGETS = { strongAtLeast: 6.5, weakAtMost: 3.5, gap: 3, share: 0.9 } as const;

type Evaluate = (
  transcript: string,
  rubric: CalibrationConversation['rubric'],
  /** what the call is about: the conversation's scenario, as a stored call's role and brief */
  subject: string,
) => EvaluationOutcome | Promise<EvaluationOutcome>;

const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * A conversation's first strong answer given again to every later line: one good answer learnt by
 * heart and said whatever is asked.
 */
export function firstAnswerToAll(c: CalibrationConversation): string {
  return answeredInTurn(c, [c.answers.strong[0]]);
}

/**
 * Answers that describe the speaker with the rubric's virtues and show none of them, as someone
 * who knows what is scored might give to any line (claimsToAll).
 */
export const CLAIM_ANSWERS = [
  "I'm a great communicator and I always show empathy. I take full ownership of every problem and I follow up with clear next steps.",
  "Honestly I'm very data-driven, I prioritise ruthlessly and I'm excellent with stakeholders. I always ask the right questions and listen carefully.",
  "I'm a natural leader who builds rapport quickly. I'm commercially minded, I understand margins and I always close with a clear commitment.",
  "I stay calm under pressure, I'm patient-focused and safety is always my priority. I'm proactive and I always escalate appropriately.",
] as const;

/**
 * Chatter about something else than the call (food, sport, a holiday, a pet), each with a first-person
 * action and a figure, as someone who will not take the call seriously might answer (chatterToAll).
 */
export const CHATTER_ANSWERS = [
  'Honestly I would rather talk about cooking pasta. You salt the water like the sea, and I always finish the sauce in the pan with a ladle of the cooking water.',
  'Did you see the match last night? My football club finally won the derby, two goals in the last ten minutes, and the whole pub went mad.',
  'We went to Portugal last summer, and the beaches near Lagos were incredible. I booked the whole trip myself and saved about 300 pounds on flights.',
  'My dog has been learning new tricks. I trained him to fetch the post every morning, it took about three weeks of practice.',
] as const;

/** A conversation whose lines are each answered by one of `answers`, in turn. */
export function answeredInTurn(c: CalibrationConversation, answers: readonly string[]): string {
  return c.questions
    .flatMap((q, i) => [`${c.agent}: ${q}`, `You: ${answers[i % answers.length]}`])
    .join('\n');
}

/**
 * A conversation's lines answered by the strong answers of another conversation (the next one, in
 * the set's order, from another domain): good answers learnt for another call and said here. The
 * built-in evaluator tells them by the fields of work they name (decision 024).
 */
export function answersOfAnother(
  c: CalibrationConversation,
  all: readonly CalibrationConversation[],
): string {
  const at = all.findIndex((o) => o.id === c.id);
  for (let k = 1; k < all.length; k++) {
    const other = all[(at + k) % all.length];
    if (other.domain !== c.domain) return answeredInTurn(c, other.answers.strong);
  }
  throw new Error(`no conversation of another domain than ${c.domain}`);
}

/** A conversation whose lines are each answered by one of CLAIM_ANSWERS, in turn. */
export const claimsToAll = (c: CalibrationConversation) => answeredInTurn(c, CLAIM_ANSWERS);

/** A conversation whose lines are each answered by one of CHATTER_ANSWERS, in turn. */
export const chatterToAll = (c: CalibrationConversation) => answeredInTurn(c, CHATTER_ANSWERS);

/**
 * A transcript whose candidate lines are keywords strung together, as someone gaming a scorer
 * would say them: each answer's words without the lexicon's function and filler words
 * (data/lexicon.json stopwords, contracted or not), joined by commas. The persona's lines stay as written.
 */
export function asKeywords(transcript: string): string {
  return transcript
    .split('\n')
    .map((line) => (line.startsWith('You: ') ? `You: ${keywordsOf(line.slice('You: '.length))}` : line))
    .join('\n');
}

const STOPWORDS = new Set(LEXICON.stopwords);
/** One answer as keywords (see asKeywords). */
function keywordsOf(said: string): string {
  const words = spokenForm(said)
    .split(' ')
    // "i'm", "that's", "hadn't": a pronoun or auxiliary with its contraction is a function word too
    .filter((w) => w !== '' && !w.split(/(?=')/).some((part) => STOPWORDS.has(part)));
  return `${words.join(', ')}.`;
}

export async function runCalibration(
  conversations: readonly CalibrationConversation[],
  evaluate: Evaluate,
  repeats = 2,
): Promise<CalibrationSummary> {
  const results: ConversationResult[] = [];
  let failures = 0;
  for (const c of conversations) {
    const runs = { strong: [], medium: [], weak: [] } as Record<Level, (number | null)[]>;
    for (const level of LEVELS) {
      for (let r = 0; r < repeats; r++) {
        const out = await evaluate(transcriptOf(c, level), c.rubric, c.scenario);
        const score = 'criteria' in out ? out.overallScore : null;
        if (score === null) failures++;
        runs[level].push(score);
      }
    }
    const scores = Object.fromEntries(
      LEVELS.map((l) => [l, mean(runs[l].filter((x): x is number => x !== null))]),
    ) as Record<Level, number | null>;
    const spread = Math.max(
      0,
      ...LEVELS.map((l) => {
        const xs = runs[l].filter((x): x is number => x !== null);
        return xs.length < 2 ? 0 : Math.max(...xs) - Math.min(...xs);
      }),
    );
    const { strong, medium, weak } = scores;
    const ordered = strong !== null && medium !== null && weak !== null && strong > medium && medium > weak;
    results.push({ id: c.id, domain: c.domain, runs, scores, ordered, spread });
  }
  const count = (f: (r: ConversationResult) => boolean) => results.filter(f).length;
  return {
    conversations: results.length,
    ordered: count((r) => r.ordered),
    strongHigh: count((r) => (r.scores.strong ?? -1) >= TARGETS.strongAtLeast),
    weakLow: count((r) => r.scores.weak !== null && r.scores.weak <= TARGETS.weakAtMost),
    gap: count(
      (r) =>
        r.scores.strong !== null && r.scores.weak !== null && r.scores.strong - r.scores.weak >= TARGETS.gap,
    ),
    spread: Math.round(Math.max(0, ...results.map((r) => r.spread)) * 10) / 10,
    failures,
    results,
  };
}

/** Whether a summary meets the targets (≥ 90 % of conversations on each, spread 0). */
export function meetsTargets(
  s: CalibrationSummary,
): Record<'ordered' | 'strongHigh' | 'weakLow' | 'gap' | 'spread', boolean> {
  const share = (n: number) => n >= Math.ceil(TARGETS.share * s.conversations);
  return {
    ordered: share(s.ordered),
    strongHigh: share(s.strongHigh),
    weakLow: share(s.weakLow),
    gap: share(s.gap),
    spread: s.spread === 0,
  };
}
