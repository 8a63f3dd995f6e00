// POST /api/custom-calls/generate: the configured model writes the scenario when an
// OpenAI-compatible endpoint is set, else the built-in generator does. No silent fallback from a
// failing model to the built-in one (same rule as evaluation): the user is told what went wrong.
import {
  type CustomCallGeneration,
  customCallMessages,
  type GenerateCustomCallRequest,
} from '../../../shared/contracts/custom-calls.js';
import type { AppDeps } from '../../deps.js';
import { DomainError, invalid } from '../../errors.js';
import { getModelSettings } from '../settings/service.js';
import { type GenerationInput, generateBuiltin } from './builtin-generator.js';
import { generateWithModel } from './model-generator.js';

/** All three texts, trimmed, or the spec's one message naming them all. */
export function requireGenerationInput(body: GenerateCustomCallRequest): GenerationInput {
  const userContext = body.userContext?.trim() ?? '';
  const personaDetails = body.personaDetails?.trim() ?? '';
  const scenarioDetails = body.scenarioDetails?.trim() ?? '';
  if (!userContext || !personaDetails || !scenarioDetails) {
    const missing: Record<string, string> = {};
    if (!userContext) missing.userContext = customCallMessages.missingFields;
    if (!personaDetails) missing.personaDetails = customCallMessages.missingFields;
    if (!scenarioDetails) missing.scenarioDetails = customCallMessages.missingFields;
    throw invalid(customCallMessages.missingFields, missing);
  }
  return { userContext, personaDetails, scenarioDetails, ...(body.voiceId ? { voiceId: body.voiceId } : {}) };
}

/**
 * A model answer without the spec's structure is 422 with the spec's message (the request was
 * fine, the generated content was not usable); an unreachable or failing model is 503.
 */
export async function generateScenario(deps: AppDeps, input: GenerationInput): Promise<CustomCallGeneration> {
  const client = deps.llm;
  if (!client) {
    const { kind: _kind, ...result } = generateBuiltin(input);
    return result;
  }
  const settings = await getModelSettings(deps);
  const outcome = await generateWithModel(client, settings.generation, deps.config.LLM_TIMEOUT_MS, input);
  if (outcome.ok) return outcome.value;
  const kind = outcome.structural ? 'unprocessable' : 'unavailable';
  throw new DomainError(kind, outcome.message, { model: outcome.detail });
}
