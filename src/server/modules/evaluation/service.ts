// Evaluates a finished call's transcript against its rubric: with the configured model when an
// OpenAI-compatible endpoint is set, else with the built-in evaluator. Provider trouble never
// throws: the caller gets the spec's error form and stores it, so the call ends
// completed_with_errors.
import type { EvaluationOutcome } from '../../../shared/contracts/evaluation.js';
import { evaluationMessages } from '../../../shared/contracts/evaluation.js';
import { analyseTurns } from '../../../shared/domain/speech-analytics.js';
import type { TimedUtterance } from '../../../shared/domain/transcript.js';
import { candidateText, parseTranscript } from '../../../shared/domain/transcript.js';
import type { AppDeps } from '../../deps.js';
import { createLlmClient } from '../../providers/llm/openai-client.js';
import { getModelSettings } from '../settings/service.js';
import { evaluateBuiltin } from './builtin-evaluator.js';
import { EVALUATION_FAILED, evaluateWithModel } from './model-evaluator.js';

export { EVALUATION_FAILED };

export type EvaluateTranscriptInput = {
  transcript: string;
  rubricCriteria: { name: string; description: string }[];
  role?: string;
  utterances?: TimedUtterance[];
};

export const NOTHING_TO_EVALUATE = 'The candidate said nothing that could be evaluated.';

export async function evaluateTranscript(
  deps: AppDeps,
  input: EvaluateTranscriptInput,
): Promise<EvaluationOutcome> {
  if (input.rubricCriteria.length === 0) {
    return { error: EVALUATION_FAILED, message: evaluationMessages.noRubric };
  }
  const turns = parseTranscript(input.transcript);
  if (candidateText(turns).trim() === '') {
    return { error: EVALUATION_FAILED, message: NOTHING_TO_EVALUATE };
  }
  const client = createLlmClient(deps.config);
  if (!client) return evaluateBuiltin(input);

  const settings = await getModelSettings(deps);
  return evaluateWithModel(client, settings.evaluation, deps.config.LLM_TIMEOUT_MS, {
    turns,
    rubricCriteria: input.rubricCriteria,
    analytics: analyseTurns(turns, input.utterances),
    role: input.role,
  });
}
