// POST /api/custom-calls/generate (spec: core-experience §3 "Custom generation result", §5, §7).
import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_RUBRIC_CRITERIA, MAX_TEXT_LENGTH } from '../domain/limits.js';
import { TEMPERAMENTS } from '../domain/temperament.js';

export const customCallMessages = {
  missingFields: 'Please provide all required information: your context, persona details, and scenario.',
  invalidResponse: 'Invalid response structure',
  invalidRubric: 'Invalid rubric structure from server',
  confirmIncomplete: 'Please ensure both prompt and rubric are complete.',
} as const;

/**
 * Each text's upper bound: well past the 500-word guidance maximum, and small enough that the
 * three together fit in a scenario's system prompt (MAX_TEXT_LENGTH).
 */
export const MAX_SETUP_TEXT_LENGTH = 6_000;
const setupText = z
  .string()
  .max(
    MAX_SETUP_TEXT_LENGTH,
    `Please keep each text under ${MAX_SETUP_TEXT_LENGTH.toLocaleString('en-US')} characters`,
  )
  .optional();

/** Fields are optional strings here so a blank or missing one gets the spec's one message. */
export const generateCustomCallRequest = z.object({
  userContext: setupText,
  personaDetails: setupText,
  scenarioDetails: setupText,
  /** the voice chosen at setup, when chosen before generating: an invented persona name matches it */
  voiceId: z.enum(['michael', 'sarah']).optional(),
});
export type GenerateCustomCallRequest = z.infer<typeof generateCustomCallRequest>;

export const generatedCriterion = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000),
});

export const generatedRubric = z.object({
  name: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  criteria: z.array(generatedCriterion).min(1).max(MAX_RUBRIC_CRITERIA),
});

export const customCallGeneration = z.object({
  systemPrompt: z.string().trim().min(1).max(MAX_TEXT_LENGTH),
  rubric: generatedRubric,
  sampleQuestions: z.array(z.string().trim().min(1).max(1000)).max(20),
  /** additions to the spec's result, used as editable defaults on review: the persona's name (the
   * one the texts give, else a plausible invented one; null only from a model that gave none), the
   * scenario's name, the persona's role and organisation (the spec's defaults 'Custom Interviewer'
   * and 'User Created' when the texts name none), its temperament (also stated on the system
   * prompt's `Temperament:` line) and the line the persona opens the call with */
  personaName: z.string().trim().max(MAX_NAME_LENGTH).nullable(),
  scenarioName: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  role: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  company: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  temperament: z.enum(TEMPERAMENTS),
  welcomeMessage: z.string().trim().max(4000),
  /** how the result was written: the built-in generator or the configured model */
  generator: z.enum(['built-in', 'model']),
});
export type CustomCallGeneration = z.infer<typeof customCallGeneration>;
