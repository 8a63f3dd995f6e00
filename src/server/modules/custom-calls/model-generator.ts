// Custom-scenario generation with the configured OpenAI-compatible model (generation settings:
// model, temperature 0.7, JSON output). The prompt asks for a persona specific to the description:
// its name, role, organisation and temperament, questions about what the description names and an
// opening line in character. The answer is checked for the spec's structure: a systemPrompt and a
// rubric with a name and a criteria array; sample questions fall back to the three placeholders
// when the model gives none. What the model leaves out (name, role, organisation, temperament)
// comes from the built-in generator's reading of the same texts, then the spec's defaults; the
// system prompt always ends up stating `Temperament: …` for the live persona engine.
import { z } from 'zod';
import { type CustomCallGeneration, customCallMessages } from '../../../shared/contracts/custom-calls.js';
import type { ModelTaskSettings } from '../../../shared/contracts/settings.js';
import { MAX_NAME_LENGTH, MAX_RUBRIC_CRITERIA, MAX_TEXT_LENGTH } from '../../../shared/domain/limits.js';
import {
  statedTemperament,
  TEMPERAMENTS,
  type Temperament,
  temperamentLine,
} from '../../../shared/domain/temperament.js';
import { completeJson } from '../../providers/llm/complete-json.js';
import type { LlmClient } from '../../providers/llm/openai-client.js';
import { structuredOutputSchema } from '../../providers/llm/structured-output.js';
import { CUSTOM_DEFAULTS } from '../scenarios/scenario-fields.js';
import { classifyConversation, type GenerationInput, welcomeFor } from './builtin-generator.js';
import { isTemperament, personaFacts } from './persona-facts.js';

const SYSTEM_PROMPT = `You design voice role-play practice scenarios. From the user's description of themselves, the persona they want to talk to and the scenario, write a persona specific to that description:
- "personaName": the persona's full name as the description gives it; if it gives none, invent a plausible full name that fits the persona (never a job title, never "Custom Interviewer").
- "role": the persona's job title or role as the description gives it (for example "CTO" or "Nurse Manager"), or null if it names none.
- "company": the organisation the description names for the persona, or null if it names none (do not invent one).
- "temperament": exactly one of ${TEMPERAMENTS.map((t) => `"${t}"`).join(', ')}: how the description portrays the persona.
- "systemPrompt": instructions for a voice AI that plays the persona, written in the second person ("You are …"), 150 to 300 words. Include who the persona is, the situation, what the persona wants, how hard to push, and these voice rules: stay in character, never mention being an AI, ask one question at a time, keep every reply to one to three spoken sentences with no lists or markdown. Put the temperament on a line of its own, exactly "Temperament: <temperament>", and say the persona keeps that temperament from its first line to its last.
- "rubric": {"name": "…", "criteria": [{"name": "…", "description": "…"}]} with 3 to ${MAX_RUBRIC_CRITERIA} criteria that fit this kind of conversation, each description one sentence saying what good looks like.
- "sampleQuestions": 3 to 6 questions the persona will ask, each about something the description itself names (what happened, the people, the numbers, what is at stake, what happens next), in the persona's temperament. Never generic questions such as "Can you walk me through the situation from your side?".
- "welcomeMessage": the persona's short opening line, in character and in its temperament (an angry persona is curt and thanks nobody; a friendly one is warm).
Answer with JSON only.`;

/**
 * The answer the model is asked for: the generation contract's fields as plain types (the
 * contract's length limits are applied while parsing, and strict structured output does not take
 * them), with null allowed where the model may know nothing. Its strict JSON schema is generated
 * from it; the answer itself is read leniently by answerSchema below.
 */
const requestedAnswer = z.object({
  systemPrompt: z.string(),
  rubric: z.object({
    name: z.string(),
    criteria: z.array(z.object({ name: z.string(), description: z.string() })),
  }),
  sampleQuestions: z.array(z.string()),
  personaName: z.string().nullable(),
  role: z.string().nullable(),
  company: z.string().nullable(),
  temperament: z.enum(TEMPERAMENTS),
  welcomeMessage: z.string(),
}) satisfies z.ZodType<Omit<ModelAnswer, 'generator' | 'temperament'> & { temperament: Temperament }>;

export const GENERATION_JSON_SCHEMA = structuredOutputSchema(requestedAnswer);

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const name = (v: unknown) => text(v).slice(0, MAX_NAME_LENGTH) || null;

/** The model's answer, checked; what it left out is filled in by generateWithModel. */
type ModelAnswer = Omit<
  CustomCallGeneration,
  'personaName' | 'scenarioName' | 'role' | 'company' | 'temperament'
> & {
  personaName: string | null;
  role: string | null;
  company: string | null;
  temperament: Temperament | null;
};

/**
 * The spec's structural check, as a schema so a failing answer gets one repair attempt with the
 * reason: the issue message is the spec's own text, which the caller reads back.
 */
const answerSchema = z.unknown().transform((v, ctx): ModelAnswer => {
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
  const temperament = text(o.temperament).toLowerCase();
  return {
    systemPrompt: text(o.systemPrompt).slice(0, MAX_TEXT_LENGTH),
    rubric: { name: text(rubric.name).slice(0, 200), criteria: criteria.slice(0, MAX_RUBRIC_CRITERIA) },
    sampleQuestions: questions.length > 0 ? questions.slice(0, 20) : [...CUSTOM_DEFAULTS.sampleQuestions],
    personaName: name(o.personaName),
    role: name(o.role),
    company: name(o.company),
    temperament: isTemperament(temperament) ? temperament : null,
    welcomeMessage: text(o.welcomeMessage).slice(0, 4000),
    generator: 'model',
  };
});

/**
 * The model's answer completed from the built-in reading of the same texts: a name (found or
 * invented), role and organisation (else the spec's defaults), the temperament, stated on the
 * system prompt's `Temperament:` line when the model did not write one.
 */
export function completeAnswer(answer: ModelAnswer, input: GenerationInput): CustomCallGeneration {
  const facts = personaFacts(input, classifyConversation(input), input.voiceId);
  const stated = statedTemperament(answer.systemPrompt);
  const temperament = stated ?? answer.temperament ?? facts.temperament;
  const line = temperamentLine(temperament);
  const systemPrompt = stated
    ? answer.systemPrompt
    : `${answer.systemPrompt.slice(0, MAX_TEXT_LENGTH - line.length - 2).trimEnd()}\n\n${line}`;
  const personaName = answer.personaName ?? facts.name;
  const address = answer.personaName
    ? (answer.personaName.split(' ')[0] ?? answer.personaName)
    : facts.address;
  return {
    ...answer,
    systemPrompt,
    personaName,
    scenarioName: answer.personaName ?? (facts.title ? `${facts.title} ${facts.name}` : facts.name),
    role: answer.role ?? facts.role,
    company: answer.company ?? facts.company,
    temperament,
    welcomeMessage: answer.welcomeMessage || welcomeFor(address, temperament),
  };
}

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
    jsonSchema: { name: 'custom_scenario', schema: GENERATION_JSON_SCHEMA },
    model: settings.model,
    temperature: settings.temperature,
    jsonOutput: settings.jsonOutput,
    timeoutMs,
  });
  if (outcome.ok) return { ok: true, value: completeAnswer(outcome.value, input) };
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
