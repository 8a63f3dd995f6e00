// Custom-scenario generation with the configured OpenAI-compatible model (generation settings:
// model, temperature 0.7, JSON output). The answer is checked for the spec's structure: a
// systemPrompt and a rubric with a name and a criteria array; sample questions fall back to the
// three placeholders when the model gives none.
import { z } from 'zod';
import { type CustomCallGeneration, customCallMessages } from '../../../shared/contracts/custom-calls.js';
import type { ModelTaskSettings } from '../../../shared/contracts/settings.js';
import { MAX_RUBRIC_CRITERIA, MAX_TEXT_LENGTH } from '../../../shared/domain/limits.js';
import { completeJson } from '../../providers/llm/complete-json.js';
import type { LlmClient } from '../../providers/llm/openai-client.js';
import { CUSTOM_DEFAULTS } from '../interviewers/service.js';
import { type GenerationInput, personaName, welcomeFor } from './builtin-generator.js';

const SYSTEM_PROMPT = `You design voice role-play practice scenarios. From the user's description of themselves, the persona they want to talk to and the scenario, write:
- "systemPrompt": instructions for a voice AI that plays the persona, written in the second person ("You are …"), 150 to 300 words. Include who the persona is, the situation, what the persona wants, how hard to push, and these voice rules: stay in character, never mention being an AI, ask one question at a time, keep every reply to one to three spoken sentences with no lists or markdown.
- "rubric": {"name": "…", "criteria": [{"name": "…", "description": "…"}]} with 3 to ${MAX_RUBRIC_CRITERIA} criteria that fit this kind of conversation, each description one sentence saying what good looks like.
- "sampleQuestions": 3 to 6 questions or lines the persona will say, drawn from the scenario's specifics.
- "personaName": the persona's first name, or null if none fits.
- "welcomeMessage": the persona's short opening line.
Answer with JSON only.`;

const JSON_SCHEMA = {
  type: 'object',
  properties: {
    systemPrompt: { type: 'string' },
    rubric: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        criteria: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, description: { type: 'string' } },
            required: ['name', 'description'],
            additionalProperties: false,
          },
        },
      },
      required: ['name', 'criteria'],
      additionalProperties: false,
    },
    sampleQuestions: { type: 'array', items: { type: 'string' } },
    personaName: { type: ['string', 'null'] },
    welcomeMessage: { type: 'string' },
  },
  required: ['systemPrompt', 'rubric', 'sampleQuestions', 'personaName', 'welcomeMessage'],
  additionalProperties: false,
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The spec's structural check, as a schema so a failing answer gets one repair attempt with the
 * reason: the issue message is the spec's own text, which the caller reads back.
 */
const answerSchema = z.unknown().transform((v, ctx): CustomCallGeneration => {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const rubric = (o.rubric && typeof o.rubric === 'object' ? o.rubric : null) as Record<
    string,
    unknown
  > | null;
  if (text(o.systemPrompt) === '' || !rubric) {
    ctx.addIssue({ code: 'custom', message: customCallMessages.invalidResponse });
    return z.NEVER;
  }
  const criteria = Array.isArray(rubric.criteria)
    ? rubric.criteria
        .map((c) => (c && typeof c === 'object' ? (c as Record<string, unknown>) : {}))
        .map((c) => ({ name: text(c.name).slice(0, 200), description: text(c.description).slice(0, 2000) }))
        .filter((c) => c.name !== '')
    : [];
  if (text(rubric.name) === '' || criteria.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['rubric'], message: customCallMessages.invalidRubric });
    return z.NEVER;
  }
  const questions = Array.isArray(o.sampleQuestions)
    ? o.sampleQuestions
        .map(text)
        .filter((q) => q !== '')
        .map((q) => q.slice(0, 1000))
    : [];
  const name = text(o.personaName).slice(0, 200) || null;
  return {
    systemPrompt: text(o.systemPrompt).slice(0, MAX_TEXT_LENGTH),
    rubric: { name: text(rubric.name).slice(0, 200), criteria: criteria.slice(0, MAX_RUBRIC_CRITERIA) },
    sampleQuestions: questions.length > 0 ? questions.slice(0, 20) : [...CUSTOM_DEFAULTS.sampleQuestions],
    personaName: name,
    welcomeMessage: text(o.welcomeMessage).slice(0, 4000) || welcomeFor(name),
    generator: 'model',
  };
});

export type ModelGenerationFailure = { ok: false; message: string; detail: string; structural: boolean };

export async function generateWithModel(
  client: LlmClient,
  settings: ModelTaskSettings,
  timeoutMs: number,
  input: GenerationInput,
): Promise<{ ok: true; value: CustomCallGeneration } | ModelGenerationFailure> {
  const outcome = await completeJson(client, {
    system: SYSTEM_PROMPT,
    user: [
      `About the user:\n${input.userContext.trim()}`,
      `Persona details:\n${input.personaDetails.trim()}`,
      `Scenario:\n${input.scenarioDetails.trim()}`,
    ].join('\n\n'),
    schema: answerSchema,
    jsonSchema: { name: 'custom_scenario', schema: JSON_SCHEMA },
    model: settings.model,
    temperature: settings.temperature,
    jsonOutput: settings.jsonOutput,
    timeoutMs,
  });
  if (outcome.ok) {
    const value = outcome.value;
    return {
      ok: true,
      value: { ...value, personaName: value.personaName ?? personaName(input.personaDetails) },
    };
  }
  if (outcome.reason === 'invalid') {
    const rubric = outcome.message.includes(customCallMessages.invalidRubric);
    return {
      ok: false,
      structural: true,
      message: rubric ? customCallMessages.invalidRubric : customCallMessages.invalidResponse,
      detail: outcome.message,
    };
  }
  if (outcome.reason === 'not-json') {
    return {
      ok: false,
      structural: true,
      message: customCallMessages.invalidResponse,
      detail: outcome.message,
    };
  }
  return { ok: false, structural: false, message: outcome.message, detail: outcome.message };
}
