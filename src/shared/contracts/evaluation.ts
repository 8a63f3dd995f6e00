import { z } from 'zod';
import { MAX_RUBRIC_CRITERIA } from '../domain/limits.js';

export const rubricCriterion = z.object({
  name: z.string().trim().min(1, 'Criterion name is required').max(200),
  description: z.string().trim().max(2000).default(''),
});
export type RubricCriterionInput = z.infer<typeof rubricCriterion>;

export const rubricCriteriaList = z
  .array(rubricCriterion)
  .max(MAX_RUBRIC_CRITERIA, `A rubric has at most ${MAX_RUBRIC_CRITERIA} criteria`);

/** One scored criterion (spec: name, score 0–10, feedback, optional rationale). */
export const criterionScore = z.object({
  name: z.string(),
  score: z.number().min(0).max(10),
  feedback: z.string(),
  rationale: z.string().optional(),
});
export type CriterionScore = z.infer<typeof criterionScore>;

/** Figures the built-in analytics measure from the transcript and utterance timings
 * (see shared/domain/speech-analytics.ts for how each is counted). */
export const speechAnalytics = z.object({
  candidateWords: z.number(),
  interviewerWords: z.number(),
  talkRatio: z.number().describe('candidate share of talk time when timings exist, else of words; 0–1'),
  talkRatioBasis: z.enum(['time', 'words']).optional(),
  wordsPerMinute: z.number().nullable().describe('null when the call has no utterance timings'),
  speakingSeconds: z.number().nullable().optional(),
  fillerCount: z.number(),
  fillersPer100Words: z.number(),
  topFillers: z.array(z.object({ word: z.string(), count: z.number() })),
  answerCount: z.number(),
  questionsAsked: z.number().describe('questions the interviewer asked'),
  questionsAnswered: z.number().optional().describe('of those, answered with at least five words'),
  candidateQuestions: z.number().optional().describe('questions the candidate asked'),
  averageAnswerWords: z.number(),
  longestAnswerWords: z.number(),
  longestAnswerSeconds: z.number().nullable(),
  evidenceCount: z.number().describe('candidate sentences holding a concrete figure or named result'),
  structureMarkers: z.number().describe('situation–task–action–result phrases used'),
  starComponents: z
    .object({ situation: z.boolean(), task: z.boolean(), action: z.boolean(), result: z.boolean() })
    .optional(),
  hedgeCount: z.number(),
  hedgesPer100Words: z.number().optional(),
  unclearWords: z
    .number()
    .optional()
    .describe('candidate words the built-in recogniser heard with under 50% confidence (absent: none)'),
});
export type SpeechAnalytics = z.infer<typeof speechAnalytics>;

/** One figure of a scenario's brief the persona bargained over, as the call left it. */
export const dealTerm = z.object({
  name: z.string().nullable().describe('what the brief calls it ("base salary"), if it names it'),
  unit: z.string().nullable().describe('what it is counted in ("per tonne")'),
  percent: z.boolean(),
  gives: z
    .union([z.literal(1), z.literal(-1)])
    .describe('1: the persona pays it (more is better for the user); -1: the persona is paid it'),
  opening: z.number().describe('where the persona stood as the call started'),
  reached: z.number().describe('the figure agreed, else the persona’s offer as the call ended'),
  agreed: z.boolean(),
  asked: z.boolean().describe('whether the user asked for a figure on it'),
  reach: z.number().describe('how far the persona could go without its brief’s conditions'),
  furthest: z.number().describe('how far it could go with them met'),
  condition: z
    .string()
    .nullable()
    .describe('what takes it from reach to furthest ("sign a 12-month contract")'),
  conditionMet: z.boolean(),
});
export type DealTerm = z.infer<typeof dealTerm>;

/** What a call's bargaining came to, against what the persona's brief allowed (decision 025). */
export const deal = z.object({
  closed: z.boolean().describe('whether a deal was made in the call'),
  terms: z.array(dealTerm),
  levers: z
    .array(z.object({ say: z.string(), granted: z.boolean() }))
    .describe('what else the brief let the persona give ("an extra equity grant"), and whether it did'),
  requests: z
    .array(z.string())
    .default([])
    .describe(
      'what the user asked for that the brief gave the persona no say over, left open ("two remote days a week")',
    ),
});
export type Deal = z.infer<typeof deal>;

/** A successful evaluation as stored on the interview and returned by the evaluate endpoints. */
export const evaluationResult = z.object({
  criteria: z.array(criterionScore),
  overallScore: z.number().nullable(),
  analytics: speechAnalytics.optional(),
  /** a call whose scenario gives the persona figures to bargain over, read as the built-in persona bargains */
  deal: deal.optional(),
  evaluator: z.string().describe('which evaluator produced it: "built-in" or "model:<name>"'),
});
export type EvaluationResult = z.infer<typeof evaluationResult>;

/** The spec's error form. */
export const evaluationError = z.object({ error: z.string(), message: z.string() });
export type EvaluationError = z.infer<typeof evaluationError>;

export const evaluationOutcome = z.union([evaluationResult, evaluationError]);
export type EvaluationOutcome = z.infer<typeof evaluationOutcome>;

export const evaluationMessages = {
  emptyTranscript: 'Transcript is required',
  noRubric: 'No rubric available',
  noInterview: 'No active interview',
  /** a call ended before the user said anything: nothing to score, and its credit is given back */
  nothingSaidInCall:
    'You ended the call before answering, so there was nothing to score. No credit was used for it.',
  /** a second evaluation asked for while the first is being scored */
  oneAtATime: 'An evaluation you asked for is still being scored. Try again when it has finished.',
  /** too many asked-for evaluations are waiting for the evaluator */
  evaluatorBusy: 'The evaluator is busy. Please try again in a minute.',
} as const;

/** the longest transcript the evaluate endpoints take: ten times a 30-minute call's */
export const MAX_EVALUATE_TRANSCRIPT_LENGTH = 300_000;

export const evaluateByRubricRequest = z.object({
  transcript: z.string().max(MAX_EVALUATE_TRANSCRIPT_LENGTH),
  /** an interviewer id (its rubric) or a rubrics-table id; numeric strings are accepted */
  rubricId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const evaluateByCriteriaRequest = z.object({
  transcript: z.string().max(MAX_EVALUATE_TRANSCRIPT_LENGTH),
  voiceId: z.string().max(200).optional(),
  role: z.string().max(500).optional(),
  rubricCriteria: rubricCriteriaList,
});
