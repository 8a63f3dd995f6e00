import { z } from 'zod';
import { MAX_RUBRIC_CRITERIA, MAX_TRANSCRIPT_LENGTH } from '../domain/limits.js';

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
});
export type SpeechAnalytics = z.infer<typeof speechAnalytics>;

/** A successful evaluation as stored on the interview and returned by the evaluate endpoints. */
export const evaluationResult = z.object({
  criteria: z.array(criterionScore),
  overallScore: z.number().nullable(),
  analytics: speechAnalytics.optional(),
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
} as const;

export const evaluateByRubricRequest = z.object({
  transcript: z.string().max(MAX_TRANSCRIPT_LENGTH),
  /** an interviewer id (its rubric) or a rubrics-table id; numeric strings are accepted */
  rubricId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const evaluateByCriteriaRequest = z.object({
  transcript: z.string().max(MAX_TRANSCRIPT_LENGTH),
  voiceId: z.string().max(200).optional(),
  role: z.string().max(500).optional(),
  rubricCriteria: rubricCriteriaList,
});
