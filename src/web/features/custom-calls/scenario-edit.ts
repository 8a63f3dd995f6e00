// Editing one's own custom scenario: the form's draft from the stored scenario, the check before
// saving (the spec's wording: a name, then 'Please ensure both prompt and rubric are complete.'),
// and the PATCH body with the user-facing fields only (never owner or kind).
import type { Interviewer, InterviewerPatchRequest } from '@shared/contracts/scenarios';
import type { VoiceId } from '@shared/domain/limits';
import { personaRequestParts, promptOrRubricProblem } from './review-draft';

export type EditDraft = {
  name: string;
  role: string;
  company: string;
  bio: string;
  voiceId: VoiceId;
  welcomeMessage: string;
  systemPrompt: string;
  rubricName: string;
  criteria: { name: string; description: string }[];
  /** one question per line */
  questionsText: string;
};

export const NAME_REQUIRED = 'Name is required';

/** Only the owner's own custom scenario offers Edit and Delete. */
export const isOwnCustomScenario = (scenario: Interviewer, userId: number | null | undefined) =>
  scenario.isCustomScenario && userId != null && scenario.userId === userId;

export function toEditDraft(s: Interviewer): EditDraft {
  return {
    name: s.name,
    role: s.role,
    company: s.company,
    bio: s.bio,
    voiceId: s.voiceId === 'sarah' ? 'sarah' : 'michael',
    welcomeMessage: s.welcomeMessage,
    systemPrompt: s.systemPrompt,
    rubricName: s.rubricName,
    criteria: s.rubricCriteria.map((c) => ({ ...c })),
    questionsText: s.sampleQuestions.join('\n'),
  };
}

/** The message to show, or null when the draft can be saved. */
export function editProblem(draft: EditDraft): string | null {
  if (draft.name.trim() === '') return NAME_REQUIRED;
  return promptOrRubricProblem(draft);
}

export function toPatchRequest(draft: EditDraft): InterviewerPatchRequest {
  return {
    name: draft.name.trim(),
    role: draft.role.trim(),
    company: draft.company.trim(),
    bio: draft.bio.trim(),
    voiceId: draft.voiceId,
    ...personaRequestParts(draft),
  };
}
