// The review step's editable draft: built from a generation, checked on confirm (spec §5:
// 'Please ensure both prompt and rubric are complete.' and a voice), turned into the
// POST /api/interviewers body for the caller's own custom scenario.
import {
  type CustomCallGeneration,
  customCallMessages,
  type GenerateCustomCallRequest,
} from '@shared/contracts/custom-calls';
import type { InterviewerWriteRequest } from '@shared/contracts/scenarios';
import type { VoiceId } from '@shared/domain/limits';
import { phraseName } from '@shared/domain/scenario-name';

/** The generate request's three texts, held as (possibly empty) strings while being typed. */
export type SetupFields = Required<
  Pick<GenerateCustomCallRequest, 'userContext' | 'personaDetails' | 'scenarioDetails'>
>;

export type ReviewDraft = {
  name: string;
  role: string;
  company: string;
  systemPrompt: string;
  welcomeMessage: string;
  rubricName: string;
  criteria: { name: string; description: string }[];
  /** one question per line, as the user edits them */
  questionsText: string;
};

export const VOICE_REQUIRED = 'Please choose a voice for your persona.';

/**
 * The generated scenario name (the persona's name), else the persona's name, else the start of the
 * persona description cut where a phrase ends, never mid-phrase.
 */
export function scenarioName(generation: CustomCallGeneration, personaDetails: string): string {
  return (
    generation.scenarioName?.trim() ||
    generation.personaName?.trim() ||
    phraseName(personaDetails) ||
    'Custom Scenario'
  );
}

export function draftFromGeneration(generation: CustomCallGeneration, setup: SetupFields): ReviewDraft {
  return {
    name: scenarioName(generation, setup.personaDetails),
    role: generation.role,
    company: generation.company,
    systemPrompt: generation.systemPrompt,
    welcomeMessage: generation.welcomeMessage,
    rubricName: generation.rubric.name,
    criteria: generation.rubric.criteria.map((c) => ({ ...c })),
    questionsText: generation.sampleQuestions.join('\n'),
  };
}

export const questionLines = (text: string) =>
  text
    .split('\n')
    .map((q) => q.trim())
    .filter((q) => q !== '');

/** The persona's behaviour and grading, as both the review and the edit form hold them. */
type PersonaParts = Pick<
  ReviewDraft,
  'welcomeMessage' | 'systemPrompt' | 'rubricName' | 'criteria' | 'questionsText'
>;

/** The spec's "both prompt and rubric" check: a prompt, a rubric name, and named criteria. */
export function promptOrRubricProblem(draft: PersonaParts): string | null {
  const rubricComplete =
    draft.rubricName.trim() !== '' &&
    draft.criteria.length > 0 &&
    draft.criteria.every((c) => c.name.trim() !== '');
  return draft.systemPrompt.trim() === '' || !rubricComplete ? customCallMessages.confirmIncomplete : null;
}

/** Those parts as a create or patch request carries them, trimmed. */
export function personaRequestParts(draft: PersonaParts) {
  return {
    welcomeMessage: draft.welcomeMessage.trim(),
    systemPrompt: draft.systemPrompt.trim(),
    rubricName: draft.rubricName.trim(),
    rubricCriteria: draft.criteria.map((c) => ({ name: c.name.trim(), description: c.description.trim() })),
    sampleQuestions: questionLines(draft.questionsText),
  };
}

/** The rubric editor's props, bound to a draft's rubric fields. */
export function rubricEditorProps(
  draft: Pick<PersonaParts, 'rubricName' | 'criteria'>,
  set: {
    (key: 'rubricName', value: string): void;
    (key: 'criteria', value: PersonaParts['criteria']): void;
  },
) {
  return {
    name: draft.rubricName,
    criteria: draft.criteria,
    onNameChange: (v: string) => set('rubricName', v),
    onCriteriaChange: (v: PersonaParts['criteria']) => set('criteria', v),
  };
}

/** The message to show, or null when the draft can be created. */
export function confirmProblem(draft: ReviewDraft, voice: VoiceId | null): string | null {
  const problem = promptOrRubricProblem(draft);
  if (problem) return problem;
  if (!voice) return VOICE_REQUIRED;
  return null;
}

export function toCreateRequest(
  draft: ReviewDraft,
  voice: VoiceId,
  setup: SetupFields,
): InterviewerWriteRequest {
  return {
    name: draft.name.trim() || 'Custom Scenario',
    role: draft.role.trim(),
    company: draft.company.trim(),
    voiceId: voice,
    bio: setup.personaDetails.trim().slice(0, 2000),
    ...personaRequestParts(draft),
  };
}
