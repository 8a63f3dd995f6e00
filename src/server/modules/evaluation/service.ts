// Evaluates a finished call's transcript against its rubric: with the configured model when an
// OpenAI-compatible endpoint is set, else with the built-in evaluator on its worker thread
// (builtin-evaluator-thread.ts). Provider trouble never throws: the caller gets the spec's error
// form and stores it, so the call ends completed_with_errors.
import type { EvaluationOutcome } from '../../../shared/contracts/evaluation.js';
import { evaluationMessages } from '../../../shared/contracts/evaluation.js';
import { analyseTurns } from '../../../shared/domain/speech-analytics.js';
import type { TimedUtterance, Turn } from '../../../shared/domain/transcript.js';
import { candidateText, parseTranscript } from '../../../shared/domain/transcript.js';
import type { ScoredAgainst } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { WorkerClosedError, WorkerCrashedError } from '../../workers/dedicated-worker.js';
import { getModelSettings } from '../settings/service.js';
import { type EvaluationPriority, evaluateOffThread } from './builtin-evaluator-thread.js';
import { EVALUATION_FAILED, evaluateWithModel } from './model-evaluator.js';
import type { ApproximateLine } from './signals.js';

export { EVALUATION_FAILED };

export type EvaluateTranscriptInput = {
  transcript: string;
  rubricCriteria: { name: string; description: string }[];
  role?: string;
  /** what the call is about (the scenario's role, brief and questions: scenarioSubject); the role
   * when absent */
  subject?: string;
  utterances?: TimedUtterance[];
  /** the scenario's brief (its system prompt): the figures its persona bargains over, for the deal */
  brief?: string;
  /** user lines whose text came from the built-in recogniser, with its confidence (0..1); when
   * absent, the utterances that carry a confidence are used */
  approximate?: ApproximateLine[];
  /** a call's evaluation (the default) goes before one asked for through the evaluate endpoints */
  priority?: EvaluationPriority;
};

/** What a scenario's call is about, for the built-in evaluator to tell the fields of work that are
 * its own (answers learnt for another call count as about something else): who the persona is,
 * the kind of call, its brief and its questions. */
export function scenarioSubject(s: {
  role: string;
  company: string;
  callType: string;
  bio: string;
  systemPrompt: string;
  sampleQuestions: readonly string[];
}): string {
  // the short parts first: the evaluator reads the first 4,000 characters
  return [`${s.role} at ${s.company}`, s.callType, ...s.sampleQuestions, s.bio, s.systemPrompt].join('\n');
}

/**
 * What a call is scored against: the copy of its scenario it was started with (interviews.
 * scored_against), else, for a call started before there was one, its scenario as it is now.
 */
export function scoringOf(stored: ScoredAgainst | null, scenario: ScoredAgainst) {
  const s = stored ?? scenario;
  return {
    rubricCriteria: s.rubricCriteria,
    role: s.role,
    subject: scenarioSubject(s),
    brief: s.systemPrompt,
  };
}

/** The user's lines the built-in recogniser heard, with how sure it was. */
export function approximateLines(utterances: readonly TimedUtterance[] = []): ApproximateLine[] {
  return utterances
    .filter((u) => u.speaker === 'user' && typeof u.confidence === 'number' && u.text.trim() !== '')
    .map((u) => ({ text: u.text, confidence: u.confidence as number }));
}

export const NOTHING_TO_EVALUATE = 'The candidate said nothing that could be evaluated.';
/** the built-in evaluator's thread failed twice, or the server stopped it while shutting down */
export const BUILTIN_EVALUATOR_FAILED =
  'The built-in evaluator stopped before it finished; re-evaluate the call.';

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
  const outcome = await evaluateBy(deps, input, turns);
  if ('error' in outcome || !input.brief) return outcome;
  // what the call's bargaining came to, whichever evaluator scored it
  const deal = deps.deals(input.brief, turns);
  return deal ? { ...outcome, deal } : outcome;
}

async function evaluateBy(
  deps: AppDeps,
  input: EvaluateTranscriptInput,
  turns: Turn[],
): Promise<EvaluationOutcome> {
  const client = deps.llm;
  if (!client) {
    try {
      const { priority, ...rest } = input;
      return await evaluateOffThread(
        {
          ...rest,
          subject: input.subject ?? input.role,
          approximate: input.approximate ?? approximateLines(input.utterances),
        },
        priority,
      );
    } catch (err) {
      // the thread's own end: the call can be scored again. Anything else (a fault in the
      // evaluator) reaches the caller, as it did on the main thread (end-call's evaluateSafely).
      if (err instanceof WorkerCrashedError || err instanceof WorkerClosedError) {
        return { error: EVALUATION_FAILED, message: BUILTIN_EVALUATOR_FAILED };
      }
      throw err;
    }
  }

  const settings = await getModelSettings(deps);
  return evaluateWithModel(client, settings.evaluation, deps.config.LLM_TIMEOUT_MS, {
    turns,
    rubricCriteria: input.rubricCriteria,
    analytics: analyseTurns(turns, input.utterances),
    role: input.role,
  });
}
